/**
 * The results list and one result, within the caller's scope (canReadResult's rule, as SQL), with the names joined
 * from the projections of clinical's and identity's events; and the facts a new result is decided on.
 */
import {
  EXTERNAL_LAB_STATUSES,
  formatRequestId,
  formatResultId,
  parseDisplayId,
  RESULT_STATUSES,
  resultMarkerSchema,
  resultReportFileName,
  resultRows,
  TEST_REQUEST_STATUSES,
  type Caller,
  type ResultDetail,
  type ResultListQuery,
  type ResultMarker,
  type ResultRecord,
  type ResultStatus,
} from '@labline/contracts';
import { sql, type CommonQueryMethods, type FragmentSqlToken, type ListSqlToken } from 'slonik';
import { z } from 'zod';
import type { TestRequestFacts } from '../../domain/result/decide';

/** The results a caller sees (the routes' guard has already kept out every role but the result roles). */
export function resultScope(caller: Caller, column = sql.fragment`r.institution_id`): FragmentSqlToken {
  if (caller.role === 'super_admin') return sql.fragment`true`;
  const [only, ...others] = caller.institutionIds;
  // one institution (most callers) as an equality: the list walks its (institution, newest first) index in order
  if (only !== undefined && others.length === 0) return sql.fragment`${column} = ${only}`;
  return sql.fragment`${column} = ANY(${sql.array([...caller.institutionIds], 'int4')})`;
}

