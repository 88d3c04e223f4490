/**
 * Reactions to identity's account e-mails (the Email communication card, spec 3 §2): each AccountEmailRequested
 * becomes one requested e-mail to the user, staff, triggered manually by the administrator who asked, in the
 * consumer's transaction with its processed-event row; the idempotency key of event, recipient and channel makes a
 * redelivered or replayed event request nothing twice. Sending is the delivery worker's, after the commit.
 *
 * A reset or setup e-mail carries its set-password link, and so a token (identity's event says why): it goes into
 * the message and nowhere else; nothing here logs the event's data.
 */
import { IDENTITY_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import { startConsumer, type DurableConsumer } from '@labline/bus';
import type { DatabaseTransactionConnection } from 'slonik';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestNotificationIn, type NotificationRequest } from '../commands/notifications';
import type { NotificationsContext } from '../config';
import type { DeliveryWorker } from '../delivery/worker';
import { accountEmailContent } from '../messages';

export const ACCOUNT_EMAILS_CONSUMER = 'notifications-account-emails';
export const ACCOUNT_EMAIL_SUBJECTS = ['lab.identity.accountEmail.>'];
/** What the log says of a reset or setup e-mail whose link expired before it could be sent. */
export const LINK_EXPIRED_BEFORE_SENDING = 'The link expired before the email could be sent; send a new one';

/** The one e-mail an AccountEmailRequested asks for. */
export function accountEmailRequest(event: EventEnvelope, now = new Date()): NotificationRequest {
  const email = parseEventData(IDENTITY_EVENT_SCHEMAS, 'AccountEmailRequested', event.data);
  const content = accountEmailContent(email);
  const expired = email.link_expires_at !== null && Date.parse(email.link_expires_at) <= now.getTime();
  return {
    idempotency_key: `${event.id}:staff-${email.userId}:email`,
    message_type: email.type,
    notification_type: 'email',
    recipient_type: 'staff',
    recipient_email: email.recipient_email,
    recipient_phone: null,
    patient_id: null,
    patient_name: null,
    subject: content.subject,
    body: content.body,
    reply_to: null,
    test_request_id: null,
    // Filed under the recipient's institution (its administrators read its log), else the sender's.
    institution_id: email.institution_id ?? event.actor.institutionId,
    triggered_by_type: 'manual',
    triggered_by_user_id: event.actor.userId,
    // A dead link is not sent; the log says why, so the administrator knows to send another.
    skip_reason: expired ? LINK_EXPIRED_BEFORE_SENDING : null,
  };
}

export function startAccountEmailReactions(
  context: NotificationsContext,
  worker: DeliveryWorker,
): Promise<DurableConsumer> {
  const { logger, config } = context;
  const maxAgeMs = config.NOTIFICATION_MAX_EVENT_AGE_HOURS * 60 * 60 * 1000;

  async function handle(event: EventEnvelope, transaction: DatabaseTransactionConnection) {
    if (event.type !== 'AccountEmailRequested') return;
    if (Date.now() - Date.parse(event.occurredAt) > maxAgeMs) {
      logger.info({ eventId: event.id, eventType: event.type }, 'event too old to send an email for; skipped');
      return;
    }
    const metadata = {
      actor: event.actor,
      correlationId: event.correlationId,
      causationId: event.id,
      traceparent: event.traceparent,
    };
    const requested = await requestNotificationIn(context, transaction, accountEmailRequest(event), metadata);
    if (requested !== null) transaction.once('commit', () => worker.wake());
  }

  return startConsumer({
    nc: context.resources.nats,
    pool: context.pool,
    durableName: ACCOUNT_EMAILS_CONSUMER,
    filterSubjects: ACCOUNT_EMAIL_SUBJECTS,
    service: 'notifications',
    handle,
    backoffMs: [5_000, 30_000, 60_000, 300_000],
    maxDeliver: 10,
    logger,
  });
}

/** Runs the reactions while the service's HTTP app is up (started when it is ready, stopped when it closes). */
export const accountEmailReactions =
  (context: NotificationsContext, worker: DeliveryWorker): FastifyPluginAsyncZod =>
  async (app) => {
    let reactions: DurableConsumer | null = null;
    app.addHook('onReady', async () => {
      reactions = await startAccountEmailReactions(context, worker);
    });
    app.addHook('onClose', async () => {
      await reactions?.stop();
    });
  };
