import { fileURLToPath } from 'node:url';
import { NOTIFICATION_EVENT_SCHEMAS } from '@labline/contracts';
import { defineService, resolveDirectoryCaller } from '@labline/service-kit';
import {
  notificationsConfigSchema,
  type NotificationsConfig,
  type NotificationsContext,
  type NotificationsResources,
} from './config';
import { accountEmailReactions } from './consumers/account-emails';
import { fulfillmentReactions, fulfillmentRequestsProjection } from './consumers/fulfillment-reactions';
import { inventoryReactions } from './consumers/inventory-reactions';
import { resultReactions } from './consumers/result-reactions';
import { testRequestReactions } from './consumers/test-request-reactions';
import { createChannels } from './delivery/channels';
import { createDeliveryWorker, type DeliveryWorker } from './delivery/worker';
import { clinicalDirectoryProjection } from './projections/clinical/projection';
import { identityDirectoryProjection } from './projections/directory/projection';
import { IDEMPOTENCY_KEY_INDEX, notificationLogsProjection } from './projections/notification-logs/projection';
import { smsConsentProjection } from './projections/sms-consent/projection';
import { seedDefaultReminderConfigs } from './commands/reminder-configs';
import { systemMetadata } from './commands/reminders';
import { reminderProjections } from './projections/reminders/projection';
import { createReminderScheduler, type ReminderScheduler } from './workers/reminders/scheduler';
import { contactRoutes } from './routes/contact';
import { cronRoutes } from './routes/cron';
import { logRoutes } from './routes/logs';
import { reminderConfigRoutes } from './routes/reminder-configs';
import { testNotificationRoutes } from './routes/test-notification';
import { twilioWebhookRoutes } from './routes/twilio-webhooks';

/** The service's delivery worker and reminder scheduler: one of each per service context (routes use them too). */
const workOf = (() => {
  const made = new WeakMap<NotificationsContext, { worker: DeliveryWorker; scheduler: ReminderScheduler }>();
  return (context: NotificationsContext) => {
    let work = made.get(context);
    if (!work) {
      const worker = createDeliveryWorker(context, context.resources.channels, context.logger);
      work = { worker, scheduler: createReminderScheduler(context, worker) };
      made.set(context, work);
    }
    return work;
  };
})();

/**
 * notifications: e-mail (nodemailer) and SMS (twilio) sending, the notification log, reactions to clinical's
 * and identity's events, reminders, monitoring and the contact dialog — docs/architecture.md §2.
 */
export const service = defineService<NotificationsConfig, typeof NOTIFICATION_EVENT_SCHEMAS, NotificationsResources>({
  name: 'notifications',
  defaultPort: 4006,
  config: notificationsConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: NOTIFICATION_EVENT_SCHEMAS,
  projections: [notificationLogsProjection, smsConsentProjection, ...reminderProjections],
  // Institutions and users from identity; patients' contact details and test requests from clinical; the test
  // request each fulfillment request ships a kit for.
  consumes: [identityDirectoryProjection, clinicalDirectoryProjection, fulfillmentRequestsProjection],
  conflicts: { [IDEMPOTENCY_KEY_INDEX]: 'This notification was already requested' },
  resources: async ({ config }) => ({
    keys: { jwksUrl: config.IDENTITY_JWKS_URL },
    channels: createChannels(config),
  }),
  auth: (context) => ({
    keys: context.resources.keys,
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  publicRoutes: (context) => [twilioWebhookRoutes(context)],
  routes: (context) => {
    const { worker, scheduler } = workOf(context);
    return [
      logRoutes(context),
      testNotificationRoutes(context, worker),
      cronRoutes(context, scheduler),
      reminderConfigRoutes(context, scheduler),
      contactRoutes(context, worker),
    ];
  },
  reactors: (context) => {
    const { worker } = workOf(context);
    return [
      testRequestReactions(context, worker),
      accountEmailReactions(context, worker),
      inventoryReactions(context, worker),
      fulfillmentReactions(context, worker),
      resultReactions(context, worker),
    ];
  },
  workers: (context) => {
    const { worker, scheduler } = workOf(context);
    return [{ name: 'delivery', start: () => worker.start(), stop: () => worker.stop() }, scheduler];
  },
  closeResources: ({ channels }) => {
    channels.email.close();
    channels.sms.close();
  },
  // The two default reminder configurations, on the first start (every start checks; one seeds).
  seed: (context) => seedDefaultReminderConfigs(context, systemMetadata('seed-reminder-configs')),
});
