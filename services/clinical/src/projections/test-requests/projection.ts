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

/**
 * The table's DDL (Projection.init). Patient, clinician, institution, lab and catalogue names are joined from their
 * own tables when read, so a renamed patient or marker shows its current name.
 */
const TEST_REQUESTS_TABLE = `
  -- The search box matches a substring through a trigram index.
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

  CREATE TABLE IF NOT EXISTS test_requests (
    id integer PRIMARY KEY,
    patient_id integer NOT NULL,
    institution_id integer NOT NULL,
    clinician_id integer,
    requested_by integer,
    test_type_id integer NOT NULL,
    priority text NOT NULL,
    status text NOT NULL,
    sample_type_id integer NOT NULL,
    sample_type text NOT NULL,
    panel_id integer,
    marker_ids integer[] NOT NULL,
    collection_device_ids integer[] NOT NULL,
    device_selections jsonb NOT NULL,
    test_name text NOT NULL,
    department text,
    cms_priority text,
    cms_status text,
    notes text,
    custom_data jsonb,
    barcode_number text NOT NULL,
    expected_test_datetime timestamptz,
    lab_id integer NOT NULL,
    fulfillment_by_partner boolean NOT NULL,
    fulfillment_partner_id integer,
    -- archived (DELETE): out of every list and answer; the barcode stays taken
    archived boolean NOT NULL DEFAULT false,
    -- version of the stream's last projected event: the guard that makes re-projection idempotent
    version integer NOT NULL,
    requested_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    -- What the search box matches besides the patient's name and MRN: the test's name and the barcode.
    search_text text GENERATED ALWAYS AS (' ' || lower(test_name || ' ' || barcode_number)) STORED
  );
  -- A barcode labels one sample: unique over every request, archived ones included (409 naming the field).
  CREATE UNIQUE INDEX IF NOT EXISTS ${BARCODE_UNIQUE_INDEX} ON test_requests (barcode_number);
  CREATE INDEX IF NOT EXISTS test_requests_institution_id_idx ON test_requests (institution_id, id) WHERE NOT archived;
  CREATE INDEX IF NOT EXISTS test_requests_patient_id_idx ON test_requests (patient_id, id);
  CREATE INDEX IF NOT EXISTS test_requests_clinician_id_idx ON test_requests (clinician_id, id);
  CREATE INDEX IF NOT EXISTS test_requests_search_trgm_idx ON test_requests USING gin (search_text gin_trgm_ops)
    WITH (fastupdate = off);
  -- "Is a catalogue item still used?" (a catalogue delete) reads these.
  CREATE INDEX IF NOT EXISTS test_requests_lab_id_idx ON test_requests (lab_id);
  CREATE INDEX IF NOT EXISTS test_requests_sample_type_id_idx ON test_requests (sample_type_id);
  CREATE INDEX IF NOT EXISTS test_requests_panel_id_idx ON test_requests (panel_id);
  CREATE INDEX IF NOT EXISTS test_requests_marker_ids_idx ON test_requests USING gin (marker_ids);
  CREATE INDEX IF NOT EXISTS test_requests_collection_device_ids_idx ON test_requests USING gin (collection_device_ids);
`;

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
  init: TEST_REQUESTS_TABLE,
  apply: applyTestRequestEvent,
};
