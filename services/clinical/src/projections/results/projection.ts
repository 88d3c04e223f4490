/**
 * A test request's results (spec 1 §2 /tests/{id} Test Results, §3 "Test result, as a request shows it"; issue 26):
 * each result of a request with its status, content and who entered it when, as the results service's events leave
 * it. Every results event carries the content whole and the status it leaves, so each one folds without a lookup.
 * A projection of another service's events: no foreign keys, rebuildable, the result stream's `version` guarding
 * against a late redelivery.
 */
import {
  parseEventData,
  RESULT_SUBJECTS,
  RESULTS_EVENT_SCHEMAS,
  type EventEnvelope,
  type ResultsEventType,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

async function applyResultEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const type = event.type as ResultsEventType;
  const data = parseEventData(RESULTS_EVENT_SCHEMAS, type, event.data);
  if (type === 'ResultEntered') {
    await db.query(sql.unsafe`
      INSERT INTO test_request_results (id, test_request_id, institution_id, status, result_data, interpretation,
                                        entered_by, entered_at, version)
      VALUES (${data.resultId}, ${data.test_request_id}, ${data.institution_id}, ${data.status}, ${data.result_data},
              ${data.interpretation}, ${event.actor.userId}, ${event.occurredAt}::timestamptz, ${event.version})
      ON CONFLICT (id) DO NOTHING`);
    return;
  }
  await db.query(sql.unsafe`
    UPDATE test_request_results SET status = ${data.status}, result_data = ${data.result_data},
      interpretation = ${data.interpretation}, version = ${event.version}
    WHERE id = ${data.resultId} AND version < ${event.version}`);
}

export const testRequestResultsProjection: CrossServiceProjection = {
  name: 'test-request-results',
  version: 1,
  subjects: RESULT_SUBJECTS,
  handles: Object.keys(RESULTS_EVENT_SCHEMAS),
  tables: ['test_request_results'],
  init: `
    CREATE TABLE IF NOT EXISTS test_request_results (
      id integer PRIMARY KEY,
      test_request_id integer NOT NULL,
      institution_id integer NOT NULL,
      status text NOT NULL,
      result_data text NOT NULL,
      interpretation text,
      entered_by integer,
      entered_at timestamptz NOT NULL,
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS test_request_results_request_idx
      ON test_request_results (test_request_id, entered_at DESC, id DESC);`,
  apply: applyResultEvent,
};
