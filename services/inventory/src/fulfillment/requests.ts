/**
 * The item detail's Recent Fulfillment Requests (spec 2 §2.3; issue 24 item 4 "once fulfillment exists"): each
 * fulfillment request of an item with its status and assignee as fulfillment's events leave them (the kit's
 * fulfillment-request summary, which the stock reactor also reads), and the patient's name from clinical's patient
 * events. A projection of other services' events like every read model here: no
 * foreign keys, rebuildable, a stream's `version` guarding against a late redelivery.
 */
import {
  CLINICAL_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  INVENTORY_LIMITS,
  itemFulfillmentRequestSchema,
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
  // 2: the requests in the kit's fulfillment-request summary (item_fulfillment_requests before)
  version: 2,
  subjects: [...FULFILLMENT_REQUEST_SUBJECTS, 'lab.clinical.patient.>'],
  handles: [...FULFILLMENT_REQUEST_SUMMARY_EVENT_TYPES, 'PatientRegistered', 'PatientUpdated'],
  tables: [FULFILLMENT_REQUEST_SUMMARY_TABLE, 'item_fulfillment_patients'],
  init: `
    DROP TABLE IF EXISTS item_fulfillment_requests;
    ${FULFILLMENT_REQUEST_SUMMARY_TABLE_DDL}
    CREATE TABLE IF NOT EXISTS item_fulfillment_patients (
      id integer PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      version integer NOT NULL
    );`,
  async apply(db, event) {
    if (event.type.startsWith('Fulfillment')) await applyFulfillmentRequestSummaryEvent(db, event);
    else await applyPatient(db, event);
  },
};

/** An item's newest fulfillment requests (spec 2 §9: recent lists show 5), with the patient's and assignee's names. */
export function recentFulfillmentRequests(db: CommonQueryMethods, itemId: number) {
  return db.any(sql.type(itemFulfillmentRequestSchema)`
    SELECT r.id, CASE WHEN p.id IS NULL THEN NULL ELSE p.first_name || ' ' || p.last_name END AS patient_name,
           r.quantity_requested AS quantity, r.status,
           CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS assigned_to_name,
           to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
    FROM fulfillment_request_summaries r
    LEFT JOIN item_fulfillment_patients p ON p.id = r.patient_id
    LEFT JOIN users u ON u.id = r.assigned_to
    WHERE r.inventory_item_id = ${itemId}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${INVENTORY_LIMITS.recentFulfillmentRequests}`);
}
