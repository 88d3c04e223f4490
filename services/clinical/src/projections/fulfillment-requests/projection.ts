/**
 * A test request's fulfillment requests (spec 1 §2 /tests/{id}, §3 "Fulfillment request, as seen on a test
 * request"; issue 25 item 2): each kit shipped for a request, with its status and assignee as fulfillment's events
 * leave them, and the item's name and SKU from inventory's item events. A projection of other services' events:
 * no foreign keys, rebuildable, each stream's `version` guarding against a late redelivery.
 */
import {
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  INVENTORY_EVENT_SCHEMAS,
  INVENTORY_ITEM_SUBJECTS,
  parseEventData,
  type EventEnvelope,
  type FulfillmentEventType,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

async function applyFulfillment(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const type = event.type as FulfillmentEventType;
  if (type === 'FulfillmentRequested') {
    const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
    await db.query(sql.unsafe`
      INSERT INTO test_request_fulfillments (id, test_request_id, institution_id, inventory_item_id,
                                             quantity_requested, status, assigned_to, created_at, version)
      VALUES (${data.fulfillmentRequestId}, ${data.test_request_id}, ${data.institution_id},
              ${data.inventory_item_id}, ${data.quantity_requested}, 'pending', ${data.assigned_to},
              ${event.occurredAt}::timestamptz, ${event.version})
      ON CONFLICT (id) DO NOTHING`);
    return;
  }
  const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
  const assignee = 'assigned_to' in data ? sql.fragment`${data.assigned_to}` : sql.fragment`assigned_to`;
  await db.query(sql.unsafe`
    UPDATE test_request_fulfillments SET status = ${data.status}, assigned_to = ${assignee}, version = ${event.version}
    WHERE id = ${data.fulfillmentRequestId} AND version < ${event.version}`);
}

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
  handles: [...Object.keys(FULFILLMENT_EVENT_SCHEMAS), 'InventoryItemCreated', 'InventoryItemUpdated'],
  tables: ['test_request_fulfillments', 'kit_items'],
  init: `
    CREATE TABLE IF NOT EXISTS test_request_fulfillments (
      id integer PRIMARY KEY,
      test_request_id integer NOT NULL,
      institution_id integer NOT NULL,
      inventory_item_id integer NOT NULL,
      quantity_requested integer NOT NULL,
      status text NOT NULL,
      assigned_to integer,
      created_at timestamptz NOT NULL,
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS test_request_fulfillments_request_idx
      ON test_request_fulfillments (test_request_id, created_at DESC, id DESC);
    CREATE TABLE IF NOT EXISTS kit_items (
      id integer PRIMARY KEY,
      item_name text NOT NULL,
      item_sku text NOT NULL,
      version integer NOT NULL
    );`,
  async apply(db, event) {
    if (event.type.startsWith('Fulfillment')) await applyFulfillment(db, event);
    else await applyItem(db, event);
  },
};
