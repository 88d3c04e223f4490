/**
 * fulfillment's requests summarised in another service's database: which test request and institution, which
 * patient, which inventory item and how many units, its status and assignee, as fulfillment's events leave them.
 * inventory holds each request's kit with it (and lists an item's recent requests), clinical lists a test
 * request's kits with it. The summary owns its table (the DDL below, applied in each service's schema through its
 * projection's `init`); a service keeps it inside a projection that also follows other subjects
 * (`applyFulfillmentRequestSummaryEvent` and `FULFILLMENT_REQUEST_SUMMARY_TABLE_DDL`), as test-request-summary.ts.
 */
import {
  FULFILLMENT_EVENT_SCHEMAS,
  parseEventData,
  type EventEnvelope,
  type FulfillmentEventType,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';

export const FULFILLMENT_REQUEST_SUMMARY_TABLE = 'fulfillment_request_summaries';

/** The event types that change the summary: every one of a fulfillment request's. */
export const FULFILLMENT_REQUEST_SUMMARY_EVENT_TYPES = Object.keys(FULFILLMENT_EVENT_SCHEMAS) as FulfillmentEventType[];

/**
 * Without foreign keys, so that it can be emptied and rebuilt from the events; `version` is the request stream's
 * last projected event, the guard that keeps a late redelivery out.
 */
export const FULFILLMENT_REQUEST_SUMMARY_TABLE_DDL = `
  CREATE TABLE IF NOT EXISTS ${FULFILLMENT_REQUEST_SUMMARY_TABLE} (
    id integer PRIMARY KEY,
    test_request_id integer NOT NULL,
    institution_id integer NOT NULL,
    patient_id integer NOT NULL,
    inventory_item_id integer NOT NULL,
    quantity_requested integer NOT NULL,
    status text NOT NULL,
    assigned_to integer,
    created_at timestamptz NOT NULL,
    version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS ${FULFILLMENT_REQUEST_SUMMARY_TABLE}_item_idx
    ON ${FULFILLMENT_REQUEST_SUMMARY_TABLE} (inventory_item_id, created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS ${FULFILLMENT_REQUEST_SUMMARY_TABLE}_test_request_idx
    ON ${FULFILLMENT_REQUEST_SUMMARY_TABLE} (test_request_id, created_at DESC, id DESC);
`;

/** One of fulfillment's request events into the summary; a redelivered or older one changes nothing. */
export async function applyFulfillmentRequestSummaryEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const type = event.type as FulfillmentEventType;
  if (!FULFILLMENT_REQUEST_SUMMARY_EVENT_TYPES.includes(type)) return;
  if (type === 'FulfillmentRequested') {
    const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
    await db.query(sql.unsafe`
      INSERT INTO fulfillment_request_summaries (id, test_request_id, institution_id, patient_id, inventory_item_id,
                                                 quantity_requested, status, assigned_to, created_at, version)
      VALUES (${data.fulfillmentRequestId}, ${data.test_request_id}, ${data.institution_id}, ${data.patient_id},
              ${data.inventory_item_id}, ${data.quantity_requested}, 'pending', ${data.assigned_to},
              ${event.occurredAt}::timestamptz, ${event.version})
      ON CONFLICT (id) DO NOTHING`);
    return;
  }
  const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
  const assignee = 'assigned_to' in data ? sql.fragment`${data.assigned_to}` : sql.fragment`assigned_to`;
  await db.query(sql.unsafe`
    UPDATE fulfillment_request_summaries SET status = ${data.status}, assigned_to = ${assignee},
      version = ${event.version}
    WHERE id = ${data.fulfillmentRequestId} AND version < ${event.version}`);
}
