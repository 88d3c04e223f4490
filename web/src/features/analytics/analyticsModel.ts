/**
 * The analytics screen's decisions, apart from React (spec 3 §2 "Analytics (/analytics)", §9): which of its three
 * views the address asks for, the overall view's tabs in their order, the timeframe, and the top 5s of the
 * Overview. Pure, so the rules read and test apart from the screen.
 */
import {
  ANALYTICS_TIMEFRAMES,
  ANALYTICS_TOP_COUNT,
  DEFAULT_ANALYTICS_TIMEFRAME,
  type AnalyticsTimeframe,
  type Caller,
} from '@labline/contracts';

/** The address's state of the screen. */
export interface AnalyticsAddress {
  timeframe: AnalyticsTimeframe;
  /** `?patient_id=`: the patient view. */
  patientId: number | undefined;
  /** `?institution_id=`: the institution view (the links from an institution's page). */
  institutionId: number | undefined;
  /** `?institution=`: super_admin's institution filter of the overall view. */
  institutionFilter: number | undefined;
}

export type AnalyticsView =
  | { kind: 'patient'; patientId: number }
  | { kind: 'institution'; institutionId: number }
  | { kind: 'overall'; institutionFilter: number | undefined };

/**
 * spec 3 §2's three views: a patient's (patient_id), an institution's (institution_id), else the overall one. A
 * patient is the narrower of the two, so both in one address show the patient. The institution filter of the
 * overall view is super_admin's only (cross-institution data): for everyone else it is no filter.
 */
export function analyticsView(address: AnalyticsAddress, caller: Pick<Caller, 'role'>): AnalyticsView {
  if (address.patientId !== undefined) return { kind: 'patient', patientId: address.patientId };
  if (address.institutionId !== undefined) return { kind: 'institution', institutionId: address.institutionId };
  return {
    kind: 'overall',
    institutionFilter: caller.role === 'super_admin' ? address.institutionFilter : undefined,
  };
}

export const OVERALL_TABS = [
  'overview',
  'test-types',
  'turnaround',
  'institutions',
  'user-activity',
  'audit-logs',
] as const;
export type OverallTab = (typeof OVERALL_TABS)[number];
export const OVERALL_TAB_LABELS: Record<OverallTab, string> = {
  overview: 'Overview',
  'test-types': 'Test Types',
  turnaround: 'Turnaround',
  institutions: 'Institutions',
  'user-activity': 'User Activity',
  'audit-logs': 'Audit Logs',
};

/**
 * The overall view's tabs in order: Overview, Test Types, Turnaround, Institutions, User Activity, Audit Logs, the
 * Institutions tab only for super_admin without an institution filter.
 */
export function overallTabs(caller: Pick<Caller, 'role'>, institutionFilter: number | undefined): OverallTab[] {
  const withInstitutions = caller.role === 'super_admin' && institutionFilter === undefined;
  return OVERALL_TABS.filter((tab) => tab !== 'institutions' || withInstitutions);
}

/** Reads the timeframe from the address: one of 7, 30, 90 and 365, else the default 30. */
export function analyticsTimeframeOf(value: string | null): AnalyticsTimeframe {
  const days = Number(value);
  return ANALYTICS_TIMEFRAMES.find((timeframe) => timeframe === days) ?? DEFAULT_ANALYTICS_TIMEFRAME;
}

/** The `count` rows with the largest `by`, largest first (ties keep the server's order). */
export function topBy<T>(rows: readonly T[], by: (row: T) => number, count: number = ANALYTICS_TOP_COUNT): T[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => by(b.row) - by(a.row) || a.index - b.index)
    .slice(0, count)
    .map(({ row }) => row);
}

/** A user's activity as one number, to rank the Overview's top 5 active users: sign-ins, requests and results. */
export function activityScore(user: { login_count: number; requests_created: number; results_entered: number }) {
  return user.login_count + user.requests_created + user.results_entered;
}

/** A share in percent as the screen writes it, to one decimal: 85.71 → '85.7%'. */
export const percentText = (percent: number): string => `${Math.round(percent * 10) / 10}%`;

/** From this many hours on, a turnaround figure is written in days. */
export const DURATION_DAYS_FROM_HOURS = 48;

/** A turnaround figure as the screen writes it, to one decimal: 5.24 → '5.2 h', from 48 hours in days: 60 → '2.5 d'. */
export const durationText = (hours: number): string =>
  hours >= DURATION_DAYS_FROM_HOURS ? `${(hours / 24).toFixed(1)} d` : `${hours.toFixed(1)} h`;

/** A stage's figures in one cell: 'median / p90' ('5.2 h / 9.8 h'), or '—' when no request reached both milestones. */
export function stageFigureText(figure: { median_hours: number | null; p90_hours: number | null } | undefined): string {
  if (figure === undefined || figure.median_hours === null || figure.p90_hours === null) return '—';
  return `${durationText(figure.median_hours)} / ${durationText(figure.p90_hours)}`;
}

/** A person as the charts and tables name them. */
export const userName = (user: { first_name: string; last_name: string }): string =>
  `${user.first_name} ${user.last_name}`;

/** A status as the screen writes it: 'in_progress' → 'In Progress'. */
export const statusLabel = (status: string): string =>
  status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The audit summary's rows (per day, action and record type) added up per action, most first. */
export function auditCountsByAction(rows: readonly { action: string; count: number }[]): ChartRow[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.action, (totals.get(row.action) ?? 0) + row.count);
  return [...totals]
    .map(([action, value]) => ({ label: statusLabel(action), value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/** A chart's bar: what it stands for and its figure. */
export interface ChartRow {
  label: string;
  value: number;
}
