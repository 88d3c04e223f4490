import { CLINICAL_EVENT_SCHEMAS, parseEventData, TEST_REQUEST_SUBJECTS, type EventEnvelope } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * clinical's test requests as fulfillment shows and searches them: the barcode (spec 2 §2.5's search), whose
 * patient and institution. Created and Updated carry the whole order; the writes are guarded by the request
 * stream's version, so a redelivery or an older event changes nothing.
 */
async function applyTestRequestEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type !== 'TestRequestCreated' && event.type !== 'TestRequestUpdated') return;
  const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
  await db.query(sql.unsafe`
    INSERT INTO fulfillment_test_requests (id, patient_id, institution_id, barcode_number, test_name, version)
    VALUES (${data.testRequestId}, ${data.patient_id}, ${data.institution_id}, ${data.barcode_number},
      ${data.test_name}, ${event.version})
    ON CONFLICT (id) DO UPDATE SET patient_id = excluded.patient_id, institution_id = excluded.institution_id,
      barcode_number = excluded.barcode_number, test_name = excluded.test_name, version = excluded.version
    WHERE fulfillment_test_requests.version < excluded.version`);
}

export const testRequestsProjection: CrossServiceProjection = {
  name: 'test-requests',
  version: 1,
  subjects: TEST_REQUEST_SUBJECTS,
  handles: ['TestRequestCreated', 'TestRequestUpdated'],
  tables: ['fulfillment_test_requests'],
  init: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    CREATE TABLE IF NOT EXISTS fulfillment_test_requests (
      id integer PRIMARY KEY,
      patient_id integer NOT NULL,
      institution_id integer NOT NULL,
      barcode_number text NOT NULL,
      test_name text NOT NULL,
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS fulfillment_test_requests_barcode_trgm_idx
      ON fulfillment_test_requests USING gin (lower(barcode_number) gin_trgm_ops) WITH (fastupdate = off);`,
  apply: applyTestRequestEvent,
};
