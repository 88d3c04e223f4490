/**
 * The figures of test requests by what they test (spec 3 §3 test_types, Institution analytics, Patient analytics),
 * over the kit's test-request summary (whose, status, archived) and request_tests (test name, sample type, result
 * date). Archived requests are no longer counted. Completion is completed requests / all, in percent.
 */
import {
  ANALYTICS_TOP_COUNT,
  TEST_REQUEST_STATUSES,
  testRequestStatusSchema,
  testTypeFiguresSchema,
  type AnalyticsScope,
  type InstitutionAnalytics,
  type PatientAnalytics,
  type TestTypeFigures,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { countSchema, REQUEST_COLUMNS, PATIENT_COLUMNS, scopeCondition, since } from '../activity/queries';

/** completed / all in percent with one decimal; 0 when there is nothing. */
export const completionRate = (completed: number, all: number): number =>
  all === 0 ? 0 : Math.round((1000 * completed) / all) / 10;

const REQUESTS = sql.fragment`test_request_summaries r JOIN request_tests t ON t.id = r.id`;

/** The test types requested in the last `days` days within the scope, most requested first. */
export async function testTypeFigures(
  db: CommonQueryMethods,
  scope: AnalyticsScope,
  days: number,
): Promise<TestTypeFigures[]> {
  const rows = await db.any(sql.type(
    testTypeFiguresSchema.omit({ completion_rate: true }).extend({ completed: z.number().int() }),
  )`
    SELECT t.test_name AS name, t.sample_type AS category, count(*)::int AS request_count,
           (count(*) FILTER (WHERE r.status = 'completed'))::int AS completed
    FROM ${REQUESTS}
    WHERE NOT r.archived AND r.created_at >= ${since(days)} AND ${scopeCondition(scope, REQUEST_COLUMNS)}
    GROUP BY t.test_name, t.sample_type
    ORDER BY request_count DESC, name, category`);
  return rows.map(({ completed, ...row }) => ({
    ...row,
    completion_rate: completionRate(completed, row.request_count),
  }));
}

const institutionNameSchema = z.object({ name: z.string() });

/**
 * One institution's figures over the last `days` days, or null when identity has not registered it. Users are
 * active when they signed in or acted (an audit entry) in the timeframe; completed results are 0 until the results
 * service exists; clinicians are the institution's active ones with the patients they ordered tests for there.
 */
export async function institutionAnalytics(
  db: CommonQueryMethods,
  institutionId: number,
  days: number,
): Promise<InstitutionAnalytics | null> {
  const institution = await db.maybeOne(sql.type(institutionNameSchema)`
    SELECT name FROM institutions WHERE id = ${institutionId}`);
  if (institution === null) return null;
  const from = since(days);
  const requests = sql.fragment`NOT r.archived AND r.institution_id = ${institutionId} AND r.created_at >= ${from}`;
  const members = sql.fragment`u.is_active AND (u.institution_id = ${institutionId}
    OR ${institutionId} = ANY(u.clinician_institution_ids))`;
  const [testRequests, patients, activeUsers, byStatus, topTestTypes, clinicians] = await Promise.all([
    db.oneFirst(sql.type(countSchema)`SELECT count(*)::int AS count FROM test_request_summaries r WHERE ${requests}`),
    db.oneFirst(sql.type(countSchema)`
      SELECT count(*)::int AS count FROM patients p
      WHERE NOT p.deleted AND ${institutionId} = ANY(p.institution_ids) AND p.registered_at >= ${from}`),
    db.oneFirst(sql.type(countSchema)`
      SELECT count(*)::int AS count FROM users u
      WHERE ${members}
        AND (EXISTS (SELECT 1 FROM logins l WHERE l.user_id = u.id AND l.logged_in_at >= ${from})
          OR EXISTS (SELECT 1 FROM audit_entries e WHERE e.actor_id = u.id AND e.occurred_at >= ${from}))`),
    db.any(sql.type(z.object({ status: testRequestStatusSchema, count: z.number().int() }))`
      SELECT r.status, count(*)::int AS count FROM test_request_summaries r WHERE ${requests}
      GROUP BY r.status
      ORDER BY array_position(${sql.array([...TEST_REQUEST_STATUSES], 'text')}, r.status)`),
    db.any(sql.type(z.object({ test_type_name: z.string(), count: z.number().int() }))`
      SELECT t.test_name AS test_type_name, count(*)::int AS count FROM ${REQUESTS} WHERE ${requests}
      GROUP BY t.test_name ORDER BY count DESC, test_type_name LIMIT ${ANALYTICS_TOP_COUNT}`),
    db.any(sql.type(z.object({ id: z.number().int(), name: z.string(), patient_count: z.number().int() }))`
      SELECT u.id, u.first_name || ' ' || u.last_name AS name,
             (SELECT count(DISTINCT r.patient_id)::int FROM test_request_summaries r
              WHERE ${requests} AND r.clinician_id = u.id) AS patient_count
      FROM users u
      WHERE ${members} AND u.role = 'clinician'
      ORDER BY patient_count DESC, u.last_name, u.first_name, u.id`),
  ]);
  return {
    institution_name: institution.name,
    summary: { test_requests: testRequests, patients, active_users: activeUsers, completed_results: 0 },
    test_requests_by_status: [...byStatus],
    top_test_types: [...topTestTypes],
    clinician_performance: [...clinicians],
  };
}

const patientNameSchema = z.object({ first_name: z.string(), last_name: z.string() });
const timelineRowSchema = z.object({
  date: z.string(),
  test_type: z.string(),
  status: testRequestStatusSchema,
  result_date: z.string().nullable(),
});

/**
 * A patient's test requests (all of them, within the scope's institutions), or null when the patient is unknown,
 * deleted or in none of the scope's institutions. Its name is read for this answer only, never logged.
 */
export async function patientAnalytics(
  db: CommonQueryMethods,
  scope: AnalyticsScope,
  patientId: number,
): Promise<PatientAnalytics | null> {
  const patient = await db.maybeOne(sql.type(patientNameSchema)`
    SELECT n.first_name, n.last_name FROM patients p JOIN patient_names n ON n.id = p.id
    WHERE p.id = ${patientId} AND NOT p.deleted AND ${scopeCondition(scope, PATIENT_COLUMNS)}`);
  if (patient === null) return null;
  const rows = await db.any(sql.type(timelineRowSchema)`
    SELECT r.created_at AS date, t.test_name AS test_type, r.status, t.completed_at AS result_date
    FROM ${REQUESTS}
    WHERE NOT r.archived AND r.patient_id = ${patientId} AND ${scopeCondition(scope, REQUEST_COLUMNS)}
    ORDER BY r.created_at, r.id`);
  const timeline = rows.map((row) => ({ ...row, completed: row.status === 'completed' }));
  const completed = timeline.filter((row) => row.completed).length;
  const frequency = new Map<string, number>();
  for (const row of timeline) frequency.set(row.test_type, (frequency.get(row.test_type) ?? 0) + 1);
  return {
    patient_name: `${patient.first_name} ${patient.last_name}`,
    summary: {
      total_tests: timeline.length,
      completed_tests: completed,
      pending_tests: timeline.filter((row) => row.status === 'pending').length,
      completion_rate: completionRate(completed, timeline.length),
    },
    test_frequency: [...frequency]
      .map(([test_type, count]) => ({ test_type, count }))
      .sort((a, b) => b.count - a.count || a.test_type.localeCompare(b.test_type)),
    timeline,
  };
}
