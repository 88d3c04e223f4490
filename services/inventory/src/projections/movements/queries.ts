import { stockMovementSchema, type StockMovement } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** An item's movements, newest first, with who made them (null: the system or a user not described yet). */
export async function listMovements(
  db: CommonQueryMethods,
  itemId: number,
  page: { page: number; limit: number },
): Promise<{ movements: StockMovement[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.any(sql.type(stockMovementSchema)`
      SELECT m.event_id::text AS event_id, m.type, m.available_change, m.reserved_change, m.quantity_available,
             m.quantity_reserved, m.reason, m.fulfillment_request_id,
             CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS user_name,
             to_char(m.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at
      FROM inventory_movements m LEFT JOIN users u ON u.id = m.actor_id
      WHERE m.item_id = ${itemId}
      ORDER BY m.occurred_at DESC, m.event_id
      LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}`),
    db.oneFirst(sql.type(z.object({ count: z.number().int() }))`
      SELECT count(*)::int AS count FROM inventory_movements WHERE item_id = ${itemId}`),
  ]);
  return { movements: [...rows], total };
}
