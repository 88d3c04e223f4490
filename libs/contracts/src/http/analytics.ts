/**
 * The analytics read side's HTTP contract for the dashboard (spec 1 §2, §3 "Dashboard data", §7 "Dashboard and
 * filters"): GET /analytics/dashboard, and the activity filter's lists GET /analytics/institutions and
 * GET /analytics/user-activity?role=clinician (spec 3 §3 analytics shapes). Figures are over the timeframe's
 * days up to now, within what the caller may see: super_admin everything (or the filter's institution or
 * clinician), everyone else their own institutions, a clinician their own patients and requests.
 */
import { z } from 'zod';
import {
  ACTIVITY_FILTERS,
  ACTIVITY_TYPES,
  ANALYTICS_TIMEFRAMES,
  AUDIT_ACTIONS,
  AUDIT_LOG_PAGE_SIZE,
  AUDIT_RECORD_TYPES,
  DASHBOARD_TIMEFRAMES,
  DEFAULT_ANALYTICS_TIMEFRAME,
  DEFAULT_DASHBOARD_TIMEFRAME,
} from '../analytics';
import { ROLES } from '../access';
import { TEST_REQUEST_STATUSES } from '../test-requests';
import { pageQuerySchema, paginationSchema } from './common';
import { idText, positiveIntegerText, queryBooleanSchema, requestObject } from './fields';

/** A timeframe in the query ('30'), one of `values`, `fallback` when absent. */
const timeframeText = <T extends readonly number[]>(values: T, fallback: T[number]) =>
  z
    .enum(values.map(String) as [string, ...string[]], { message: `must be one of ${values.join(', ')}` })
    .optional()
    .transform((value) => (value === undefined ? fallback : (Number(value) as T[number])));

