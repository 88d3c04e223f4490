import { FULFILLMENT_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The index behind "a test request gets one request from the choreography" (its redelivery creates nothing). */
export const ORIGIN_UNIQUE_INDEX = 'fulfillment_requests_origin_key';
/** The index behind "a cancelled request is replaced once" (two replacements at once: the second answers 409). */
export const REPLACEMENT_UNIQUE_INDEX = 'fulfillment_requests_replaces_key';

/**
 * fulfillment_requests, written inline in the append transaction: a request's own facts as its events left them.
 * Guarded by the stream version, so projecting an event twice (a rebuild) changes nothing the second time. The
 * names shown with it (patient, test request, item, institution, assignee) are joined when read, from the
 * projections of clinical's, inventory's and identity's events.
 */
async function applyRequestEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const at = sql.fragment`${event.occurredAt}::timestamptz`;
  switch (event.type) {
    case 'FulfillmentRequested': {
      const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO fulfillment_requests (id, test_request_id, institution_id, patient_id, inventory_item_id,
          quantity_requested, priority, status, assigned_to, notes, replaces_request_id, version, created_at,
          updated_at)
        VALUES (${data.fulfillmentRequestId}, ${data.test_request_id}, ${data.institution_id}, ${data.patient_id},
          ${data.inventory_item_id}, ${data.quantity_requested}, ${data.priority}, 'pending', ${data.assigned_to},
          ${data.notes}, ${data.replaces_request_id}, ${event.version}, ${at}, ${at})
        ON CONFLICT (id) DO NOTHING`);
      return;
    }
    case 'FulfillmentAssigned': {
      const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE fulfillment_requests SET status = ${data.status}, assigned_to = ${data.assigned_to},
          version = ${event.version}, updated_at = ${at}
        WHERE id = ${data.fulfillmentRequestId} AND version < ${event.version}`);
      return;
    }
    case 'FulfillmentDispatched': {
      const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE fulfillment_requests SET status = ${data.status}, tracking_number = ${data.tracking_number},
          barcode_number = coalesce(${data.barcode_number}, barcode_number), notes = coalesce(${data.notes}, notes),
          dispatch_date = ${at}, version = ${event.version}, updated_at = ${at}
        WHERE id = ${data.fulfillmentRequestId} AND version < ${event.version}`);
      return;
    }
    case 'FulfillmentDelivered':
    case 'FulfillmentCancelled':
    case 'FulfillmentReopened': {
      const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, event.type, event.data);
      const delivery = event.type === 'FulfillmentDelivered' ? at : sql.fragment`delivery_date`;
      await db.query(sql.unsafe`
        UPDATE fulfillment_requests SET status = ${data.status}, notes = coalesce(${data.notes}, notes),
          delivery_date = ${delivery}, version = ${event.version}, updated_at = ${at}
        WHERE id = ${data.fulfillmentRequestId} AND version < ${event.version}`);
      return;
    }
  }
}

export const requestsProjection: Projection = {
  name: 'fulfillment-requests',
  version: 1,
  handles: Object.keys(FULFILLMENT_EVENT_SCHEMAS),
  tables: ['fulfillment_requests'],
  // Without foreign keys, so that it can be emptied and rebuilt from the events. The list (spec 2 §2.5) is newest
  // first, 20 a page, over up to 100,000 requests: each filter's index ends in (created_at DESC, id DESC), so a
  // page is an index range read and its count an index-only scan; the search's matches come from the small
  // tables of patients, test requests and items (trigram indexes) as id sets, met by the three id indexes.
  init: `
    CREATE TABLE IF NOT EXISTS fulfillment_requests (
      id integer PRIMARY KEY,
      test_request_id integer NOT NULL,
      institution_id integer NOT NULL,
      patient_id integer NOT NULL,
      inventory_item_id integer NOT NULL,
      quantity_requested integer NOT NULL,
      priority text NOT NULL,
      status text NOT NULL,
      assigned_to integer,
      tracking_number text,
      barcode_number text,
      notes text,
      replaces_request_id integer,
      dispatch_date timestamptz,
      delivery_date timestamptz,
      version integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS ${ORIGIN_UNIQUE_INDEX} ON fulfillment_requests (test_request_id)
      WHERE replaces_request_id IS NULL;
    CREATE UNIQUE INDEX IF NOT EXISTS ${REPLACEMENT_UNIQUE_INDEX} ON fulfillment_requests (replaces_request_id)
      WHERE replaces_request_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS fulfillment_requests_created_idx ON fulfillment_requests (created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS fulfillment_requests_institution_idx
      ON fulfillment_requests (institution_id, created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS fulfillment_requests_status_idx
      ON fulfillment_requests (status, created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS fulfillment_requests_assignee_idx
      ON fulfillment_requests (assigned_to, created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS fulfillment_requests_test_request_idx
      ON fulfillment_requests (test_request_id, created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS fulfillment_requests_patient_idx ON fulfillment_requests (patient_id);
    CREATE INDEX IF NOT EXISTS fulfillment_requests_item_idx ON fulfillment_requests (inventory_item_id);
    CREATE INDEX IF NOT EXISTS fulfillment_requests_barcode_idx ON fulfillment_requests (lower(barcode_number))
      WHERE barcode_number IS NOT NULL;`,
  apply: applyRequestEvent,
};
