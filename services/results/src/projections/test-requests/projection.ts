import {
  CLINICAL_EVENT_SCHEMAS,
  parseEventData,
  TEST_REQUEST_SUBJECTS,
  TEST_REQUEST_SUMMARY_EVENT_TYPES,
  testRequestStatusAfter,
  type EventEnvelope,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * clinical's test requests as results reads them (spec 2 §3 "test request as read for results"): whose patient,
 * institution and clinician, the test, its category (sample type), priority, notes, barcode, lab and markers, when
 * requested, its status and whether archived. Guarded by the request stream's version, so a redelivery or an older
 * event changes nothing.
 */
async function applyTestRequestEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const at = sql.fragment`${event.occurredAt}::timestamptz`;
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated': {
      const d = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const requestedAt = event.type === 'TestRequestCreated' ? at : sql.fragment`NULL::timestamptz`;
      await db.query(sql.unsafe`
        INSERT INTO results_test_requests (id, patient_id, institution_id, clinician_id, test_name, sample_type,
          priority, status, notes, barcode_number, lab_id, marker_ids, requested_at, version)
        VALUES (${d.testRequestId}, ${d.patient_id}, ${d.institution_id}, ${d.clinician_id}, ${d.test_name},
          ${d.sample_type}, ${d.priority}, ${d.status}, ${d.notes}, ${d.barcode_number}, ${d.lab_id},
          ${sql.array(d.marker_ids, 'int4')}, ${requestedAt}, ${event.version})
        ON CONFLICT (id) DO UPDATE SET patient_id = excluded.patient_id, institution_id = excluded.institution_id,
          clinician_id = excluded.clinician_id, test_name = excluded.test_name, sample_type = excluded.sample_type,
          priority = excluded.priority, status = excluded.status, notes = excluded.notes,
          barcode_number = excluded.barcode_number, lab_id = excluded.lab_id, marker_ids = excluded.marker_ids,
          requested_at = coalesce(results_test_requests.requested_at, excluded.requested_at),
          version = excluded.version
        WHERE results_test_requests.version < excluded.version`);
      return;
    }
    case 'TestRequestStatusChanged':
    case 'TestRequestCancelled': {
      const d = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE results_test_requests SET status = ${testRequestStatusAfter(d)}, version = ${event.version}
        WHERE id = ${d.testRequestId} AND version < ${event.version}`);
      return;
    }
    case 'TestRequestArchived':
    case 'TestRequestRestored': {
      const d = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE results_test_requests SET archived = ${event.type === 'TestRequestArchived'},
          version = ${event.version}
        WHERE id = ${d.testRequestId} AND version < ${event.version}`);
      return;
    }
  }
}

export const testRequestsProjection: CrossServiceProjection = {
  name: 'test-requests',
  version: 1,
  subjects: TEST_REQUEST_SUBJECTS,
  handles: TEST_REQUEST_SUMMARY_EVENT_TYPES,
  tables: ['results_test_requests'],
  init: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    CREATE TABLE IF NOT EXISTS results_test_requests (
      id integer PRIMARY KEY,
      patient_id integer NOT NULL,
      institution_id integer NOT NULL,
      clinician_id integer,
      test_name text NOT NULL,
      sample_type text,
      priority text NOT NULL,
      status text NOT NULL,
      archived boolean NOT NULL DEFAULT false,
      notes text,
      barcode_number text,
      lab_id integer,
      marker_ids integer[] NOT NULL DEFAULT '{}',
      requested_at timestamptz,
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS results_test_requests_test_name_idx
      ON results_test_requests USING gin (lower(test_name) gin_trgm_ops) WITH (fastupdate = off);`,
  apply: applyTestRequestEvent,
};
