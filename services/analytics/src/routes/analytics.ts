import { ANALYTICS_CONTRACTS } from '@labline/contracts';
import { callerOf, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsContext } from '../config';
import { analyticsScreenReads } from '../screen-reads';

/**
 * The analytics screen's calls (spec 3 §7) beyond the dashboard's lists: test types, the audit summary and log,
 * one institution's and one patient's analytics, each within its caller's scope. Contracts: ANALYTICS_CONTRACTS.
 */
export const analyticsRoutes =
  (context: AnalyticsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reads = (request: Parameters<typeof callerOf>[0]) => analyticsScreenReads(context.pool, callerOf(request));

    route(app, ANALYTICS_CONTRACTS.testTypes, async (request) => ({
      test_types: await reads(request).testTypes(request.query),
    }));

    route(app, ANALYTICS_CONTRACTS.auditSummary, async (request) => ({
      audit_summary: await reads(request).auditSummary(request.query),
    }));

    route(app, ANALYTICS_CONTRACTS.auditLog, async (request) => reads(request).auditLog(request.query));

    route(app, ANALYTICS_CONTRACTS.institutionAnalytics, async (request) =>
      reads(request).institution(request.params.id, request.query.timeframe),
    );

    route(app, ANALYTICS_CONTRACTS.patientAnalytics, async (request) => reads(request).patient(request.params.id));
  };
