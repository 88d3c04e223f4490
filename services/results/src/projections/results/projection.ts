import { parseEventData, RESULTS_EVENT_SCHEMAS, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The index behind "a test request has one result" (two entries at once: the second answers 409). */
export const TEST_REQUEST_UNIQUE_INDEX = 'results_test_request_key';

/**
 * test_results, written inline in the append transaction: a result as its events left it, with who entered,
 * reviewed, released and amended it and when (the events' actor and time). Guarded by the stream version, so
 * projecting an event twice (a rebuild) changes nothing the second time. Names (patient, institution, users) are
 * joined when read, from the projections of clinical's and identity's events.
 */
async function applyResultEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const at = sql.fragment`${event.occurredAt}::timestamptz`;
  const by = event.actor.userId;
  if (event.type === 'ResultEntered') {
    const d = parseEventData(RESULTS_EVENT_SCHEMAS, event.type, event.data);
    await db.query(sql.unsafe`
      INSERT INTO test_results (id, test_request_id, institution_id, patient_id, clinician_id, test_name, markers,
        status, result_data, result_values, interpretation, entered_at, entered_by, updated_at, version)
      VALUES (${d.resultId}, ${d.test_request_id}, ${d.institution_id}, ${d.patient_id}, ${d.clinician_id},
        ${d.test_name}, ${JSON.stringify(d.markers)}::jsonb, ${d.status}, ${d.result_data}, ${d.result_values},
        ${d.interpretation}, ${at}, ${by}, ${at}, ${event.version})
      ON CONFLICT (id) DO NOTHING`);
    return;
  }
  if (!(event.type in RESULTS_EVENT_SCHEMAS)) return;
  const d = parseEventData(RESULTS_EVENT_SCHEMAS, event.type as 'ResultUpdated', event.data);
  const stamps = {
    ResultUpdated: sql.fragment``,
    ResultReviewed: sql.fragment`, reviewed_at = ${at}, reviewed_by = ${by}`,
    ResultFinalized: sql.fragment`, released_at = ${at}, released_by = ${by},
      first_released_at = coalesce(first_released_at, ${at})`,
    ResultAmended: sql.fragment`, amended_at = ${at}, amendment_reason = ${
      event.type === 'ResultAmended' ? parseEventData(RESULTS_EVENT_SCHEMAS, 'ResultAmended', event.data).reason : null
    }`,
  }[event.type as Exclude<keyof typeof RESULTS_EVENT_SCHEMAS, 'ResultEntered'>];
  await db.query(sql.unsafe`
    UPDATE test_results SET status = ${d.status}, result_data = ${d.result_data}, result_values = ${d.result_values},
      interpretation = ${d.interpretation}, updated_at = ${at}, version = ${event.version} ${stamps}
    WHERE id = ${d.resultId} AND version < ${event.version}`);
}

export const resultsProjection: Projection = {
  name: 'test-results',
  version: 1,
  handles: Object.keys(RESULTS_EVENT_SCHEMAS),
  tables: ['test_results'],
  // Without foreign keys, so that it can be emptied and rebuilt from the events. The list (spec 2 §2.7) is newest
  // first, 20 a page: each filter's index ends in (entered_at DESC, id DESC).
  init: `
    CREATE TABLE IF NOT EXISTS test_results (
      id integer PRIMARY KEY,
      test_request_id integer NOT NULL,
      institution_id integer NOT NULL,
      patient_id integer NOT NULL,
      clinician_id integer,
      test_name text NOT NULL,
      markers jsonb NOT NULL,
      status text NOT NULL,
      result_data text NOT NULL,
      result_values text,
      interpretation text,
      entered_at timestamptz NOT NULL,
      entered_by integer,
      reviewed_at timestamptz,
      reviewed_by integer,
      released_at timestamptz,
      released_by integer,
      first_released_at timestamptz,
      amended_at timestamptz,
      amendment_reason text,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS ${TEST_REQUEST_UNIQUE_INDEX} ON test_results (test_request_id);
    CREATE INDEX IF NOT EXISTS test_results_entered_idx ON test_results (entered_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS test_results_institution_idx
      ON test_results (institution_id, entered_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS test_results_status_idx ON test_results (status, entered_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS test_results_institution_status_idx
      ON test_results (institution_id, status, entered_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS test_results_patient_idx ON test_results (patient_id);`,
  apply: applyResultEvent,
};
