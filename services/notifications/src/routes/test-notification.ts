import { randomUUID } from 'node:crypto';
import { NOTIFICATIONS_CONTRACTS, ERRORS, testNotificationResult, type NotificationLog } from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestNotification, staffMessageRequest } from '../commands/notifications';
import type { NotificationsContext } from '../config';
import type { DeliveryWorker } from '../delivery/worker';
import { notificationReads } from '../reads';

const TEST_EMAIL_SUBJECT = 'Labline test email';
const TEST_EMAIL_BODY =
  'This is a test email from Labline, sent from the Test Notifications tab to check the email configuration.';
const TEST_SMS_BODY = 'Labline test SMS: the SMS configuration works.';

/** The tab's result line for the log entry after the first attempt. */
export function resultOf(log: NotificationLog, recipient: string): { success: boolean; message: string } {
  const channel = log.notification_type;
  if (log.delivery_status === 'sent' || log.delivery_status === 'delivered') {
    return { success: true, message: testNotificationResult.sent(channel, recipient) };
  }
  const reason = log.error_message ?? 'unknown error';
  return {
    success: false,
    message:
      log.delivery_status === 'failed'
        ? testNotificationResult.failed(channel, reason)
        : testNotificationResult.retrying(channel, reason),
  };
}

/**
 * The Test Notifications tab (spec 3 §2, §7): one message to the address or number given, logged like any
 * other and tried at once, so the answer says whether the provider took it.
 */
export const testNotificationRoutes =
  (context: NotificationsContext, worker: DeliveryWorker): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, NOTIFICATIONS_CONTRACTS.testNotification, async (request) => {
      const caller = callerOf(request);
      const { body } = request;
      const isEmail = body.notification_type === 'email';
      const recipient = isEmail ? body.test_email : body.test_phone;
      const notificationId = await requestNotification(
        context,
        staffMessageRequest(caller, {
          idempotency_key: `test-notification:${randomUUID()}`,
          message_type: 'test_notification',
          notification_type: body.notification_type,
          recipient_email: isEmail ? recipient : null,
          recipient_phone: isEmail ? null : recipient,
          subject: isEmail ? TEST_EMAIL_SUBJECT : null,
          body: isEmail ? TEST_EMAIL_BODY : TEST_SMS_BODY,
          reply_to: null,
        }),
        appendMetadata(request),
      );
      await worker.deliverNow(notificationId);
      const log = await notificationReads(context.pool, caller).log(notificationId);
      if (!log) throw httpError(500, ERRORS.internal);
      return { ...resultOf(log, recipient), notification: log };
    });
  };
