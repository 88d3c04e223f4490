import { ANALYTICS_CONTRACTS } from '@labline/contracts';
import { callerOf, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsContext } from '../config';
import { analyticsReads } from '../reads';

/**
 * The dashboard (spec 1 §2, §7) and its activity filter's lists (spec 3 §7 institutions and user-activity), each
 * within its caller's scope. Contracts: ANALYTICS_CONTRACTS in libs/contracts/src/routes.
 */
export const dashboardRoutes =
  (context: AnalyticsContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ANALYTICS_CONTRACTS.dashboard, async (request) =>
      analyticsReads(context.pool, callerOf(request)).dashboard(request.query),
    );

    route(app, ANALYTICS_CONTRACTS.institutions, async (request) => ({
      institutions: await analyticsReads(context.pool, callerOf(request)).institutions(request.query.timeframe),
    }));

    route(app, ANALYTICS_CONTRACTS.userActivity, async (request) => ({
      users: await analyticsReads(context.pool, callerOf(request)).userActivity({
        days: request.query.timeframe,
        institutionId: request.query.institution_id,
        role: request.query.role,
      }),
    }));
  };
