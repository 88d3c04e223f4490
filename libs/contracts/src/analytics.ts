/**
 * The dashboard's and analytics' constants and texts (spec 1 §2, §9; spec 3 §2, §9), zod-free so the web app
 * bundles them without the schemas (those are in http/analytics.ts). Served by the analytics read side.
 */

/** spec 1 §2, §9: the dashboard's timeframe selector, in days. */
export const DASHBOARD_TIMEFRAMES = [7, 30, 90] as const;
export type DashboardTimeframe = (typeof DASHBOARD_TIMEFRAMES)[number];
export const DEFAULT_DASHBOARD_TIMEFRAME: DashboardTimeframe = 30;

/** spec 3 §2, §9: the analytics screen's timeframes, in days. */
export const ANALYTICS_TIMEFRAMES = [7, 30, 90, 365] as const;
export type AnalyticsTimeframe = (typeof ANALYTICS_TIMEFRAMES)[number];
export const DEFAULT_ANALYTICS_TIMEFRAME: AnalyticsTimeframe = 30;

/** spec 1 §9: what the dashboard shows at most. */
export const DASHBOARD_LIMITS = {
  /** Recent Activity items. */
  recentActivity: 8,
  /** Clinicians the activity filter offers (the first 10). */
  clinicianFilter: 10,
  /** Rows of the Institution Performance table. */
  institutionPerformance: 5,
  /** Bars of the Test Request Trends chart (the last 7 entries). */
  trendEntries: 7,
  /** The smallest bar, in pixels, so a day with few requests still shows. */
  minimumBarPx: 4,
} as const;

/** spec 1 §2: super_admin's activity filter. */
export const ACTIVITY_FILTERS = ['all', 'institution', 'clinician'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];
export const ACTIVITY_FILTER_LABELS: Record<ActivityFilter, string> = {
  all: 'All Activities',
  institution: 'By Institution',
  clinician: 'By Clinician',
};

/** spec 1 §2: the kinds of Recent Activity, each with its icon and the description shown when it has none. */
export const ACTIVITY_TYPES = ['test_request', 'test_result', 'patient', 'fulfillment', 'inventory', 'system'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_DEFAULT_DESCRIPTIONS: Record<ActivityType, string> = {
  test_request: 'Test request created',
  test_result: 'Test result entered',
  patient: 'Patient record updated',
  fulfillment: 'Fulfillment processed',
  // Labline's own: stock movements (issue 24), not a type of the spec's list
  inventory: 'Stock updated',
  system: 'System activity',
};
/** The type label an activity shows beside its date. */
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  test_request: 'Test Request',
  test_result: 'Test Result',
  patient: 'Patient',
  fulfillment: 'Fulfillment',
  inventory: 'Inventory',
  system: 'System',
};

export const DASHBOARD_TEXTS = {
  noRecentActivity: 'No recent activity',
  /** Institution Performance's last activity when an institution has none. */
  notAvailable: 'N/A',
  /** The Low Stock Alert, shown when the low stock count is above 0 (with a link to /inventory). */
  lowStock: (count: number) => `${count} items are running low on stock.`,
} as const;

/** spec 3 §8: the analytics screen's load errors (its permission text is ERRORS.noPermissionViewAnalytics). */
export const ANALYTICS_ERRORS = {
  fetchAnalytics: 'Failed to fetch analytics',
  fetchInstitutionAnalytics: 'Failed to fetch institution analytics',
  fetchPatientAnalytics: 'Failed to fetch patient analytics',
} as const;

/** spec 3 §2, §9: the analytics Overview's top lists (test types, active users). */
export const ANALYTICS_TOP_COUNT = 5;

/** The Audit Logs tab's page size (GET /analytics/audit-log). */
export const AUDIT_LOG_PAGE_SIZE = 20;

/**
 * What an audit entry says was done to its record (spec 3 §3 audit_summary's `action`), derived from the event
 * type by AUDIT_EVENTS (audit.ts).
 */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'status_changed',
  'cancelled',
  'archived',
  'restored',
  'deactivated',
  'reactivated',
  'password_changed',
  'logged_in',
  'logged_out',
  'token_issued',
  'token_used',
  'assigned',
  'unassigned',
  'removed',
  'notification_requested',
  'sent',
  'attempt_failed',
  'delivered',
  'failed',
  'skipped',
  'opted_out',
  'opted_in',
  'scheduled',
  'too_late',
  'missed',
  'stock_adjusted',
  'stock_reserved',
  'stock_released',
  'stock_consumed',
  'reservation_refused',
  'low_stock_reached',
  'stock_requested',
  'low_stock_notified',
  'dispatched',
  'reopened',
  'reviewed',
  'released',
  'amended',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kind of record an audit entry is about (spec 3 §3 audit_summary's `table_name`). */
export const AUDIT_RECORD_TYPES = [
  'institutions',
  'users',
  'sessions',
  'password_tokens',
  'patients',
  'test_requests',
  'catalogue_items',
  'lab_assignments',
  'notifications',
  'sms_consents',
  'reminder_configs',
  'reminders',
  'inventory_items',
  'storage_locations',
  'fulfillment_requests',
  'test_results',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];
