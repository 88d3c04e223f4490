/**
 * The item detail's Recent Fulfillment Requests (spec 2 §2.3; issue 24 item 4 "once fulfillment exists"): each
 * fulfillment request of an item with its status and assignee as fulfillment's events leave them, and the patient's
 * name from clinical's patient events. A projection of other services' events like every read model here: no
 * foreign keys, rebuildable, a stream's `version` guarding against a late redelivery.
 */
import {
  CLINICAL_EVENT_SCHEMAS,
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  INVENTORY_LIMITS,
  itemFulfillmentRequestSchema,
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
      INSERT INTO item_fulfillment_requests (id, item_id, patient_id, quantity, status, assigned_to, created_at,
                                             version)
      VALUES (${data.fulfillmentRequestId}, ${data.inventory_item_id}, ${data.patient_id}, ${data.quantity_requested},
              'pending', ${data.assigned_to}, ${event.occurredAt}::timestamptz, ${event.version})
      ON CONFLICT (id) DO NOTHING`);
    return;
  }
  const data = parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
  const assignee = 'assigned_to' in data ? sql.fragment`${data.assigned_to}` : sql.fragment`assigned_to`;
  await db.query(sql.unsafe`
    UPDATE item_fulfillment_requests SET status = ${data.status}, assigned_to = ${assignee}, version = ${event.version}
    WHERE id = ${data.fulfillmentRequestId} AND version < ${event.version}`);
}

async function applyPatient(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type !== 'PatientRegistered' && event.type !== 'PatientUpdated') return;
  const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
  await db.query(sql.unsafe`
    INSERT INTO item_fulfillment_patients (id, first_name, last_name, version)
    VALUES (${data.patientId}, ${data.first_name}, ${data.last_name}, ${event.version})
    ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
      version = excluded.version
    WHERE item_fulfillment_patients.version < excluded.version`);
}

export const itemFulfillmentRequestsProjection: CrossServiceProjection = {
  name: 'item-fulfillment-requests',
  version: 1,
  subjects: [...FULFILLMENT_REQUEST_SUBJECTS, 'lab.clinical.patient.>'],
  handles: [
    'FulfillmentRequested',
    'FulfillmentAssigned',
    'FulfillmentDispatched',
    'FulfillmentDelivered',
    'FulfillmentCancelled',
    'FulfillmentReopened',
    'PatientRegistered',
    'PatientUpdated',
  ],
  tables: ['item_fulfillment_requests', 'item_fulfillment_patients'],
  init: `
    CREATE TABLE IF NOT EXISTS item_fulfillment_requests (
      id integer PRIMARY KEY,
      item_id integer NOT NULL,
      patient_id integer NOT NULL,
      quantity integer NOT NULL,
      status text NOT NULL,
      assigned_to integer,
      created_at timestamptz NOT NULL,
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS item_fulfillment_requests_item_idx
      ON item_fulfillment_requests (item_id, created_at DESC, id DESC);
    CREATE TABLE IF NOT EXISTS item_fulfillment_patients (
      id integer PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      version integer NOT NULL
    );`,
  async apply(db, event) {
    if (event.type.startsWith('Fulfillment')) await applyFulfillment(db, event);
    else await applyPatient(db, event);
  },
};

/** An item's newest fulfillment requests (spec 2 §9: recent lists show 5), with the patient's and assignee's names. */
export function recentFulfillmentRequests(db: CommonQueryMethods, itemId: number) {
  return db.any(sql.type(itemFulfillmentRequestSchema)`
    SELECT r.id, CASE WHEN p.id IS NULL THEN NULL ELSE p.first_name || ' ' || p.last_name END AS patient_name,
           r.quantity, r.status,
           CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS assigned_to_name,
           to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
    FROM item_fulfillment_requests r
    LEFT JOIN item_fulfillment_patients p ON p.id = r.patient_id
    LEFT JOIN users u ON u.id = r.assigned_to
    WHERE r.item_id = ${itemId}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${INVENTORY_LIMITS.recentFulfillmentRequests}`);
}
