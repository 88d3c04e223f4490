import {
  INVENTORY_EVENT_SCHEMAS,
  INVENTORY_ITEM_SUBJECTS,
  parseEventData,
  type EventEnvelope,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * inventory's items as fulfillment names them and links them to collection devices: name, SKU, description,
 * location and institution (null: global). Stock is inventory's; fulfillment never reads it. Guarded by the item
 * stream's version: the description events carry it whole, the stock events only move the version.
 */
async function applyItemEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type !== 'InventoryItemCreated' && event.type !== 'InventoryItemUpdated') return;
  const item = parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryItemUpdated', event.data);
  await db.query(sql.unsafe`
    INSERT INTO fulfillment_items (id, item_name, item_sku, item_description, location, institution_id, version)
    VALUES (${item.itemId}, ${item.item_name}, ${item.item_sku}, ${item.item_description}, ${item.location},
      ${item.institution_id}, ${event.version})
    ON CONFLICT (id) DO UPDATE SET item_name = excluded.item_name, item_sku = excluded.item_sku,
      item_description = excluded.item_description, location = excluded.location,
      institution_id = excluded.institution_id, version = excluded.version
    WHERE fulfillment_items.version < excluded.version`);
}

export const itemsProjection: CrossServiceProjection = {
  name: 'items',
  version: 1,
  subjects: INVENTORY_ITEM_SUBJECTS,
  handles: ['InventoryItemCreated', 'InventoryItemUpdated'],
  tables: ['fulfillment_items'],
  // lower(item_name): the collection device link (docs/architecture.md §2, fulfillment); lower(item_sku): search.
  init: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    CREATE TABLE IF NOT EXISTS fulfillment_items (
      id integer PRIMARY KEY,
      item_name text NOT NULL,
      item_sku text NOT NULL,
      item_description text,
      location text,
      institution_id integer,
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS fulfillment_items_name_idx ON fulfillment_items (lower(item_name), institution_id);
    CREATE INDEX IF NOT EXISTS fulfillment_items_sku_trgm_idx
      ON fulfillment_items USING gin (lower(item_sku) gin_trgm_ops) WITH (fastupdate = off);`,
  apply: applyItemEvent,
};
