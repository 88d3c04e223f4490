import {
  INVENTORY_ERRORS,
  INVENTORY_EVENT_SCHEMAS,
  INVENTORY_ITEM_SUBJECTS,
  parseEventData,
  type EventEnvelope,
  type FulfillmentStockMovementType,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** inventory's events that move (or refuse to hold) a fulfillment request's kit, and what each is to fulfillment. */
const MOVEMENT_TYPES: Readonly<Record<string, FulfillmentStockMovementType>> = {
  InventoryStockReserved: 'reserved',
  InventoryStockReleased: 'released',
  InventoryStockConsumed: 'consumed',
  InventoryReservationRefused: 'refused',
};

/**
 * fulfillment_stock_movements: what inventory did with each request's kit (issue 25 item 5), one row per
 * inventory event naming the request (docs/architecture.md §2, the fulfillment saga). Keyed by event id, so a
 * redelivery adds nothing; the item stream's version orders the movements of one kit.
 */
async function applyStockEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const type = MOVEMENT_TYPES[event.type];
  if (type === undefined) return;
  const data =
    event.type === 'InventoryReservationRefused'
      ? parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryReservationRefused', event.data)
      : parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryStockReserved', event.data);
  // A refusal's reason; a kit dispatched beyond the count names its shortfall, as the item's History does.
  const short =
    event.type === 'InventoryStockConsumed'
      ? parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryStockConsumed', event.data).short
      : undefined;
  const reason =
    'reason' in data ? data.reason : short === undefined ? null : INVENTORY_ERRORS.dispatchedBeyondCount(short);
  await db.query(sql.unsafe`
    INSERT INTO fulfillment_stock_movements (event_id, fulfillment_request_id, item_id, item_version, type, quantity,
      reason, occurred_at)
    VALUES (${event.id}, ${data.fulfillment_request_id}, ${data.itemId}, ${event.version}, ${type}, ${data.quantity},
      ${reason}, ${event.occurredAt}::timestamptz)
    ON CONFLICT (event_id) DO NOTHING`);
}

export const stockMovementsProjection: CrossServiceProjection = {
  name: 'stock-movements',
  version: 1,
  subjects: INVENTORY_ITEM_SUBJECTS,
  handles: Object.keys(MOVEMENT_TYPES),
  tables: ['fulfillment_stock_movements'],
  init: `
    CREATE TABLE IF NOT EXISTS fulfillment_stock_movements (
      event_id uuid PRIMARY KEY,
      fulfillment_request_id integer NOT NULL,
      item_id integer NOT NULL,
      item_version integer NOT NULL,
      type text NOT NULL,
      quantity integer NOT NULL,
      reason text,
      occurred_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS fulfillment_stock_movements_request_idx
      ON fulfillment_stock_movements (fulfillment_request_id, item_version);`,
  apply: applyStockEvent,
};
