/**
 * A test request's fulfillment requests (spec 1 §2 /tests/{id}, §3 "Fulfillment request, as seen on a test
 * request"; issue 25 item 2): the kit's summary of fulfillment's events (the kit's fulfillment-request summary, its
 * status and assignee as the events leave them), and the item's name and SKU from inventory's item events. A
 * projection of other services' events: no foreign keys, rebuildable, each stream's `version` guarding against a
 * late redelivery.
 */
import {
  FULFILLMENT_REQUEST_SUBJECTS,
  INVENTORY_EVENT_SCHEMAS,
  INVENTORY_ITEM_SUBJECTS,
  parseEventData,
  type EventEnvelope,
} from '@labline/contracts';
import {
  applyFulfillmentRequestSummaryEvent,
  FULFILLMENT_REQUEST_SUMMARY_EVENT_TYPES,
  FULFILLMENT_REQUEST_SUMMARY_TABLE,
  FULFILLMENT_REQUEST_SUMMARY_TABLE_DDL,
  type CrossServiceProjection,
} from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** An item's name and SKU as its description events leave them; its stock events only move its version. */
async function applyItem(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type !== 'InventoryItemCreated' && event.type !== 'InventoryItemUpdated') return;
  const item = parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryItemUpdated', event.data);
  await db.query(sql.unsafe`
    INSERT INTO kit_items (id, item_name, item_sku, version)
    VALUES (${item.itemId}, ${item.item_name}, ${item.item_sku}, ${event.version})
    ON CONFLICT (id) DO UPDATE SET item_name = excluded.item_name, item_sku = excluded.item_sku,
      version = excluded.version
    WHERE kit_items.version < excluded.version`);
}

export const testRequestFulfillmentsProjection: CrossServiceProjection = {
  name: 'test-request-fulfillments',
  version: 1,
  subjects: [...FULFILLMENT_REQUEST_SUBJECTS, ...INVENTORY_ITEM_SUBJECTS],
  handles: [...FULFILLMENT_REQUEST_SUMMARY_EVENT_TYPES, 'InventoryItemCreated', 'InventoryItemUpdated'],
  tables: [FULFILLMENT_REQUEST_SUMMARY_TABLE, 'kit_items'],
  init: `${FULFILLMENT_REQUEST_SUMMARY_TABLE_DDL}
    CREATE TABLE IF NOT EXISTS kit_items (
      id integer PRIMARY KEY,
      item_name text NOT NULL,
      item_sku text NOT NULL,
      version integer NOT NULL
    );`,
  async apply(db, event) {
    if (event.type.startsWith('Fulfillment')) await applyFulfillmentRequestSummaryEvent(db, event);
    else await applyItem(db, event);
  },
};
