/**
 * The dashboard's decisions, apart from the screen (spec 1 §2): which summary cards show, the trend bars' heights
 * and labels, and the query the filters make. Pure, so the rules read and test apart from React.
 */
import {
  DASHBOARD_LIMITS,
  DASHBOARD_TIMEFRAMES,
  DEFAULT_DASHBOARD_TIMEFRAME,
  type ActivityFilter,
  type Dashboard,
  type DashboardTimeframe,
} from '@labline/contracts';

export interface SummaryCard {
  key: string;
  title: string;
  value: number;
}

/**
 * spec 1 §2 summary cards: Test Requests and Results Completed always; New Patients and Pending Fulfillment when
 * their data exists; Active Institutions and Active Clinicians for super_admin (the server sends them only then).
 */
export function summaryCards(dashboard: Dashboard): SummaryCard[] {
  const cards: (SummaryCard | null)[] = [
    { key: 'test_requests', title: 'Test Requests', value: dashboard.test_requests.total },
    { key: 'patients', title: 'New Patients', value: dashboard.patients.total },
    { key: 'results', title: 'Results Completed', value: dashboard.results?.completed ?? 0 },
    dashboard.fulfillment === null
      ? null
      : { key: 'fulfillment', title: 'Pending Fulfillment', value: dashboard.fulfillment.pending },
    dashboard.institutions === null
      ? null
      : { key: 'institutions', title: 'Active Institutions', value: dashboard.institutions.active },
    dashboard.clinicians === null
      ? null
      : { key: 'clinicians', title: 'Active Clinicians', value: dashboard.clinicians.total },
  ];
  return cards.filter((card): card is SummaryCard => card !== null);
}

export interface TrendBar {
  date: string;
  /** The weekday the bar stands for ('Mon'). */
  weekday: string;
  count: number;
  /** Scaled to the largest count over `heightPx`, never below the spec's minimum. */
  heightPx: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** spec 1 §2: the last 7 entries as bars per weekday, scaled to the maximum value, at least 4 px high. */
export function trendBars(trends: Dashboard['test_trends'], heightPx: number): TrendBar[] {
  const last = trends.slice(-DASHBOARD_LIMITS.trendEntries);
  const max = Math.max(0, ...last.map((entry) => entry.count));
  return last.map(({ date, count }) => ({
    date,
    // The date is a calendar day (YYYY-MM-DD): its weekday in UTC is the day's own, wherever the browser is.
    weekday: WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? date,
    count,
    heightPx: Math.max(DASHBOARD_LIMITS.minimumBarPx, max === 0 ? 0 : Math.round((count / max) * heightPx)),
  }));
}

/** The dashboard's state as its address holds it (timeframe, and super_admin's activity filter). */
export interface DashboardFilters {
  timeframe: DashboardTimeframe;
  activity: ActivityFilter;
  institutionId: number | undefined;
  clinicianId: number | undefined;
}

/** Reads the timeframe from the address: one of 7, 30 and 90, else the default 30. */
export function timeframeOf(value: string | null): DashboardTimeframe {
  const days = Number(value);
  return DASHBOARD_TIMEFRAMES.find((timeframe) => timeframe === days) ?? DEFAULT_DASHBOARD_TIMEFRAME;
}

/**
 * spec 1 §7 GET /analytics/dashboard's query: the timeframe, the activity filter with the chosen institution or
 * clinician (only once one is chosen: "By Institution" alone still shows everything), and the users' activity.
 */
export function dashboardQuery(filters: DashboardFilters): Record<string, string | number | boolean | undefined> {
  const institution = filters.activity === 'institution' ? filters.institutionId : undefined;
  const clinician = filters.activity === 'clinician' ? filters.clinicianId : undefined;
  const narrowed = institution !== undefined || clinician !== undefined;
  return {
    timeframe: filters.timeframe,
    activity_filter: narrowed ? filters.activity : 'all',
    include_user_activity: true,
    institution_id: institution,
    clinician_id: clinician,
  };
}
