import { NOTIFICATIONS_CONTRACTS, type NotificationHealth } from '@labline/contracts';
import { callerOf, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsContext } from '../config';
import { reminderReads } from '../reads';
import type { ReminderScheduler } from '../workers/reminders/scheduler';
import { schedulerTimeZone } from '../workers/reminders/time';

/** spec 3 §3 overallHealth: both channels work, one does, or neither. */
export function overallHealthOf(email: boolean, sms: boolean): NotificationHealth['overallHealth'] {
  if (email && sms) return 'healthy';
  return email || sms ? 'degraded' : 'unhealthy';
}

/**
 * Cron monitoring (spec 3 §2, §7), a CMS screen: the System Health card asks each provider whether it takes
 * our configuration (an SMTP connection and sign-in; Twilio's account) rather than only reading the settings;
 * the Scheduler Status card and the Upcoming Reminders table read the reminders of the caller's institutions
 * (super_admin: all), with this replica's scheduler state.
 */
export const cronRoutes =
  (context: NotificationsContext, scheduler: ReminderScheduler): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, NOTIFICATIONS_CONTRACTS.notificationHealth, async () => {
      const { channels } = context.resources;
      const [email, sms] = await Promise.all([channels.email.check(), channels.sms.check()]);
      return {
        data: {
          overallHealth: overallHealthOf(email.isValid, sms.isValid),
          services: { email, sms },
          environment: {
            schedulerEnabled: scheduler.state().enabled,
            timezone: schedulerTimeZone(context.config),
          },
        },
      };
    });

    route(app, NOTIFICATIONS_CONTRACTS.schedulerStatus, async (request) => {
      const { enabled, systemStatus } = scheduler.state();
      const jobs = await reminderReads(context.pool, callerOf(request)).scheduledJobs();
      return { data: { ...jobs, schedulerEnabled: enabled, systemStatus } };
    });

    route(app, NOTIFICATIONS_CONTRACTS.upcomingReminders, async (request) => {
      const reads = reminderReads(context.pool, callerOf(request));
      return { data: { reminders: await reads.upcoming(request.query.days, scheduler.now()) } };
    });
  };
