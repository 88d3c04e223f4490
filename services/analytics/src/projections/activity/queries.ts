/**
 * The dashboard's and the activity filter's figures over the projections (clinical-activity, logins, identity's
 * directory), each within a DashboardScope: the scope's condition is in every read, so none leaves it out.
 */
import {
  ACTIVITY_DESCRIPTIONS,
  activitySchema,
  dashboardChangeSchema,
  DASHBOARD_LIMITS,
  institutionActivitySchema,
  institutionFiguresSchema,
  roleSchema,
  type Activity,
  type AuditAction,
  type DashboardScope,
  type InstitutionFigures,
  type Role,
  type UserActivity,
} from '@labline/contracts';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

export const countSchema = z.object({ count: z.number().int() });

/**
 * A record's institutions and clinician, as SQL of the table read: `within` is the record being in some of the
 * institutions (`ids`, an int4[]): `= ANY` for a record of one institution, `&&` for one of several.
 */
export interface ScopedColumns {
  within: (ids: FragmentSqlToken) => FragmentSqlToken;
  clinicianId: FragmentSqlToken;
}

export function scopeCondition(scope: DashboardScope, columns: ScopedColumns): FragmentSqlToken {
  const within = (ids: readonly number[]) => columns.within(sql.fragment`${sql.array([...ids], 'int4')}`);
  switch (scope.kind) {
    case 'all':
      return sql.fragment`true`;
    case 'institutions':
      return within(scope.institutionIds);
    case 'clinician':
      return scope.institutionIds === null
        ? sql.fragment`${columns.clinicianId} = ${scope.clinicianId}`
        : sql.fragment`${columns.clinicianId} = ${scope.clinicianId} AND ${within(scope.institutionIds)}`;
  }
}

export const REQUEST_COLUMNS: ScopedColumns = {
  within: (ids) => sql.fragment`r.institution_id = ANY(${ids})`,
  clinicianId: sql.fragment`r.clinician_id`,
};
export const PATIENT_COLUMNS: ScopedColumns = {
  within: (ids) => sql.fragment`p.institution_ids && ${ids}`,
  clinicianId: sql.fragment`p.clinician_id`,
};
/** An activity's clinician is its record's (the request's or the patient's) as it is now. */
const ACTIVITY_COLUMNS: ScopedColumns = {
  within: (ids) => sql.fragment`a.institution_ids && ${ids}`,
  clinicianId: sql.fragment`coalesce(r.clinician_id, p.clinician_id)`,
};
const ACTIVITY_SOURCE = sql.fragment`
  activities a
  LEFT JOIN test_request_summaries r ON r.id = a.test_request_id
  LEFT JOIN patients p ON p.id = a.patient_id`;

export const since = (days: number) => sql.fragment`now() - make_interval(days => ${days})`;

/** Test requests created in the last `days` days within the scope (archived ones are no longer counted). */
export function requestsCreated(db: CommonQueryMethods, scope: DashboardScope, days: number): Promise<number> {
  return db.oneFirst(sql.type(countSchema)`
    SELECT count(*)::int AS count FROM test_request_summaries r
    WHERE NOT r.archived AND r.created_at >= ${since(days)} AND ${scopeCondition(scope, REQUEST_COLUMNS)}`);
}

/** Results first released (final) in the last `days` days within the scope, by their test request's. */
export function resultsCompleted(db: CommonQueryMethods, scope: DashboardScope, days: number): Promise<number> {
  return db.oneFirst(sql.type(countSchema)`
    SELECT count(*)::int AS count FROM result_status s JOIN test_request_summaries r ON r.id = s.test_request_id
    WHERE s.released_at >= ${since(days)} AND ${scopeCondition(scope, REQUEST_COLUMNS)}`);
}

/** Patients registered in the last `days` days within the scope (deleted ones are no longer counted). */
export function patientsRegistered(db: CommonQueryMethods, scope: DashboardScope, days: number): Promise<number> {
  return db.oneFirst(sql.type(countSchema)`
    SELECT count(*)::int AS count FROM patients p
    WHERE NOT p.deleted AND p.registered_at >= ${since(days)} AND ${scopeCondition(scope, PATIENT_COLUMNS)}`);
}

/** Requests created per day (UTC) in the last `days` days: the last `trendEntries` days with any, oldest first. */
export async function requestTrends(
  db: CommonQueryMethods,
  scope: DashboardScope,
  days: number,
): Promise<{ date: string; count: number }[]> {
  const rows = await db.any(sql.type(z.object({ date: z.string(), count: z.number().int() }))`
    SELECT to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS count
    FROM test_request_summaries r
    WHERE NOT r.archived AND r.created_at >= ${since(days)} AND ${scopeCondition(scope, REQUEST_COLUMNS)}
    GROUP BY 1 ORDER BY 1 DESC LIMIT ${DASHBOARD_LIMITS.trendEntries}`);
  return [...rows].reverse();
}

/** An audit entry (`e`) is of one institution and has no clinician: a clinician's scope never lists one. */
export const AUDIT_COLUMNS: ScopedColumns = {
  within: (ids) => sql.fragment`e.institution_id = ANY(${ids})`,
  clinicianId: sql.fragment`NULL::int`,
};

