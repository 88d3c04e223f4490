import { parseEventData, RESULTS_EVENT_SCHEMAS, type EventEnvelope, type ResultsEventType } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/** The index behind "a test request has one result" (two entries at once: the second answers 409). */
export const TEST_REQUEST_UNIQUE_INDEX = 'results_test_request_key';

/** One result more (or, with -1, fewer) in a status of an institution: the list's cards without a count. */
const countIn = (db: CommonQueryMethods, institutionId: number, status: string, delta: 1 | -1) =>
  db.query(sql.unsafe`
    INSERT INTO test_result_counts (institution_id, status, count) VALUES (${institutionId}, ${status}, ${delta})
    ON CONFLICT (institution_id, status) DO UPDATE SET count = test_result_counts.count + excluded.count`);

/** The columns a move stamps besides the content and status: who acted and when (an amendment's reason too). */
function stampsOf(event: EventEnvelope, at: FragmentSqlToken, by: number | null): FragmentSqlToken {
  switch (event.type) {
    case 'ResultReviewed':
      return sql.fragment`, reviewed_at = ${at}, reviewed_by = ${by}`;
    case 'ResultFinalized':
      return sql.fragment`, released_at = ${at}, released_by = ${by}, first_released_at = coalesce(first_released_at, ${at})`;
    case 'ResultAmended': {
      const { reason } = parseEventData(RESULTS_EVENT_SCHEMAS, 'ResultAmended', event.data);
      return sql.fragment`, amended_at = ${at}, amendment_reason = ${reason}`;
    }
    default:
      return sql.fragment``;
  }
}

/**
 * test_results, written inline in the append transaction: a result as its events left it, with who entered,
 * reviewed, released and amended it and when (the events' actor and time), and the count of each institution's
 * results per status. Guarded by the stream version (the counts move only with a row that changed), so projecting
 * an event twice (a rebuild) changes nothing the second time. Names (patient, institution, users) are joined when
 * read, from the projections of clinical's and identity's events.
 */
async function applyResultEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const at = sql.fragment`${event.occurredAt}::timestamptz`;
  const by = event.actor.userId;
  if (event.type === 'ResultEntered') {
    const d = parseEventData(RESULTS_EVENT_SCHEMAS, event.type, event.data);
    const inserted = await db.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
      INSERT INTO test_results (id, test_request_id, institution_id, patient_id, clinician_id, test_name, markers,
        status, result_data, result_values, interpretation, entered_at, entered_by, updated_at, version)
      VALUES (${d.resultId}, ${d.test_request_id}, ${d.institution_id}, ${d.patient_id}, ${d.clinician_id},
        ${d.test_name}, ${JSON.stringify(d.markers)}::jsonb, ${d.status}, ${d.result_data}, ${d.result_values},
        ${d.interpretation}, ${at}, ${by}, ${at}, ${event.version})
      ON CONFLICT (id) DO NOTHING RETURNING id`);
    if (inserted !== null) await countIn(db, d.institution_id, d.status, 1);
    return;
  }
  if (!(event.type in RESULTS_EVENT_SCHEMAS)) return;
  const d = parseEventData(RESULTS_EVENT_SCHEMAS, event.type as Exclude<ResultsEventType, 'ResultEntered'>, event.data);
  const changed = await db.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
    UPDATE test_results SET status = ${d.status}, result_data = ${d.result_data}, result_values = ${d.result_values},
      interpretation = ${d.interpretation}, updated_at = ${at}, version = ${event.version} ${stampsOf(event, at, by)}
    WHERE id = ${d.resultId} AND version < ${event.version} RETURNING id`);
  // ResultUpdated keeps its status; a move carries the one it leaves
  if (changed !== null && 'previous_status' in d && d.previous_status !== d.status) {
    await countIn(db, d.institution_id, d.previous_status, -1);
    await countIn(db, d.institution_id, d.status, 1);
  }
}

export const resultsProjection: Projection = {
  name: 'test-results',
  // v2: the patient index carries the list's columns, so a search by patient reads no table row
  version: 2,
  handles: Object.keys(RESULTS_EVENT_SCHEMAS),
  tables: ['test_results', 'test_result_counts'],
  // Without foreign keys, so that it can be emptied and rebuilt from the events. The list (spec 2 §2.7) is newest
  // first, 20 a page: each filter's index ends in (entered_at DESC, id DESC); the search's test names have a trigram
  // index and its patients an index with the list's columns; the cards and an unsearched total are read from the
  // counts, not counted over 200,000 rows.
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
    CREATE INDEX IF NOT EXISTS test_results_patient_list_idx
      ON test_results (patient_id) INCLUDE (id, institution_id, entered_at, status);
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    CREATE INDEX IF NOT EXISTS test_results_test_name_trgm_idx
      ON test_results USING gin (lower(test_name) gin_trgm_ops) WITH (fastupdate = off);
    CREATE TABLE IF NOT EXISTS test_result_counts (
      institution_id integer NOT NULL,
      status text NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (institution_id, status)
    );`,
  apply: applyResultEvent,
};
