import {
  canUseNotificationTabs,
  errorBodySchema,
  notificationLogListResponseSchema,
  notificationLogQuerySchema,
  notificationStatsSchema,
  paginate,
} from '@labline/contracts';
import { allow, callerOf } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsContext } from '../config';
import { notificationReads } from '../reads';

const errors = { '4xx': errorBodySchema };

/**
 * The Notification Logs tab (spec 3 §2, §7): the log with its filters and the four cards. An institution's
 * administrator reads their institutions' messages only; super_admin all.
 */
export const logRoutes =
  (context: NotificationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', allow(canUseNotificationTabs));

    app.get(
      '/cms/notification-logs',
      {
        schema: {
          querystring: notificationLogQuerySchema,
          response: { 200: notificationLogListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { notifications, total } = await notificationReads(context.pool, callerOf(request)).logs(request.query);
        return { notifications, pagination: paginate(request.query.page, request.query.limit, total) };
      },
    );

    app.get(
      '/cms/notification-stats',
      { schema: { response: { 200: notificationStatsSchema, ...errors } } },
      async (request) => notificationReads(context.pool, callerOf(request)).stats(),
    );
  };
