import {
  ANALYTICS_ERRORS,
  ANALYTICS_ROUTES,
  AUDIT_LOG_PAGE_SIZE,
  routeUrl,
  type ANALYTICS_CONTRACTS,
  type AnalyticsTimeframe,
  type AnswerOf,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';

type Contracts = typeof ANALYTICS_CONTRACTS;

/** swr of one analytics GET, with spec 3 §8's failure text when the server gives none; the last figures stay. */
function useAnalytics<T>(path: string | null, defaultError: string) {
  return useSWR(path, (key: string) => apiRequest<T>(key, { defaultError }), { keepPreviousData: true });
}

/** The overall view's query (spec 3 §7): the timeframe and super_admin's institution filter. */
const overallQuery = (timeframe: AnalyticsTimeframe, institutionId: number | undefined) => ({
  timeframe,
  institution_id: institutionId,
});

export const useTestTypes = (timeframe: AnalyticsTimeframe, institutionId: number | undefined) =>
  useAnalytics<AnswerOf<Contracts['testTypes']>>(
    routeUrl(ANALYTICS_ROUTES.testTypes, {}, overallQuery(timeframe, institutionId)),
    ANALYTICS_ERRORS.fetchAnalytics,
  );

export const useUserActivity = (timeframe: AnalyticsTimeframe, institutionId: number | undefined) =>
  useAnalytics<AnswerOf<Contracts['userActivity']>>(
    routeUrl(ANALYTICS_ROUTES.userActivity, {}, overallQuery(timeframe, institutionId)),
    ANALYTICS_ERRORS.fetchAnalytics,
  );

export const useAuditSummary = (timeframe: AnalyticsTimeframe, institutionId: number | undefined) =>
  useAnalytics<AnswerOf<Contracts['auditSummary']>>(
    routeUrl(ANALYTICS_ROUTES.auditSummary, {}, overallQuery(timeframe, institutionId)),
    ANALYTICS_ERRORS.fetchAnalytics,
  );

/** The Audit Logs tab's page of entries, newest first. */
export const useAuditLog = (timeframe: AnalyticsTimeframe, institutionId: number | undefined, page: number) =>
  useAnalytics<AnswerOf<Contracts['auditLog']>>(
    routeUrl(
      ANALYTICS_ROUTES.auditLog,
      {},
      { ...overallQuery(timeframe, institutionId), page, limit: AUDIT_LOG_PAGE_SIZE },
    ),
    ANALYTICS_ERRORS.fetchAnalytics,
  );

/** GET /analytics/institutions?timeframe: the Institutions tab and super_admin's filter (null: not asked). */
export const useInstitutionFigures = (timeframe: AnalyticsTimeframe, asked: boolean) =>
  useAnalytics<AnswerOf<Contracts['institutions']>>(
    asked ? routeUrl(ANALYTICS_ROUTES.institutions, {}, { timeframe }) : null,
    ANALYTICS_ERRORS.fetchAnalytics,
  );

export const useInstitutionAnalytics = (id: number, timeframe: AnalyticsTimeframe) =>
  useAnalytics<AnswerOf<Contracts['institutionAnalytics']>>(
    routeUrl(ANALYTICS_ROUTES.institutionAnalytics, { id }, { timeframe }),
    ANALYTICS_ERRORS.fetchInstitutionAnalytics,
  );

export const usePatientAnalytics = (id: number) =>
  useAnalytics<AnswerOf<Contracts['patientAnalytics']>>(
    routeUrl(ANALYTICS_ROUTES.patientAnalytics, { id }),
    ANALYTICS_ERRORS.fetchPatientAnalytics,
  );

/** Turnaround times (issue 23): per institution and lab, each stage's median and p90; the slowest open requests. */
export const useTurnaround = (timeframe: AnalyticsTimeframe, institutionId: number | undefined) =>
  useAnalytics<AnswerOf<Contracts['turnaround']>>(
    routeUrl(ANALYTICS_ROUTES.turnaround, {}, overallQuery(timeframe, institutionId)),
    ANALYTICS_ERRORS.fetchAnalytics,
  );
