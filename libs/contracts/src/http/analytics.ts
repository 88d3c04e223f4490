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
  DASHBOARD_TIMEFRAMES,
  DEFAULT_ANALYTICS_TIMEFRAME,
  DEFAULT_DASHBOARD_TIMEFRAME,
} from '../analytics';
import { ROLES } from '../access';
import { idText, queryBooleanSchema, requestObject } from './fields';

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

/** GET /analytics/user-activity (spec 3 §7): timeframe, optional institution_id and role (the clinician filter). */
export const userActivityQuerySchema = requestObject({
  timeframe: timeframeText(ANALYTICS_TIMEFRAMES, DEFAULT_ANALYTICS_TIMEFRAME),
  institution_id: idText.optional(),
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
