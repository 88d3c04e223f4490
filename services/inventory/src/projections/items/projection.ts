import { INVENTORY_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The index behind "an SKU names one item" (the HTTP layer answers 409 with INVENTORY_ERRORS.skuTaken). */
export const SKU_UNIQUE_INDEX = 'inventory_items_sku_key';

/**
 * inventory_items, written inline in the append transaction: an item's description and its stock as the last
 * movement left it. Guarded by the stream version, so projecting an event twice (a rebuild) changes nothing the
 * second time. The institution's name is joined from identity's directory when read.
 */
async function applyItemEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'InventoryItemCreated':
    case 'InventoryItemUpdated': {
      const item = parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryItemUpdated', event.data);
      const opening =
        event.type === 'InventoryItemCreated'
          ? parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryItemCreated', event.data).quantity_available
          : 0;
      await db.query(sql.unsafe`
        INSERT INTO inventory_items (id, item_name, item_sku, item_description, category, location, minimum_threshold,
                                     po_number, purchase_date, received_date, institution_id, quantity_available,
                                     quantity_reserved, version, created_at, updated_at)
        VALUES (${item.itemId}, ${item.item_name}, ${item.item_sku}, ${item.item_description}, ${item.category},
                ${item.location}, ${item.minimum_threshold}, ${item.po_number}, ${item.purchase_date}::timestamptz,
                ${item.received_date}::timestamptz, ${item.institution_id}, ${opening}, 0, ${event.version},
                ${event.occurredAt}::timestamptz, ${event.occurredAt}::timestamptz)
        ON CONFLICT (id) DO UPDATE SET
          item_name = excluded.item_name, item_sku = excluded.item_sku, item_description = excluded.item_description,
          category = excluded.category, location = excluded.location, minimum_threshold = excluded.minimum_threshold,
          po_number = excluded.po_number, purchase_date = excluded.purchase_date,
          received_date = excluded.received_date, institution_id = excluded.institution_id,
          version = excluded.version, updated_at = excluded.updated_at
        WHERE inventory_items.version < excluded.version`);
      return;
    }
    case 'InventoryStockAdjusted':
    case 'InventoryStockReserved':
    case 'InventoryStockReleased':
    case 'InventoryStockConsumed': {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE inventory_items SET quantity_available = ${data.quantity_available},
          quantity_reserved = ${data.quantity_reserved}, version = ${event.version},
          updated_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.itemId} AND version < ${event.version}`);
      return;
    }
  }
}

export const itemsProjection: Projection = {
  name: 'inventory-items',
  version: 1,
  handles: [
    'InventoryItemCreated',
    'InventoryItemUpdated',
    'InventoryStockAdjusted',
    'InventoryStockReserved',
    'InventoryStockReleased',
    'InventoryStockConsumed',
  ],
  tables: ['inventory_items'],
  // Without foreign keys, so that it can be emptied and rebuilt from the events; `version` is the stream's last
  // projected event. Low stock is a comparison of two columns: the partial index serves the alert panel and the
  // dashboard's count.
  init: `
    CREATE TABLE IF NOT EXISTS inventory_items (
      id integer PRIMARY KEY,
      item_name text NOT NULL,
      item_sku text NOT NULL,
      item_description text,
      category text,
      location text,
      minimum_threshold integer NOT NULL,
      po_number text NOT NULL,
      purchase_date timestamptz,
      received_date timestamptz,
      institution_id integer,
      quantity_available integer NOT NULL,
      quantity_reserved integer NOT NULL,
      version integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS ${SKU_UNIQUE_INDEX} ON inventory_items (lower(item_sku));
    CREATE INDEX IF NOT EXISTS inventory_items_institution_idx ON inventory_items (institution_id, item_name, id);
    CREATE INDEX IF NOT EXISTS inventory_items_name_idx ON inventory_items (item_name, id);
    CREATE INDEX IF NOT EXISTS inventory_items_low_idx ON inventory_items (institution_id)
      WHERE quantity_available <= minimum_threshold;`,
  apply: applyItemEvent,
};
