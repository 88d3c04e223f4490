import { ANALYTICS_CONTRACTS } from '@labline/contracts';
import { callerOf, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsContext } from '../config';
import { trailReads } from '../trail-reads';

/**
 * One trail per order (the Order Trail card of /tests/{id}) and turnaround times (the /analytics page), each
 * within its caller's scope. Contracts: ANALYTICS_CONTRACTS in libs/contracts/src/routes.
 */
export const trailRoutes =
  (context: AnalyticsContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ANALYTICS_CONTRACTS.testRequestTrail, async (request) =>
      trailReads(context.pool, callerOf(request)).testRequestTrail(request.params.id),
    );
    route(app, ANALYTICS_CONTRACTS.turnaround, async (request) =>
      trailReads(context.pool, callerOf(request)).turnaround(request.query),
    );
  };
