import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import {
  applyTestRequestSummaryEvent,
  TEST_REQUEST_SUMMARY_TABLE,
  TEST_REQUEST_SUMMARY_TABLE_DDL,
  testRequestSummaryProjection,
  type CrossServiceProjection,
} from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * clinical's test requests as results reads them (spec 2 §3 "test request as read for results"): the kit's summary
 * (whose patient, institution and clinician, the test, its status, whether archived, when requested) and beside it
 * what only results reads: the category (sample type), priority, notes, barcode, lab and markers. Both move in step
 * in one projection, each write guarded by the request stream's version, so a redelivery or an older event changes
 * nothing.
 */
async function applyTestRequestEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  await applyTestRequestSummaryEvent(db, event);
  if (event.type !== 'TestRequestCreated' && event.type !== 'TestRequestUpdated') return;
  const d = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
  await db.query(sql.unsafe`
    INSERT INTO results_test_requests (id, sample_type, priority, notes, barcode_number, lab_id, marker_ids, version)
    VALUES (${d.testRequestId}, ${d.sample_type}, ${d.priority}, ${d.notes}, ${d.barcode_number}, ${d.lab_id},
      ${sql.array(d.marker_ids, 'int4')}, ${event.version})
    ON CONFLICT (id) DO UPDATE SET sample_type = excluded.sample_type, priority = excluded.priority,
      notes = excluded.notes, barcode_number = excluded.barcode_number, lab_id = excluded.lab_id,
      marker_ids = excluded.marker_ids, version = excluded.version
    WHERE results_test_requests.version < excluded.version`);
}

const summary = testRequestSummaryProjection({ version: 1 });

export const testRequestsProjection: CrossServiceProjection = {
  name: 'test-requests',
  version: 1,
  subjects: summary.subjects,
  handles: summary.handles,
  tables: [TEST_REQUEST_SUMMARY_TABLE, 'results_test_requests'],
  init: `${TEST_REQUEST_SUMMARY_TABLE_DDL}
    CREATE TABLE IF NOT EXISTS results_test_requests (
      id integer PRIMARY KEY,
      sample_type text,
      priority text NOT NULL,
      notes text,
      barcode_number text,
      lab_id integer,
      marker_ids integer[] NOT NULL DEFAULT '{}',
      version integer NOT NULL
    );`,
  apply: applyTestRequestEvent,
};
