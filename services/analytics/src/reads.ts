/**
 * analytics's reads bound to their caller: a route gets this repository from its caller and cannot reach the
 * figures without the caller's scope (dashboardScope, analytics-rules.ts in contracts).
 */
import {
  dashboardScope,
  lowStockScope,
  pendingFulfillmentScope,
  seesSystemFigures,
  type Caller,
  type Dashboard,
  type DashboardFilter,
  type DashboardQuery,
  type InstitutionFigures,
  type Role,
  type UserActivity,
} from '@labline/contracts';
import type { CommonQueryMethods } from 'slonik';
import {
  activityChangesAfter,
  latestActivityPosition,
  activeClinicians,
  type ActivityChange,
  activeInstitutions,
  institutionFigures,
  institutionsByActivity,
  lowStockCount,
  patientsRegistered,
  pendingFulfillmentCount,
  recentActivity,
  requestsCreated,
  resultsCompleted,
  requestTrends,
  userActivity,
} from './projections/activity/queries';
import { resolveAnalyticsScope } from './screen-reads';

export interface AnalyticsReads {
  dashboard(query: DashboardQuery): Promise<Dashboard>;
  /** Every institution's figures (the route's guard lets super_admin only). */
  institutions(days: number): Promise<InstitutionFigures[]>;
  /**
   * super_admin: every user, or `institutionId`'s; others: their institutions' users (or `institutionId`'s, when
   * it is one of theirs; else 404).
   */
  userActivity(filter: {
    days: number;
    institutionId?: number | undefined;
    role?: Role | undefined;
  }): Promise<UserActivity[]>;
  /** The live stream's replay: the dashboard's changes projected after `position`, at most `limit`. */
  changesAfter(filter: DashboardFilter, position: number, limit: number): Promise<ActivityChange[]>;
  /** The newest position projected: where a new stream starts. */
  latestPosition(): Promise<number>;
}

export function analyticsReads(db: CommonQueryMethods, caller: Caller): AnalyticsReads {
  const system = seesSystemFigures(caller);
  return {
    async dashboard(query) {
      const scope = dashboardScope(caller, query);
      const days = query.timeframe;
      const stockScope = lowStockScope(caller, query);
      const fulfillmentScope = pendingFulfillmentScope(caller, query);
      const [requests, patients, completed, trends, activity, lowStock, pendingKits] = await Promise.all([
        requestsCreated(db, scope, days),
        patientsRegistered(db, scope, days),
        resultsCompleted(db, scope, days),
        requestTrends(db, scope, days),
        recentActivity(db, scope, days, system, system && query.include_user_activity === true),
        stockScope === null ? null : lowStockCount(db, stockScope.institutionIds),
        fulfillmentScope === null ? null : pendingFulfillmentCount(db, fulfillmentScope.institutionIds),
      ]);
      const [institutions, clinicians] = system
        ? await Promise.all([
            Promise.all([activeInstitutions(db), institutionsByActivity(db, days)]).then(([active, byActivity]) => ({
              active,
              by_activity: byActivity,
            })),
            activeClinicians(db).then((total) => ({ total })),
          ])
        : [null, null];
      return {
        timeframe: days,
        test_requests: { total: requests },
        patients: { total: patients },
        results: { completed },
        fulfillment: pendingKits === null ? null : { pending: pendingKits },
        inventory: lowStock === null ? null : { low_stock_count: lowStock },
        institutions,
        clinicians,
        test_trends: trends,
        recent_activity: activity,
      };
    },
    institutions: (days) => institutionFigures(db, days),
    async userActivity({ days, institutionId, role }) {
      const scope = await resolveAnalyticsScope(db, caller, institutionId);
      return userActivity(db, { institutionIds: scope.kind === 'all' ? null : scope.institutionIds, role, days });
    },
    changesAfter: (filter, position, limit) =>
      activityChangesAfter(db, dashboardScope(caller, filter), position, limit),
    latestPosition: () => latestActivityPosition(db),
  };
}
