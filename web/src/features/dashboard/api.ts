import {
  ANALYTICS_ROUTES,
  DASHBOARD_LIMITS,
  routeUrl,
  type Dashboard,
  type InstitutionFigures,
  type UserActivity,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { dashboardQuery, type DashboardFilters } from './dashboardModel';
import { useDashboardLive } from './useDashboardLive';

/** The spec shows no dashboard failure (spec 1 §8: "only logged"); the page keeps its last figures and says so. */
export const DASHBOARD_LOAD_ERROR = 'Failed to fetch dashboard data';

/**
 * GET /analytics/dashboard for the filters; the previous figures stay on screen while new ones load. While the
 * page is open, the same query's stream of changes revalidates them (useDashboardLive).
 */
export function useDashboard(filters: DashboardFilters) {
  const query = dashboardQuery(filters);
  const path = routeUrl(ANALYTICS_ROUTES.dashboard, {}, query);
  const answer = useSWR(path, (key: string) => apiRequest<Dashboard>(key, { defaultError: DASHBOARD_LOAD_ERROR }), {
    keepPreviousData: true,
  });
  useDashboardLive(routeUrl(ANALYTICS_ROUTES.stream, {}, query), answer.mutate);
  return answer;
}

/** super_admin's institution filter: GET /analytics/institutions (null: not asked, for everyone else). */
export function useFilterInstitutions(asked: boolean) {
  const path = asked ? routeUrl(ANALYTICS_ROUTES.institutions, {}, {}) : null;
  return useSWR(path, (key: string) =>
    apiRequest<{ institutions: InstitutionFigures[] }>(key, { defaultError: DASHBOARD_LOAD_ERROR }).then(
      ({ institutions }) => institutions,
    ),
  );
}

/** super_admin's clinician filter: the first 10 clinicians of GET /analytics/user-activity?role=clinician. */
export function useFilterClinicians(asked: boolean) {
  const path = asked ? routeUrl(ANALYTICS_ROUTES.userActivity, {}, { role: 'clinician' }) : null;
  return useSWR(path, (key: string) =>
    apiRequest<{ users: UserActivity[] }>(key, { defaultError: DASHBOARD_LOAD_ERROR }).then(({ users }) =>
      users.slice(0, DASHBOARD_LIMITS.clinicianFilter),
    ),
  );
}
