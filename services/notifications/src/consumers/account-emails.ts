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
import type { Reactor } from '@labline/service-kit';
import { requestAll, type NotificationRequest } from '../commands/notifications';
import { maxEventAgeMsOf, type NotificationsContext } from '../config';
import type { DeliveryWorker } from '../delivery/worker';
import { accountEmailContent } from '../messages';

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

/** The reactor (durable consumer `notifications-account-emails`). */
export const accountEmailReactions = (context: NotificationsContext, worker: DeliveryWorker): Reactor => ({
  name: 'account-emails',
  subjects: ACCOUNT_EMAIL_SUBJECTS,
  handles: ['AccountEmailRequested'],
  maxEventAgeMs: maxEventAgeMsOf(context.config),
  backoffMs: [5_000, 30_000, 60_000, 300_000],
  maxDeliver: 10,
  async react(event, transaction, metadata) {
    await requestAll(context, worker, transaction, [accountEmailRequest(event)], metadata);
  },
});
