import { NOTIFICATIONS_CONTRACTS, paginate } from '@labline/contracts';
import { callerOf, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsContext } from '../config';
import { notificationReads } from '../reads';

/**
 * The Notification Logs tab (spec 3 §2, §7): the log with its filters and the four cards. An institution's
 * administrator reads their institutions' messages only; super_admin all.
 */
export const logRoutes =
  (context: NotificationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, NOTIFICATIONS_CONTRACTS.notificationLogs, async (request) => {
      const { notifications, total } = await notificationReads(context.pool, callerOf(request)).logs(request.query);
      return { notifications, pagination: paginate(request.query.page, request.query.limit, total) };
    });

    route(app, NOTIFICATIONS_CONTRACTS.notificationStats, async (request) =>
      notificationReads(context.pool, callerOf(request)).stats(),
    );
  };
