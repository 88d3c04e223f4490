import { INVENTORY_ERRORS, INVENTORY_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * inventory_movements: one row per movement of an item's stock (the detail's History tab), with the signed change
 * of available and of reserved, the balance after it, the reason or fulfillment request behind it and who did it.
 * Keyed by event id, so a replay adds nothing.
 */
async function applyMovement(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  let row: {
    itemId: number;
    type: 'created' | 'adjusted' | 'reserved' | 'released' | 'consumed';
    available: number;
    reserved: number;
    quantityAvailable: number;
    quantityReserved: number;
    reason: string | null;
    fulfillmentRequestId: number | null;
  };
  switch (event.type) {
    case 'InventoryItemCreated': {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      row = {
        itemId: data.itemId,
        type: 'created',
        available: data.quantity_available,
        reserved: 0,
        quantityAvailable: data.quantity_available,
        quantityReserved: 0,
        reason: null,
        fulfillmentRequestId: null,
      };
      break;
    }
    case 'InventoryStockAdjusted': {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      row = {
        itemId: data.itemId,
        type: 'adjusted',
        available: data.adjustment,
        reserved: 0,
        quantityAvailable: data.quantity_available,
        quantityReserved: data.quantity_reserved,
        reason: data.reason,
        fulfillmentRequestId: null,
      };
      break;
    }
    case 'InventoryStockReserved':
    case 'InventoryStockReleased':
    case 'InventoryStockConsumed': {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      const kind =
        event.type === 'InventoryStockReserved'
          ? 'reserved'
          : event.type === 'InventoryStockReleased'
            ? 'released'
            : 'consumed';
      // units dispatched beyond the count left without lowering it (it had none of them): the reason says so
      const short = 'short' in data && data.short !== undefined ? data.short : 0;
      row = {
        itemId: data.itemId,
        type: kind,
        available: kind === 'consumed' ? -(data.quantity - short) : 0,
        // a consumption takes from the hold only what the request held (`held`; all of it in older events)
        reserved:
          kind === 'reserved'
            ? data.quantity
            : -('held' in data && data.held !== undefined ? data.held : data.quantity),
        quantityAvailable: data.quantity_available,
        quantityReserved: data.quantity_reserved,
        reason: short > 0 ? INVENTORY_ERRORS.dispatchedBeyondCount(short) : null,
        fulfillmentRequestId: data.fulfillment_request_id,
      };
      break;
    }
    default:
      return;
  }
  await db.query(sql.unsafe`
    INSERT INTO inventory_movements (event_id, item_id, type, available_change, reserved_change, quantity_available,
                                     quantity_reserved, reason, fulfillment_request_id, actor_id, occurred_at)
    VALUES (${event.id}, ${row.itemId}, ${row.type}, ${row.available}, ${row.reserved}, ${row.quantityAvailable},
            ${row.quantityReserved}, ${row.reason}, ${row.fulfillmentRequestId}, ${event.actor.userId},
            ${event.occurredAt}::timestamptz)
    ON CONFLICT (event_id) DO NOTHING`);
}

export const movementsProjection: Projection = {
  name: 'inventory-movements',
  version: 1,
  handles: [
    'InventoryItemCreated',
    'InventoryStockAdjusted',
    'InventoryStockReserved',
    'InventoryStockReleased',
    'InventoryStockConsumed',
  ],
  tables: ['inventory_movements'],
  init: `
    CREATE TABLE IF NOT EXISTS inventory_movements (
      event_id uuid PRIMARY KEY,
      item_id integer NOT NULL,
      type text NOT NULL,
      available_change integer NOT NULL,
      reserved_change integer NOT NULL,
      quantity_available integer NOT NULL,
      quantity_reserved integer NOT NULL,
      reason text,
      fulfillment_request_id integer,
      actor_id integer,
      occurred_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS inventory_movements_item_idx ON inventory_movements (item_id, occurred_at DESC);`,
  apply: applyMovement,
};
