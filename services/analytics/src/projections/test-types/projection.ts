/**
 * What each test request is a test of, for the Test Types tab and the institution's and patient's analytics (spec
 * 3 §3 test_types, top_test_types, test_frequency, timeline): its test name (the panel, or the markers joined, as
 * ordered), its sample type (the category) and when it was completed. Whose it is, its status and whether it is
 * archived are the kit's test-request summary's (clinical-activity). Kept by the durable consumer
 * `analytics-test-types`; every write is guarded by the stream's version, so a redelivery changes nothing.
 */
import { CLINICAL_EVENT_SCHEMAS, parseEventData, TEST_REQUEST_SUBJECTS } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';
import type { EventEnvelope } from '@labline/contracts';

async function apply(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const completedAt = data.status === 'completed' ? event.occurredAt : null;
      await db.query(sql.unsafe`
        INSERT INTO request_tests (id, test_name, sample_type, completed_at, version)
        VALUES (${data.testRequestId}, ${data.test_name}, ${data.sample_type}, ${completedAt}::timestamptz,
                ${event.version})
        ON CONFLICT (id) DO UPDATE SET test_name = excluded.test_name, sample_type = excluded.sample_type,
          -- an edit keeps the time it was completed
          completed_at = CASE WHEN excluded.completed_at IS NULL THEN NULL
                              ELSE coalesce(request_tests.completed_at, excluded.completed_at) END,
          version = excluded.version
        WHERE request_tests.version < excluded.version`);
      return;
    }
    case 'TestRequestStatusChanged':
    case 'TestRequestCancelled': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const completed = 'to' in data && data.to === 'completed';
      await db.query(sql.unsafe`
        UPDATE request_tests
        SET completed_at = CASE WHEN ${completed} THEN ${event.occurredAt}::timestamptz END, version = ${event.version}
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
  }
}

export const testTypesProjection: CrossServiceProjection = {
  name: 'test-types',
  version: 1,
  subjects: TEST_REQUEST_SUBJECTS,
  handles: ['TestRequestCreated', 'TestRequestUpdated', 'TestRequestStatusChanged', 'TestRequestCancelled'],
  tables: ['request_tests'],
  // Without foreign keys, so that it can be emptied and rebuilt from the events.
  init: `
    CREATE TABLE IF NOT EXISTS request_tests (
      id integer PRIMARY KEY,
      test_name text NOT NULL,
      -- the sample type's name when ordered: the test type's category
      sample_type text NOT NULL,
      -- when its status became completed (its result date); null while it is not completed
      completed_at timestamptz,
      version integer NOT NULL
    );`,
  apply,
};
