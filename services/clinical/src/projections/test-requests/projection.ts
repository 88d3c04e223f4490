import { CLINICAL_EVENT_SCHEMAS, parseEventData, testRequestStatusAfter, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The index behind "a barcode labels one test request" (the HTTP layer answers 409 naming the field). */
export const BARCODE_UNIQUE_INDEX = 'test_requests_barcode_number_key';

const ids = (values: readonly number[]) => sql.array([...values], 'int4');

/**
 * test_requests, written inline in the append transaction. Guarded by the stream version, so projecting an
 * event twice (a rebuild) changes nothing the second time. A notification request changes no row: the
 * notifications service delivers it and its logs come back as its own events.
 */
async function applyTestRequestEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated': {
      const r = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO test_requests (id, patient_id, institution_id, clinician_id, requested_by, test_type_id, priority,
                                   status, sample_type_id, sample_type, panel_id, marker_ids, collection_device_ids,
                                   device_selections, test_name, department, cms_priority, cms_status, notes,
                                   custom_data, barcode_number, expected_test_datetime, lab_id,
                                   fulfillment_by_partner, fulfillment_partner_id, version, requested_at, updated_at)
        VALUES (${r.testRequestId}, ${r.patient_id}, ${r.institution_id}, ${r.clinician_id}, ${r.requested_by},
                ${r.test_type_id}, ${r.priority}, ${r.status}, ${r.sample_type_id}, ${r.sample_type}, ${r.panel_id},
                ${ids(r.marker_ids)}, ${ids(r.collection_device_ids)}, ${sql.jsonb(r.device_selections)},
                ${r.test_name}, ${r.department}, ${r.cms_priority}, ${r.cms_status}, ${r.notes},
                ${r.custom_data === null ? null : sql.jsonb(r.custom_data)}, ${r.barcode_number},
                ${r.expected_test_datetime}::timestamptz, ${r.lab_id}, ${r.fulfillment_by_partner},
                ${r.fulfillment_partner_id}, ${event.version}, ${event.occurredAt}::timestamptz,
                ${event.occurredAt}::timestamptz)
        ON CONFLICT (id) DO UPDATE SET
          patient_id = excluded.patient_id, institution_id = excluded.institution_id,
          clinician_id = excluded.clinician_id, test_type_id = excluded.test_type_id, priority = excluded.priority,
          status = excluded.status, sample_type_id = excluded.sample_type_id, sample_type = excluded.sample_type,
          panel_id = excluded.panel_id, marker_ids = excluded.marker_ids,
          collection_device_ids = excluded.collection_device_ids, device_selections = excluded.device_selections,
          test_name = excluded.test_name, department = excluded.department, cms_priority = excluded.cms_priority,
          cms_status = excluded.cms_status, notes = excluded.notes, custom_data = excluded.custom_data,
          barcode_number = excluded.barcode_number, expected_test_datetime = excluded.expected_test_datetime,
          lab_id = excluded.lab_id, fulfillment_by_partner = excluded.fulfillment_by_partner,
          fulfillment_partner_id = excluded.fulfillment_partner_id, version = excluded.version,
          updated_at = excluded.updated_at
        WHERE test_requests.version < excluded.version`);
      return;
    }
    case 'TestRequestStatusChanged':
    case 'TestRequestCancelled': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const status = testRequestStatusAfter(data);
      await db.query(sql.unsafe`
        UPDATE test_requests SET status = ${status}, version = ${event.version},
                                 updated_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
    case 'TestRequestArchived':
    case 'TestRequestRestored': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const archived = event.type === 'TestRequestArchived';
      await db.query(sql.unsafe`
        UPDATE test_requests SET archived = ${archived}, version = ${event.version},
                                 updated_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
  }
}

/** clinical's test requests, projected inline from their own events. */
export const testRequestsProjection: Projection = {
  name: 'test-requests',
  version: 1,
  handles: [
    'TestRequestCreated',
    'TestRequestUpdated',
    'TestRequestStatusChanged',
    'TestRequestCancelled',
    'TestRequestArchived',
    'TestRequestRestored',
  ],
  tables: ['test_requests'],
  apply: applyTestRequestEvent,
};
