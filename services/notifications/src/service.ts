import { fileURLToPath } from 'node:url';
import { NOTIFICATION_EVENT_SCHEMAS } from '@labline/contracts';
import { defineService, natsConnectionOptions, resolveDirectoryCaller } from '@labline/service-kit';
import { connect } from 'nats';
import { backgroundWork } from './background';
import { notificationsConfigSchema, type NotificationsConfig, type NotificationsResources } from './config';
import { accountEmailReactions } from './consumers/account-emails';
import { createChannels } from './delivery/channels';
import { createDeliveryWorker } from './delivery/worker';
import { clinicalDirectoryProjection } from './projections/clinical/projection';
import { identityDirectoryProjection } from './projections/directory/projection';
import { IDEMPOTENCY_KEY_INDEX, notificationLogsProjection } from './projections/notification-logs/projection';
import { smsConsentProjection } from './projections/sms-consent/projection';
import { seedDefaultReminderConfigs } from './reminders/commands';
import { systemMetadata } from './reminders/planner';
import { reminderProjections } from './reminders/projections/projection';
import { createReminderScheduler, reminderSchedulerWork } from './reminders/scheduler';
import { contactRoutes } from './routes/contact';
import { cronRoutes } from './routes/cron';
import { logRoutes } from './routes/logs';
import { reminderConfigRoutes } from './routes/reminder-configs';
import { testNotificationRoutes } from './routes/test-notification';
import { twilioWebhookRoutes } from './routes/twilio-webhooks';

/**
 * notifications: e-mail (nodemailer) and SMS (twilio) sending, the notification log, reactions to clinical's
 * events, monitoring and the contact dialog — docs/architecture.md §2.
 */
export const service = defineService<NotificationsConfig, typeof NOTIFICATION_EVENT_SCHEMAS, NotificationsResources>({
  name: 'notifications',
  defaultPort: 4006,
  config: notificationsConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: NOTIFICATION_EVENT_SCHEMAS,
  projections: [notificationLogsProjection, smsConsentProjection, ...reminderProjections],
  // Institutions and users from identity; patients' contact details and test requests from clinical.
  consumes: [identityDirectoryProjection, clinicalDirectoryProjection],
  conflicts: { [IDEMPOTENCY_KEY_INDEX]: 'This notification was already requested' },
  resources: async ({ config }) => ({
    keys: { jwksUrl: config.IDENTITY_JWKS_URL },
    channels: createChannels(config),
    // The reactions' own connection: the service kit's is not handed to declarations.
    nats: await connect({
      ...natsConnectionOptions({ url: config.NATS_URL, user: config.NATS_USER, password: config.NATS_PASSWORD }),
      name: 'notifications-reactions',
      maxReconnectAttempts: -1,
    }),
  }),
  auth: (context) => ({
    keys: context.resources.keys,
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  publicRoutes: (context) => [twilioWebhookRoutes(context)],
  routes: (context) => {
    const worker = createDeliveryWorker(context, context.resources.channels, context.logger);
    const scheduler = createReminderScheduler(context, worker);
    return [
      backgroundWork(context, worker),
      reminderSchedulerWork(scheduler),
      accountEmailReactions(context, worker),
      logRoutes(context),
      testNotificationRoutes(context, worker),
      cronRoutes(context, scheduler),
      reminderConfigRoutes(context, scheduler),
      contactRoutes(context, worker),
    ];
  },
  // The two default reminder configurations, on the first start (every start checks; one seeds).
  seed: (context) => seedDefaultReminderConfigs(context, systemMetadata('seed-reminder-configs')),
});
