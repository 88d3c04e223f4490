/**
 * Reactions to clinical's test request events (docs/architecture.md §1): a cancelled request → the patient is told,
 * in the canceller's words when the event carries them (the only message a cancellation sends: the web's cancel
 * step sends no separate one); Send Notification's message → delivered to the patient. Each becomes one requested
 * message per channel the patient's details allow, in the consumer's transaction with its processed-event row; a
 * channel their contact preference or an SMS opt-out excludes is requested as skipped, with the reason
 * (consent.ts). An idempotency key of event, recipient and channel makes a redelivered or replayed event request
 * nothing twice. Sending is the delivery worker's, after the commit.
 */
import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Reactor } from '@labline/service-kit';
import { requestAll, type NotificationRequest } from '../commands/notifications';
import { maxEventAgeMsOf, type NotificationsContext } from '../config';
import { smsOptedOut } from '../consent';
import type { DeliveryWorker } from '../delivery/worker';
import { cancellationMessage, customMessage, patientMessageRequests } from '../messages';
import { clinicalDirectoryProjection } from '../projections/clinical/projection';
import { testRequestRecipient, type TestRequestRecipient } from '../projections/clinical/queries';

const REACTS_TO = ['TestRequestCancelled', 'TestRequestNotificationRequested'];

type Reaction = Pick<NotificationRequest, 'message_type' | 'triggered_by_type' | 'triggered_by_user_id'> & {
  subject: string;
  email: string;
  sms: string;
};

function reactionOf(event: EventEnvelope, recipient: TestRequestRecipient): Reaction {
  if (event.type === 'TestRequestCancelled') {
    // The canceller's text, when they wrote one, is their message; the default wording is the system's.
    const text = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestCancelled', event.data).custom_message ?? null;
    return {
      ...cancellationMessage(recipient, text),
      message_type: 'test_request_cancelled',
      ...(text === null
        ? { triggered_by_type: 'system', triggered_by_user_id: null }
        : { triggered_by_type: 'manual', triggered_by_user_id: event.actor.userId }),
    };
  }
  const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestNotificationRequested', event.data);
  return {
    ...customMessage(recipient, data.custom_message),
    message_type: 'custom',
    triggered_by_type: 'manual',
    triggered_by_user_id: event.actor.userId,
  };
}

/**
 * One message per channel the patient's details allow and consent does not exclude, one logged as skipped (with
 * the reason) per channel it excludes; one that fails at once when the details allow none (consent.ts).
 */
export function requestsFor(
  event: EventEnvelope,
  recipient: TestRequestRecipient,
  consent: { smsOptedOut: boolean } = { smsOptedOut: false },
): NotificationRequest[] {
  return patientMessageRequests(recipient, consent.smsOptedOut, {
    ...reactionOf(event, recipient),
    idempotencyKey: (channel) => `${event.id}:patient-${recipient.patient_id}:${channel}`,
  });
}

/**
 * The reactor (durable consumer `notifications-test-request-reactions`), after the clinical directory: that
 * consumer reads every test request event this one does, after the patient's events before it, so once it has
 * applied this very event the patient's details are those of that moment.
 */
export const testRequestReactions = (context: NotificationsContext, worker: DeliveryWorker): Reactor => ({
  name: 'test-request-reactions',
  subjects: ['lab.clinical.testRequest.>'],
  handles: REACTS_TO,
  after: [clinicalDirectoryProjection],
  maxEventAgeMs: maxEventAgeMsOf(context.config),
  // The first wait is also the ack wait: a reaction waits up to a few seconds for the directory.
  backoffMs: [10_000, 30_000, 60_000, 300_000],
  maxDeliver: 10,
  async react(event, transaction, metadata) {
    const { testRequestId } = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type as 'TestRequestCancelled', event.data);
    const recipient = await testRequestRecipient(transaction, testRequestId);
    if (!recipient) {
      context.logger.warn({ eventId: event.id, testRequestId }, 'test request unknown to the directory; nothing sent');
      return;
    }
    const consent = {
      smsOptedOut: recipient.patient_deleted ? false : await smsOptedOut(transaction, recipient.phone),
    };
    await requestAll(context, worker, transaction, requestsFor(event, recipient, consent), metadata);
  },
});
