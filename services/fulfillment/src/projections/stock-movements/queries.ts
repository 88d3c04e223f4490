import { sql, type FragmentSqlToken } from 'slonik';

/**
 * The kit movements of the request `f`, oldest first (fulfillmentStockMovementSchema's fields), as one JSON column
 * of the detail's row: read in the same statement as the request (and its refusal reason), so the answer never
 * shows a refusal without its reason.
 */
export const STOCK_MOVEMENTS_COLUMN: FragmentSqlToken = sql.fragment`
  coalesce((
    SELECT json_agg(json_build_object('type', m.type, 'item_id', m.item_id, 'quantity', m.quantity,
      'reason', m.reason,
      'occurred_at', to_char(m.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      ORDER BY m.item_version, m.occurred_at)
    FROM fulfillment_stock_movements m WHERE m.fulfillment_request_id = f.id), '[]'::json) AS stock_movements`;

/**
 * The reason inventory refused to hold the kit of the request `f`, while it waits for it (pending or assigned)
 * and its latest movement is that refusal (a refusal has a reason, a movement none); a column of the list's rows.
 */
export const REFUSAL_REASON_COLUMN: FragmentSqlToken = sql.fragment`
  CASE WHEN f.status IN ('pending', 'assigned') THEN (
    SELECT m.reason FROM fulfillment_stock_movements m WHERE m.fulfillment_request_id = f.id
    ORDER BY m.item_version DESC, m.occurred_at DESC LIMIT 1)
  END AS reservation_refused_reason`;
