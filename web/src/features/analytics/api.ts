import {
  ANALYTICS_ERRORS,
  ANALYTICS_ROUTES,
  routeUrl,
  type AnalyticsTimeframe,
  type InstitutionFigures,
  type UserActivity,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';

// PROVISIONAL (until h-routes' contracts): spec 3 §3 analytics shapes.
export interface TestTypeFigures {
  name: string;
  category: string | null;
  request_count: number;
  completion_rate: number;
}
export interface AuditSummaryRow {
  action: string;
  table_name: string;
  count: number;
  date: string;
}
export interface InstitutionAnalytics {
  institution_name: string;
  summary: { test_requests: number; patients: number; active_users: number; completed_results: number };
  test_requests_by_status: { status: string; count: number }[];
  top_test_types: { test_type_name: string; count: number }[];
  clinician_performance: { id: number; name: string; patient_count: number }[];
}
export interface PatientAnalytics {
  patient_name: string;
  summary: { total_tests: number; completed_tests: number; pending_tests: number; completion_rate: number };
  test_frequency: { test_type: string; count: number }[];
  timeline: { date: string; test_type: string; status: string; completed: boolean; result_date: string | null }[];
}

/** swr of one analytics GET, with the spec's failure text (spec 3 §8) when the server gives none. */
function useAnalytics<T>(path: string | null, defaultError: string) {
  return useSWR(path, (key: string) => apiRequest<T>(key, { defaultError }), { keepPreviousData: true });
}

/** The overall view's query: the timeframe and super_admin's institution filter. */
const overallQuery = (timeframe: AnalyticsTimeframe, institutionId: number | undefined) => ({
  timeframe,
  institution_id: institutionId,
});

export function useTestTypes(timeframe: AnalyticsTimeframe, institutionId: number | undefined) {
  return useAnalytics<{ test_types: TestTypeFigures[] }>(
    routeUrl({ path: '/analytics/test-types' }, {}, overallQuery(timeframe, institutionId)),
    ANALYTICS_ERRORS.fetchAnalytics,
  );
}

export function useUserActivity(timeframe: AnalyticsTimeframe, institutionId: number | undefined) {
  return useAnalytics<{ users: UserActivity[] }>(
    routeUrl(ANALYTICS_ROUTES.userActivity, {}, overallQuery(timeframe, institutionId)),
    ANALYTICS_ERRORS.fetchAnalytics,
  );
}

export function useAuditSummary(timeframe: AnalyticsTimeframe, institutionId: number | undefined) {
  return useAnalytics<{ audit_summary: AuditSummaryRow[] }>(
    routeUrl({ path: '/analytics/audit-summary' }, {}, overallQuery(timeframe, institutionId)),
    ANALYTICS_ERRORS.fetchAnalytics,
  );
}

/** GET /analytics/institutions?timeframe: the Institutions tab and the institution filter (null: not asked). */
export function useInstitutionFigures(timeframe: AnalyticsTimeframe, asked: boolean) {
  return useAnalytics<{ institutions: InstitutionFigures[] }>(
    asked ? routeUrl(ANALYTICS_ROUTES.institutions, {}, { timeframe }) : null,
    ANALYTICS_ERRORS.fetchAnalytics,
  );
}

export function useInstitutionAnalytics(id: number, timeframe: AnalyticsTimeframe) {
  return useAnalytics<InstitutionAnalytics>(
    routeUrl({ path: '/analytics/institution/:id' }, { id }, { timeframe }),
    ANALYTICS_ERRORS.fetchInstitutionAnalytics,
  );
}

export function usePatientAnalytics(id: number) {
  return useAnalytics<PatientAnalytics>(
    routeUrl({ path: '/analytics/patient/:id' }, { id }),
    ANALYTICS_ERRORS.fetchPatientAnalytics,
  );
}
