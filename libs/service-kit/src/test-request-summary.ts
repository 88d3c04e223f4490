/**
 * clinical's test requests summarised in another service's database: whose patient and institution, which test,
 * when it is expected, its status and whether it is archived, as clinical's events describe them. Identity counts
 * an institution's requests with it, notifications plans reminders and addresses its messages with it (and the
 * analytics read side will count with it). The summary owns its table: the DDL is below, applied in each
 * service's schema (Projection.init). A service keeps it as its own projection (`testRequestSummaryProjection`)
 * or as part of a wider one that must move in step with it (`applyTestRequestSummaryEvent` and
 * `TEST_REQUEST_SUMMARY_TABLE_DDL`).
 */
import {
  CLINICAL_EVENT_SCHEMAS,
  parseEventData,
  TEST_REQUEST_SUBJECTS,
  TEST_REQUEST_SUMMARY_EVENT_TYPES,
  testRequestStatusAfter,
  type EventEnvelope,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import type { CrossServiceProjection } from './projection';

export const TEST_REQUEST_SUMMARY_TABLE = 'test_request_summaries';

/**
 * Without foreign keys, so that it can be emptied and rebuilt from the events; `version` is the request stream's
 * last projected event, the guard that makes re-projection idempotent.
 */
export const TEST_REQUEST_SUMMARY_TABLE_DDL = `
  CREATE TABLE IF NOT EXISTS ${TEST_REQUEST_SUMMARY_TABLE} (
    id integer PRIMARY KEY,
    patient_id integer NOT NULL,
    institution_id integer NOT NULL,
    test_name text NOT NULL,
    expected_test_datetime timestamptz,
    status text NOT NULL,
    archived boolean NOT NULL DEFAULT false,
    version integer NOT NULL,
    -- the ordering clinician, who ordered it and when (its TestRequestCreated): what analytics counts by
    clinician_id integer,
    requested_by integer,
    created_at timestamptz
  );
  -- Columns added after the table was first created: a database from before them gets them here; the service
  -- raises the summary's version with them, so its rebuild fills them in.
  ALTER TABLE ${TEST_REQUEST_SUMMARY_TABLE} ADD COLUMN IF NOT EXISTS clinician_id integer;
  ALTER TABLE ${TEST_REQUEST_SUMMARY_TABLE} ADD COLUMN IF NOT EXISTS requested_by integer;
  ALTER TABLE ${TEST_REQUEST_SUMMARY_TABLE} ADD COLUMN IF NOT EXISTS created_at timestamptz;
  CREATE INDEX IF NOT EXISTS ${TEST_REQUEST_SUMMARY_TABLE}_created_idx
    ON ${TEST_REQUEST_SUMMARY_TABLE} (created_at) WHERE NOT archived;
  CREATE INDEX IF NOT EXISTS ${TEST_REQUEST_SUMMARY_TABLE}_institution_idx
    ON ${TEST_REQUEST_SUMMARY_TABLE} (institution_id, status) WHERE NOT archived;
  CREATE INDEX IF NOT EXISTS ${TEST_REQUEST_SUMMARY_TABLE}_expected_idx
    ON ${TEST_REQUEST_SUMMARY_TABLE} (expected_test_datetime)
    WHERE expected_test_datetime IS NOT NULL AND NOT archived;
`;

/**
 * One of clinical's test-request events into the summary (other events change nothing). Every write is guarded
 * by the stream's version, so a redelivered or older event changes nothing; a restore un-archives.
 */
export async function applyTestRequestSummaryEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO test_request_summaries
          (id, patient_id, institution_id, test_name, expected_test_datetime, status, version, clinician_id,
           requested_by, created_at)
        VALUES (${data.testRequestId}, ${data.patient_id}, ${data.institution_id}, ${data.test_name},
                ${data.expected_test_datetime}::timestamptz, ${data.status}, ${event.version}, ${data.clinician_id},
                ${data.requested_by}, ${event.occurredAt}::timestamptz)
        ON CONFLICT (id) DO UPDATE SET patient_id = excluded.patient_id, institution_id = excluded.institution_id,
          test_name = excluded.test_name, expected_test_datetime = excluded.expected_test_datetime,
          clinician_id = excluded.clinician_id, requested_by = excluded.requested_by,
          created_at = coalesce(test_request_summaries.created_at, excluded.created_at),
          status = excluded.status, version = excluded.version
        WHERE test_request_summaries.version < excluded.version`);
      return;
    }
    case 'TestRequestStatusChanged':
    case 'TestRequestCancelled': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE test_request_summaries SET status = ${testRequestStatusAfter(data)}, version = ${event.version}
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
    case 'TestRequestArchived':
    case 'TestRequestRestored': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const archived = event.type === 'TestRequestArchived';
      await db.query(sql.unsafe`
        UPDATE test_request_summaries SET archived = ${archived}, version = ${event.version}
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
  }
}

export interface TestRequestSummaryOptions {
  /** The projection's version in this service's database: raise it and the service rebuilds the summary. */
  version: number;
}

/** The summary as a projection of its own, kept by the durable consumer `<service>-test-request-summaries`. */
export function testRequestSummaryProjection(options: TestRequestSummaryOptions): CrossServiceProjection {
  return {
    name: 'test-request-summaries',
    version: options.version,
    subjects: TEST_REQUEST_SUBJECTS,
    handles: TEST_REQUEST_SUMMARY_EVENT_TYPES,
    tables: [TEST_REQUEST_SUMMARY_TABLE],
    init: TEST_REQUEST_SUMMARY_TABLE_DDL,
    apply: applyTestRequestSummaryEvent,
  };
}