/** identity's account changes that super_admin's Recent Activity lists as `system` (include_user_activity). */
const SYSTEM_ACTIVITY_DESCRIPTIONS: Partial<Record<AuditAction, string>> = {
  created: ACTIVITY_DESCRIPTIONS.userCreated,
  updated: ACTIVITY_DESCRIPTIONS.userUpdated,
  deactivated: ACTIVITY_DESCRIPTIONS.userDeactivated,
  reactivated: ACTIVITY_DESCRIPTIONS.userReactivated,
};

/** The `system` activities of the last `days` days within the scope: the audit trail's changes to accounts. */
function systemActivities(scope: DashboardScope, days: number): FragmentSqlToken {
  const descriptions = Object.entries(SYSTEM_ACTIVITY_DESCRIPTIONS).map(
    ([action, description]) => sql.fragment`WHEN ${action} THEN ${description}`,
  );
  const actions = sql.array(Object.keys(SYSTEM_ACTIVITY_DESCRIPTIONS), 'text');
  return sql.fragment`
    SELECT 'system' AS type, CASE e.action ${sql.join(descriptions, sql.fragment` `)} END AS description,
           NULL::text AS status, e.actor_id, e.institution_id, e.occurred_at AS created_at, e.event_id,
           NULL::bigint AS position
    FROM audit_entries e
    WHERE e.table_name = 'users' AND e.action = ANY(${actions}) AND e.occurred_at >= ${since(days)}
      AND ${scopeCondition(scope, AUDIT_COLUMNS)}`;
}

/**
 * The newest activities of the last `days` days within the scope, newest first, with the acting user's name
 * (null: the system, or a user identity has not described yet) and, when `withInstitution`, the record's
 * primary institution's name; `withSystem` adds identity's account changes as `system` activities.
 */
export async function recentActivity(
  db: CommonQueryMethods,
  scope: DashboardScope,
  days: number,
  withInstitution: boolean,
  withSystem = false,
): Promise<Activity[]> {
  const records = sql.fragment`
    SELECT a.type, a.description, a.status, a.actor_id, a.institution_ids[1] AS institution_id, a.created_at,
           a.event_id, a.position
    FROM ${ACTIVITY_SOURCE}
    WHERE a.created_at >= ${since(days)} AND ${scopeCondition(scope, ACTIVITY_COLUMNS)}`;
  const rows = await db.any(sql.type(activitySchema)`
    SELECT x.type, x.description, x.status,
           CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS user_name,
           CASE WHEN ${withInstitution} THEN i.name END AS institution_name,
           x.created_at
    FROM (${records} ${withSystem ? sql.fragment`UNION ALL ${systemActivities(scope, days)}` : sql.fragment``}) x
    LEFT JOIN users u ON u.id = x.actor_id
    LEFT JOIN institutions i ON i.id = x.institution_id
    -- events of the same instant in the order they were projected (a stock movement before the low stock it caused)
    ORDER BY x.created_at DESC, x.position DESC NULLS LAST, x.event_id
    LIMIT ${DASHBOARD_LIMITS.recentActivity}`);
  return [...rows];
}

/** Institutions identity has registered (it has no deactivation of an institution: all are active). */
export function activeInstitutions(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(countSchema)`SELECT count(*)::int AS count FROM institutions`);
}

/** The most active institutions of the last `days` days (activities of their records), then by name. */
export async function institutionsByActivity(
  db: CommonQueryMethods,
  days: number,
): Promise<z.infer<typeof institutionActivitySchema>[]> {
  const rows = await db.any(sql.type(institutionActivitySchema)`
    SELECT i.name AS institution_name, count(a.event_id)::int AS activity_count, max(a.created_at) AS last_activity
    FROM institutions i
    LEFT JOIN activities a ON i.id = ANY(a.institution_ids) AND a.created_at >= ${since(days)}
    GROUP BY i.id, i.name
    ORDER BY activity_count DESC, i.name, i.id
    LIMIT ${DASHBOARD_LIMITS.institutionPerformance}`);
  return [...rows];
}

/** Active users with the clinician role. */
export function activeClinicians(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(countSchema)`
    SELECT count(*)::int AS count FROM users WHERE role = 'clinician' AND is_active`);
}

/**
 * Every institution with its active users, and its patients registered and test requests created in the last
 * `days` days, and its results first released in them.
 */
export async function institutionFigures(db: CommonQueryMethods, days: number): Promise<InstitutionFigures[]> {
  const rows = await db.any(sql.type(institutionFiguresSchema)`
    SELECT i.id, i.name,
      (SELECT count(*)::int FROM users u
        WHERE u.is_active AND (u.institution_id = i.id OR i.id = ANY(u.clinician_institution_ids))) AS user_count,
      (SELECT count(*)::int FROM patients p
        WHERE NOT p.deleted AND i.id = ANY(p.institution_ids) AND p.registered_at >= ${since(days)})
        AS patient_count,
      (SELECT count(*)::int FROM test_request_summaries r
        WHERE NOT r.archived AND r.institution_id = i.id AND r.created_at >= ${since(days)}) AS test_request_count,
      (SELECT count(*)::int FROM result_status s
        WHERE s.institution_id = i.id AND s.released_at >= ${since(days)}) AS completed_results_count
    FROM institutions i
    ORDER BY i.name, i.id`);
  return [...rows];
}

const userActivityRowSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  institution_name: z.string().nullable(),
  login_count: z.number().int(),
  requests_created: z.number().int(),
  results_entered: z.number().int(),
  last_activity: z.string().nullable(),
});

/**
 * Active users (of `institutionIds`' institutions when given, with `role` when given) and what they did in the
 * last `days` days: sign-ins, requests they ordered (requested_by), the newest of their sign-ins and activities. Most active first, then
 * by name, with the results they entered.
 */
export async function userActivity(
  db: CommonQueryMethods,
  filter: { institutionIds: readonly number[] | null; role: Role | undefined; days: number },
): Promise<UserActivity[]> {
  const conditions = [sql.fragment`u.is_active`];
  if (filter.institutionIds !== null) {
    const ids = sql.array([...filter.institutionIds], 'int4');
    conditions.push(sql.fragment`(u.institution_id = ANY(${ids}) OR u.clinician_institution_ids && ${ids})`);
  }
  if (filter.role !== undefined) conditions.push(sql.fragment`u.role = ${filter.role}`);
  const from = since(filter.days);
  const rows = await db.any(sql.type(userActivityRowSchema)`
    WITH figures AS (
      SELECT u.id, u.first_name, u.last_name, u.role, i.name AS institution_name,
        (SELECT count(*)::int FROM logins l WHERE l.user_id = u.id AND l.logged_in_at >= ${from}) AS login_count,
        (SELECT count(*)::int FROM test_request_summaries r WHERE r.requested_by = u.id AND r.created_at >= ${from})
          AS requests_created,
        (SELECT count(*)::int FROM result_status s WHERE s.entered_by = u.id AND s.entered_at >= ${from})
          AS results_entered,
        greatest(
          (SELECT max(l.logged_in_at) FROM logins l WHERE l.user_id = u.id AND l.logged_in_at >= ${from}),
          (SELECT max(a.created_at) FROM activities a WHERE a.actor_id = u.id AND a.created_at >= ${from})
        ) AS last_activity
      FROM users u LEFT JOIN institutions i ON i.id = u.institution_id
      WHERE ${sql.join(conditions, sql.fragment` AND `)}
    )
    SELECT * FROM figures
    ORDER BY requests_created + results_entered + login_count DESC, last_name, first_name, id`);
  return [...rows];
}

const activityChangeSchema = z.object({
  position: z.number().int(),
  type: dashboardChangeSchema.shape.type,
  test_request_id: z.number().int().nullable(),
  patient_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

/**
 * The live stream's replay: activities projected after `position` within the scope, in projection order, at
 * most `limit` (the newest of them: a dashboard only needs to know that something changed).
 */
export async function activityChangesAfter(
  db: CommonQueryMethods,
  scope: DashboardScope,
  position: number,
  limit: number,
): Promise<ActivityChange[]> {
  const rows = await db.any(sql.type(activityChangeSchema)`
    SELECT * FROM (
      SELECT a.position, a.type, a.test_request_id, a.patient_id, a.created_at
      FROM ${ACTIVITY_SOURCE}
      WHERE a.position > ${position} AND ${scopeCondition(scope, ACTIVITY_COLUMNS)}
      ORDER BY a.position DESC LIMIT ${limit}
    ) newest ORDER BY position`);
  return [...rows];
}

/** The newest activity's position (0 when none): where a new stream's Last-Event-ID starts. */
export function latestActivityPosition(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(z.object({ position: z.number().int() }))`
    SELECT coalesce(max(position), 0)::int8 AS position FROM activities`);
}

/**
 * Inventory items at or below their threshold (the Low Stock Alert): the global ones and those of `institutionIds`
 * (null: every item).
 */
export function lowStockCount(db: CommonQueryMethods, institutionIds: readonly number[] | null): Promise<number> {
  const within =
    institutionIds === null
      ? sql.fragment`true`
      : sql.fragment`(s.institution_id IS NULL OR s.institution_id = ANY(${sql.array([...institutionIds], 'int4')}))`;
  return db.oneFirst(sql.type(countSchema)`
    SELECT count(*)::int AS count FROM inventory_stock s
    WHERE s.quantity_available <= s.minimum_threshold AND ${within}`);
}

/** Pending Fulfillment (issue 25): the requests still pending, within the institutions (null: every one). */
export function pendingFulfillmentCount(
  db: CommonQueryMethods,
  institutionIds: readonly number[] | null,
): Promise<number> {
  const within =
    institutionIds === null
      ? sql.fragment`true`
      : sql.fragment`f.institution_id = ANY(${sql.array([...institutionIds], 'int4')})`;
  return db.oneFirst(sql.type(countSchema)`
    SELECT count(*)::int AS count FROM fulfillment_status f WHERE f.status = 'pending' AND ${within}`);
}
