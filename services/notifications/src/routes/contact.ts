import { randomUUID } from 'node:crypto';
import {
  NOTIFICATIONS_CONTRACTS,
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  roleLabel,
  type Caller,
} from '@labline/contracts';
import { appendMetadata, callerOf, httpError, principalOf, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestNotification, staffMessageRequest } from '../commands/notifications';
import type { NotificationsContext } from '../config';
import type { DeliveryWorker } from '../delivery/worker';
import { notificationReads } from '../reads';

interface Sender {
  email: string;
  name: string;
}

/** The message support receives: who wrote it, in which role and institution, then their text. */
export function supportMessage(sender: Sender, caller: Caller, institution: string | null, message: string): string {
  return [
    `From: ${sender.name} <${sender.email}>`,
    `Role: ${roleLabel(caller.role)}`,
    `Institution: ${institution ?? 'System level access'}`,
    '',
    message,
  ].join('\n');
}

/**
 * The contact support dialog (spec 3 §2, §5, §7): to the configured support address, from the caller's own
 * registered e-mail (Reply-To), subject and message required. Tried at once; a temporary failure is retried
 * by the delivery worker, so only a permanent one answers an error.
 */
export const contactRoutes =
  (context: NotificationsContext, worker: DeliveryWorker): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, NOTIFICATIONS_CONTRACTS.contact, async (request) => {
      const caller = callerOf(request);
      const support = context.config.SUPPORT_EMAIL;
      if (!support) throw httpError(503, NOTIFICATION_ERRORS.supportNotConfigured);
      const reads = notificationReads(context.pool, caller);
      const user = await reads.account();
      const principal = principalOf(request);
      const sender: Sender = user
        ? { email: user.email.toLowerCase(), name: `${user.first_name} ${user.last_name}` }
        : { email: principal.email.toLowerCase(), name: principal.email };
      const { from_email: fromEmail, subject, message } = request.body;
      if (fromEmail && fromEmail !== sender.email) throw httpError(400, NOTIFICATION_ERRORS.notOwnEmail);
      const institution = await reads.institutionName();
      const notificationId = await requestNotification(
        context,
        staffMessageRequest(caller, {
          idempotency_key: `contact:${randomUUID()}`,
          message_type: 'contact_support',
          notification_type: 'email',
          recipient_email: support,
          recipient_phone: null,
          subject: `[Labline support] ${subject}`,
          body: supportMessage(sender, caller, institution, message),
          reply_to: sender.email,
        }),
        appendMetadata(request),
      );
      await worker.deliverNow(notificationId);
      const status = (await reads.log(notificationId))?.delivery_status;
      if (status === 'failed') throw httpError(502, NOTIFICATION_ERRORS.contactFailed);
      return { success: true, message: NOTIFICATION_MESSAGES.contactSent };
    });
  };
