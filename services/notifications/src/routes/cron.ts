import {
  canMonitorNotifications,
  errorBodySchema,
  notificationHealthResponseSchema,
  type NotificationHealth,
} from '@labline/contracts';
import { allow } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsContext } from '../config';

/** spec 3 §3 overallHealth: both channels work, one does, or neither. */
export function overallHealthOf(email: boolean, sms: boolean): NotificationHealth['overallHealth'] {
  if (email && sms) return 'healthy';
  return email || sms ? 'degraded' : 'unhealthy';
}

/**
 * Cron monitoring (spec 3 §2, §7), a CMS screen: the System Health card asks each provider whether it takes
 * our configuration (an SMTP connection and sign-in; Twilio's account) rather than only reading the settings.
 */
export const cronRoutes =
  (context: NotificationsContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', allow(canMonitorNotifications));

    app.get(
      '/cron/notification-health',
      { schema: { response: { 200: notificationHealthResponseSchema, '4xx': errorBodySchema } } },
      async () => {
        const { channels } = context.resources;
        const [email, sms] = await Promise.all([channels.email.check(), channels.sms.check()]);
        return {
          data: {
            overallHealth: overallHealthOf(email.isValid, sms.isValid),
            services: { email, sms },
            environment: {
              // The reminder scheduler arrives with reminder configurations (issue 13, part 3).
              schedulerEnabled: false,
              timezone: context.config.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
            },
          },
        };
      },
    );
  };