const iso = (column: string) =>
  sql.fragment`to_char(${sql.identifier(['r', column])} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const COLUMNS = sql.fragment`
  r.id, r.test_request_id, r.test_name, r.status, r.result_data, r.result_values, r.interpretation,
  ${iso('entered_at')} AS entered_at, r.entered_by, ue.first_name AS entered_by_name,
  ue.last_name AS entered_by_lastname,
  ${iso('reviewed_at')} AS reviewed_at, r.reviewed_by, ur.first_name AS reviewed_by_name,
  ur.last_name AS reviewed_by_lastname,
  ${iso('released_at')} AS released_at, r.released_by, ul.first_name AS released_by_name,
  ul.last_name AS released_by_lastname,
  ${iso('first_released_at')} AS first_released_at, ${iso('amended_at')} AS amended_at, r.amendment_reason,
  ${iso('updated_at')} AS updated_at,
  r.institution_id, n.name AS institution_name, r.patient_id, p.first_name AS patient_first_name,
  p.last_name AS patient_last_name, p.medical_record_number, p.date_of_birth, p.gender, t.barcode_number,
  coalesce(o.status, 'pending') AS external_api_status, o.external_lab_id,
  to_char(o.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS api_order_submitted_at,
  to_char(o.results_received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS api_results_received_at,
  o.results_received_at IS NOT NULL AS has_external_results`;
/**
 * The names joined to a result row `r`. A page joins them after its ids (pageOf: page JOIN test_results r, then these):
 * with the page beside them the query has nine relations, past Postgres's join_collapse_limit (8), which then keeps the
 * written order, so the page must come first or every result is read (550 ms instead of 4 ms at 200,000).
 */
const JOINS = sql.fragment`
  LEFT JOIN results_patients p ON p.id = r.patient_id
  LEFT JOIN results_test_requests t ON t.id = r.test_request_id
  LEFT JOIN institutions n ON n.id = r.institution_id
  LEFT JOIN users ue ON ue.id = r.entered_by
  LEFT JOIN users ur ON ur.id = r.reviewed_by
  LEFT JOIN users ul ON ul.id = r.released_by
  LEFT JOIN external_orders o ON o.result_id = r.id`;
const SOURCE = sql.fragment`test_results r ${JOINS}`;

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();
const rowSchema = z.object({
  id: z.number().int(),
  test_request_id: z.number().int(),
  test_name: z.string(),
  status: z.enum(RESULT_STATUSES),
  result_data: z.string(),
  result_values: nullableText,
  interpretation: nullableText,
  entered_at: z.string(),
  entered_by: nullableId,
  entered_by_name: nullableText,
  entered_by_lastname: nullableText,
  reviewed_at: nullableText,
  reviewed_by: nullableId,
  reviewed_by_name: nullableText,
  reviewed_by_lastname: nullableText,
  released_at: nullableText,
  released_by: nullableId,
  released_by_name: nullableText,
  released_by_lastname: nullableText,
  first_released_at: nullableText,
  amended_at: nullableText,
  amendment_reason: nullableText,
  updated_at: z.string(),
  institution_id: z.number().int(),
  institution_name: nullableText,
  patient_id: z.number().int(),
  patient_first_name: nullableText,
  patient_last_name: nullableText,
  medical_record_number: nullableText,
  date_of_birth: nullableText,
  gender: nullableText,
  barcode_number: nullableText,
  external_api_status: z.enum(EXTERNAL_LAB_STATUSES),
  external_lab_id: nullableText,
  api_order_submitted_at: nullableText,
  api_results_received_at: nullableText,
  has_external_results: z.boolean(),
});

const withIds = (row: z.infer<typeof rowSchema>): ResultRecord => ({
  ...row,
  display_id: formatResultId(row.id),
  test_request_display_id: formatRequestId(row.test_request_id),
});

/**
 * The search (spec 2 §2.7): the patient's name or MRN, the test name, a RES- or REQ- id (or its number), within the
 * caller's scope, as the ids, times and statuses of the matching results. Each way of matching is a query of its own,
 * joined by UNION, so each reads its own index: the patient's through (patient_id) with the list's columns included,
 * without visiting the table (an OR of them would read every match from the table).
 */
function searchMatches(caller: Caller, search: string): ListSqlToken {
  const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const ways = [
    sql.fragment`r.patient_id = ANY(ARRAY(SELECT id FROM results_patients WHERE search_text LIKE ${like}))`,
    sql.fragment`lower(r.test_name) LIKE ${like}`,
  ];
  for (const kind of ['testResult', 'testRequest'] as const) {
    const id = parseDisplayId(kind, search);
    if (id !== null && id <= 2_147_483_647) {
      ways.push(kind === 'testResult' ? sql.fragment`r.id = ${id}` : sql.fragment`r.test_request_id = ${id}`);
    }
  }
  return sql.join(
    ways.map(
      (way) =>
        sql.fragment`SELECT r.id, r.entered_at, r.status FROM test_results r WHERE ${resultScope(caller)} AND ${way}`,
    ),
    sql.fragment` UNION `,
  );
}

const countsSchema = z.object({ status: z.enum(RESULT_STATUSES), count: z.number().int() });
type Counts = Record<ResultStatus | 'total', number>;

function countsFrom(rows: readonly z.infer<typeof countsSchema>[]): Counts {
  const byStatus = Object.fromEntries(RESULT_STATUSES.map((status) => [status, 0])) as Record<ResultStatus, number>;
  for (const { status, count } of rows) byStatus[status] = count;
  return { ...byStatus, total: RESULT_STATUSES.reduce((sum, status) => sum + byStatus[status], 0) };
}

/** The page of `source`'s ids (newest first, skipping the earlier pages' rows without joining them), then its names. */
const pageOf = (source: FragmentSqlToken, limit: number, offset: number) => sql.fragment`
  SELECT ${COLUMNS}
  FROM (SELECT id, entered_at FROM ${source} ORDER BY entered_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}) page
    JOIN test_results r ON r.id = page.id ${JOINS}
  ORDER BY r.entered_at DESC, r.id DESC`;

const foundSchema = z.object({ rows: z.array(rowSchema), counts: z.array(countsSchema) });

/** A page of the list, newest first, how many match, and the cards' counts (over the search, any status). */
export async function listResults(db: CommonQueryMethods, caller: Caller, query: ResultListQuery) {
  const offset = (query.page - 1) * query.limit;
  if (query.search) {
    // The matches once, for both the page (of the status asked for) and the cards' counts (over every status).
    const byStatus = query.status ? sql.fragment`status = ${query.status}` : sql.fragment`true`;
    const found = await db.one(sql.type(foundSchema)`
      WITH matched AS MATERIALIZED (${searchMatches(caller, query.search)}),
      listed AS (${pageOf(sql.fragment`(SELECT id, entered_at FROM matched WHERE ${byStatus}) filtered`, query.limit, offset)})
      SELECT
        (SELECT coalesce(json_agg(listed), '[]') FROM listed) AS rows,
        (SELECT coalesce(json_agg(c), '[]')
         FROM (SELECT status, count(*)::int AS count FROM matched GROUP BY status) c) AS counts`);
    const counts = countsFrom(found.counts);
    return {
      results: found.rows.map(withIds),
      total: query.status ? counts[query.status] : counts.total,
      counts,
    };
  }
  const conditions = [resultScope(caller)];
  if (query.status) conditions.push(sql.fragment`r.status = ${query.status}`);
  const [rows, kept] = await Promise.all([
    db.any(sql.type(rowSchema)`
      ${pageOf(sql.fragment`(SELECT r.id, r.entered_at FROM test_results r WHERE ${sql.join(conditions, sql.fragment` AND `)}) matched`, query.limit, offset)}`),
    // The cards' counts from the kept counts.
    db.any(sql.type(countsSchema)`
      SELECT c.status, sum(c.count)::int AS count FROM test_result_counts c
      WHERE ${resultScope(caller, sql.fragment`c.institution_id`)}
      GROUP BY c.status`),
  ]);
  const counts = countsFrom(kept);
  return { results: rows.map(withIds), total: query.status ? counts[query.status] : counts.total, counts };
}

const detailSchema = z.object({
  markers: z.array(resultMarkerSchema),
  institution_address: nullableText,
  requested_at: nullableText,
  sample_type: nullableText,
  priority: nullableText,
  notes: nullableText,
  lab_name: nullableText,
});

/** A result the caller sees, with its markers, rows, test request and report name, or null. */
export async function findResult(db: CommonQueryMethods, caller: Caller, id: number): Promise<ResultDetail | null> {
  const row = await db.maybeOne(sql.type(rowSchema)`
    SELECT ${COLUMNS} FROM ${SOURCE} WHERE r.id = ${id} AND ${resultScope(caller)}`);
  if (!row) return null;
  const detail = await db.one(sql.type(detailSchema)`
    SELECT r.markers, n.address AS institution_address,
      to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS requested_at,
      t.sample_type, t.priority, t.notes, l.name AS lab_name
    FROM test_results r
    LEFT JOIN test_request_summaries s ON s.id = r.test_request_id
    LEFT JOIN results_test_requests t ON t.id = r.test_request_id
    LEFT JOIN institutions n ON n.id = r.institution_id
    LEFT JOIN results_catalogue l ON l.id = t.lab_id AND l.kind = 'labs'
    WHERE r.id = ${id}`);
  const { markers, ...testRequest } = detail;
  return {
    ...withIds(row),
    test_request: { ...testRequest, institution_name: row.institution_name },
    markers,
    rows: resultRows(row.result_data, markers),
    report_file_name: resultReportFileName(row.id, row.patient_first_name ?? '', row.patient_last_name ?? ''),
  };
}

const testRequestSchema = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  patient_id: z.number().int(),
  clinician_id: nullableId,
  test_name: z.string(),
  status: z.enum(TEST_REQUEST_STATUSES),
  archived: z.boolean(),
  marker_ids: z.array(z.number().int()),
});

/** The facts of a new result: the test request, its markers with their ranges now, and whether it has a result. */
export async function entryFacts(db: CommonQueryMethods, testRequestId: number) {
  const request = await db.maybeOne(sql.type(testRequestSchema)`
    SELECT s.id, s.institution_id, s.patient_id, s.clinician_id, s.test_name, s.status, s.archived, t.marker_ids
    FROM test_request_summaries s JOIN results_test_requests t ON t.id = s.id WHERE s.id = ${testRequestId}`);
  if (!request) return { testRequest: null, markers: [], hasResult: false };
  const markers = await db.any(sql.type(resultMarkerSchema)`
    SELECT id AS marker_id, name, description, units, units_ucum, range_min, range_max
    FROM results_catalogue
    WHERE kind = 'markers' AND id = ANY(${sql.array([...request.marker_ids], 'int4')})
    ORDER BY array_position(${sql.array([...request.marker_ids], 'int4')}, id)`);
  const hasResult = await db.exists(sql.unsafe`SELECT 1 FROM test_results WHERE test_request_id = ${testRequestId}`);
  const { marker_ids: _markerIds, ...testRequest } = request;
  return {
    testRequest: testRequest satisfies TestRequestFacts,
    markers: markers satisfies readonly ResultMarker[] as ResultMarker[],
    hasResult,
  };
}

/** Display names of users (the history's actors). */
export async function userNames(db: CommonQueryMethods, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.any(sql.type(z.object({ id: z.number().int(), name: z.string() }))`
    SELECT id, first_name || ' ' || last_name AS name FROM users WHERE id = ANY(${sql.array([...ids], 'int4')})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}