/** GET /analytics/dashboard (spec 1 §7). institution_id and clinician_id are super_admin's activity filter. */
export const dashboardQuerySchema = requestObject({
  timeframe: timeframeText(DASHBOARD_TIMEFRAMES, DEFAULT_DASHBOARD_TIMEFRAME),
  activity_filter: z.enum(ACTIVITY_FILTERS).default('all'),
  include_user_activity: queryBooleanSchema.optional(),
  institution_id: idText.optional(),
  clinician_id: idText.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const activitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  /** What happened, or null for the type's default description (ACTIVITY_DEFAULT_DESCRIPTIONS). */
  description: z.string().nullable(),
  /** The record's status after it (a test request's status; null where a record has none). */
  status: z.string().nullable(),
  /** Who did it; null for the system. */
  user_name: z.string().nullable(),
  /** super_admin only: null for everyone else. */
  institution_name: z.string().nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const institutionActivitySchema = z.object({
  institution_name: z.string(),
  activity_count: z.number().int(),
  /** null: no activity in the timeframe (shown 'N/A'). */
  last_activity: z.string().nullable(),
});

/** spec 1 §3 Dashboard data. A figure whose service is not running yet is null, and its card is not shown. */
export const dashboardSchema = z.object({
  timeframe: z.number().int(),
  test_requests: z.object({ total: z.number().int() }),
  /** Patients registered in the timeframe (the New Patients card). */
  patients: z.object({ total: z.number().int() }),
  results: z.object({ completed: z.number().int() }).nullable(),
  fulfillment: z.object({ pending: z.number().int() }).nullable(),
  inventory: z.object({ low_stock_count: z.number().int() }).nullable(),
  /** super_admin only (null for everyone else): active institutions and the five most active. */
  institutions: z.object({ active: z.number().int(), by_activity: z.array(institutionActivitySchema) }).nullable(),
  /** super_admin only (null for everyone else). */
  clinicians: z.object({ total: z.number().int() }).nullable(),
  /** Test requests per day, oldest first: the last 7 days that have any. */
  test_trends: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** The newest 8, newest first. */
  recent_activity: z.array(activitySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /analytics/institutions?timeframe (spec 3 §7). */
export const analyticsTimeframeQuerySchema = requestObject({
  timeframe: timeframeText(ANALYTICS_TIMEFRAMES, DEFAULT_ANALYTICS_TIMEFRAME),
});

/** spec 3 §3 analytics shapes: institutions. */
export const institutionFiguresSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_count: z.number().int(),
  patient_count: z.number().int(),
  test_request_count: z.number().int(),
  completed_results_count: z.number().int(),
});
export const institutionFiguresListSchema = z.object({ institutions: z.array(institutionFiguresSchema) });
export type InstitutionFigures = z.infer<typeof institutionFiguresSchema>;

/**
 * spec 3 §7: the overall view's query, timeframe and optional institution_id (super_admin's institution filter;
 * for everyone else one of their institutions, else 404): GET /analytics/test-types and /analytics/audit-summary.
 */
export const analyticsScopeQuerySchema = requestObject({
  timeframe: timeframeText(ANALYTICS_TIMEFRAMES, DEFAULT_ANALYTICS_TIMEFRAME),
  institution_id: idText.optional(),
});
export type AnalyticsScopeQuery = z.infer<typeof analyticsScopeQuerySchema>;

/** GET /analytics/user-activity (spec 3 §7): timeframe, optional institution_id and role (the clinician filter). */
export const userActivityQuerySchema = analyticsScopeQuerySchema.extend({
  role: z.enum(ROLES).optional(),
});

/** spec 3 §3 analytics shapes: user_activity. */
export const userActivitySchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  institution_name: z.string().nullable(),
  login_count: z.number().int(),
  requests_created: z.number().int(),
  results_entered: z.number().int(),
  last_activity: z.string().nullable(),
});
export const userActivityListSchema = z.object({ users: z.array(userActivitySchema) });
export type UserActivity = z.infer<typeof userActivitySchema>;

/**
 * A share in percent, 0 to 100 with one decimal (completed / all; 0 when there is nothing to complete).
 */
const percentSchema = z.number().min(0).max(100);

/**
 * spec 3 §3 analytics shapes: test_types, the requests of each test type (the request's test name: its panel or
 * marker) in the timeframe, most requested first. category is the sample type; completion_rate is completed
 * requests / all of that test type's requests, in percent.
 */
export const testTypeFiguresSchema = z.object({
  name: z.string(),
  /** The sample type (null when the request names none). */
  category: z.string().nullable(),
  request_count: z.number().int(),
  completion_rate: percentSchema,
});
export const testTypeFiguresListSchema = z.object({ test_types: z.array(testTypeFiguresSchema) });
export type TestTypeFigures = z.infer<typeof testTypeFiguresSchema>;

/**
 * spec 3 §3 analytics shapes: audit_summary, the audit entries of the timeframe counted per day, action and
 * record type, newest day first (date `YYYY-MM-DD`, UTC).
 */
export const auditSummarySchema = z.object({
  action: z.enum(AUDIT_ACTIONS),
  table_name: z.enum(AUDIT_RECORD_TYPES),
  count: z.number().int(),
  date: z.string(),
});
export const auditSummaryListSchema = z.object({ audit_summary: z.array(auditSummarySchema) });
export type AuditSummary = z.infer<typeof auditSummarySchema>;

/**
 * GET /analytics/audit-log: the Audit Logs tab's list, newest first, AUDIT_LOG_PAGE_SIZE a page; the overall
 * view's timeframe and institution_id, and optionally one action or record type.
 */
export const auditLogQuerySchema = pageQuerySchema.extend({
  limit: positiveIntegerText(100).default(AUDIT_LOG_PAGE_SIZE),
  timeframe: timeframeText(ANALYTICS_TIMEFRAMES, DEFAULT_ANALYTICS_TIMEFRAME),
  institution_id: idText.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  table_name: z.enum(AUDIT_RECORD_TYPES).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One audit entry: who did what to which record and when (one event of any service). */
export const auditLogEntrySchema = z.object({
  /** The event's id (a uuid): the same entry keeps it through a rebuild. */
  id: z.string(),
  occurred_at: z.string(),
  /** Who did it; all null for the system. */
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_role: z.enum(ROLES).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  table_name: z.enum(AUDIT_RECORD_TYPES),
  /** The record's id as its service names it (a number, or a reminder's `{request}-{type}`). */
  record_id: z.string(),
  /** How screens show the record's id: REQ-000012 for a test request, else the id itself. */
  record_display_id: z.string(),
  /** The institution the record belongs to; null for system-wide records (global catalogue items). */
  institution_id: z.number().int().nullable(),
  institution_name: z.string().nullable(),
});
export const auditLogListSchema = z.object({ entries: z.array(auditLogEntrySchema), pagination: paginationSchema });
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export type AuditLogList = z.infer<typeof auditLogListSchema>;

/**
 * spec 3 §3 Institution analytics, GET /analytics/institution/:id?timeframe: the institution's figures over the
 * timeframe. active_users: its users who signed in or acted in it; clinician_performance: its clinicians with the
 * patients they ordered tests for, most first.
 */
export const institutionAnalyticsSchema = z.object({
  institution_name: z.string(),
  summary: z.object({
    test_requests: z.number().int(),
    patients: z.number().int(),
    active_users: z.number().int(),
    completed_results: z.number().int(),
  }),
  test_requests_by_status: z.array(z.object({ status: z.enum(TEST_REQUEST_STATUSES), count: z.number().int() })),
  top_test_types: z.array(z.object({ test_type_name: z.string(), count: z.number().int() })),
  clinician_performance: z.array(z.object({ id: z.number().int(), name: z.string(), patient_count: z.number().int() })),
});
export type InstitutionAnalytics = z.infer<typeof institutionAnalyticsSchema>;

/**
 * spec 3 §3 Patient analytics, GET /analytics/patient/:id: all of the patient's test requests (no timeframe).
 * pending_tests counts status pending; completion_rate is completed / all in percent; the timeline is oldest
 * first (date: when ordered; result_date: when completed, else null).
 */
export const patientAnalyticsSchema = z.object({
  patient_name: z.string(),
  summary: z.object({
    total_tests: z.number().int(),
    completed_tests: z.number().int(),
    pending_tests: z.number().int(),
    completion_rate: percentSchema,
  }),
  test_frequency: z.array(z.object({ test_type: z.string(), count: z.number().int() })),
  timeline: z.array(
    z.object({
      date: z.string(),
      test_type: z.string(),
      status: z.enum(TEST_REQUEST_STATUSES),
      completed: z.boolean(),
      result_date: z.string().nullable(),
    }),
  ),
});
export type PatientAnalytics = z.infer<typeof patientAnalyticsSchema>;

/**
 * GET /analytics/stream (text/event-stream): one `change` event, `id:` its position (usable as Last-Event-ID),
 * each time something the caller's dashboard counts is projected: only ids, type and time, never names.
 */
export const dashboardChangeSchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  test_request_id: z.number().int().nullable(),
  patient_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type DashboardChange = z.infer<typeof dashboardChangeSchema>;

/**
 * The stream's event name; its heartbeat (an SSE comment) interval; the reconnection delay it advises; and its
 * longest life, after which it ends and its client reconnects with a token checked anew.
 */
export const DASHBOARD_STREAM = { event: 'change', heartbeatMs: 15_000, retryMs: 2_000, maxAgeMs: 600_000 } as const;
