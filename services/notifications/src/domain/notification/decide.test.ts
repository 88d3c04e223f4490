import { describe, it } from 'vitest';
import type { NotificationRequested } from '@labline/contracts';
import { RuleViolation } from '@labline/eventstore';
import { deciderSpecification } from '@labline/eventstore/testing';
import { notificationDecider } from './decide';
import type { NotificationEvent } from './events';

const spec = deciderSpecification(notificationDecider);
const notificationId = 7;
const SID = `SM${'a'.repeat(32)}`;

const request: NotificationRequested = {
  notificationId,
  idempotency_key: 'event-1:patient-3:sms',
  message_type: 'test_request_cancelled',
  notification_type: 'sms',
  recipient_type: 'patient',
  recipient_email: null,
  recipient_phone: '+447700900123',
  patient_id: 3,
  patient_name: 'Amelia Thompson',
  subject: null,
  body: 'Your test has been cancelled.',
  reply_to: null,
  test_request_id: 42,
  institution_id: 1,
  triggered_by_type: 'system',
  triggered_by_user_id: null,
};
const requested: NotificationEvent = { type: 'NotificationRequested', data: request };
const sent: NotificationEvent = {
  type: 'NotificationSent',
  data: { notificationId, attempt: 1, provider_message_id: SID },
};
const delivered: NotificationEvent = {
  type: 'NotificationDelivered',
  data: { notificationId, provider_message_id: SID },
};
const firstAttemptFailed: NotificationEvent = {
  type: 'NotificationAttemptFailed',
  data: { notificationId, attempt: 1, error_message: 'SMTP 451: later', retry_at: '2030-01-01T00:00:00.000Z' },
};
const report = (status: 'queued' | 'delivered' | 'failed', errorMessage: string | null = null) => ({
  type: 'RecordProviderStatus' as const,
  data: { notificationId, providerMessageId: SID, status, errorMessage },
});
const failure = (attempt: number, retryAt: string | null) => ({
  type: 'RecordAttemptFailure' as const,
  data: { notificationId, attempt, errorMessage: 'SMTP 451: later', retryAt },
});

describe('a notification', () => {
  it('is requested once', () => {
    spec.given([]).when({ type: 'RequestNotification', data: request }).then([requested]);
    spec.given([requested]).when({ type: 'RequestNotification', data: request }).thenThrows(RuleViolation);
  });

  it('records the attempt the provider took, once', () => {
    const recordSent = { type: 'RecordSent' as const, data: { notificationId, attempt: 1, providerMessageId: SID } };
    spec.given([requested]).when(recordSent).then([sent]);
    spec.given([requested, sent]).when(recordSent).thenNothingHappened();
  });

  it('retries while attempts are left and fails with the reason when none is', () => {
    spec.given([requested]).when(failure(1, '2030-01-01T00:00:00.000Z')).then([firstAttemptFailed]);
    spec.given([requested, firstAttemptFailed]).when(failure(1, '2030-01-01T00:00:00.000Z')).thenNothingHappened();
    spec
      .given([requested, firstAttemptFailed])
      .when(failure(2, null))
      .then([
        {
          type: 'NotificationFailed',
          data: { notificationId, attempt: 2, error_message: 'SMTP 451: later', provider_message_id: null },
        },
      ]);
  });

  it("moves on the provider's reports, which may come early, late or twice", () => {
    spec.given([requested, sent]).when(report('delivered')).then([delivered]);
    spec.given([requested, sent, delivered]).when(report('delivered')).thenNothingHappened();
    spec.given([requested, sent, delivered]).when(report('failed', 'Twilio error 30003')).thenNothingHappened();
    spec
      .given([requested, sent])
      .when(report('failed', 'Twilio error 30003: Unreachable destination handset'))
      .then([
        {
          type: 'NotificationFailed',
          data: {
            notificationId,
            attempt: 1,
            error_message: 'Twilio error 30003: Unreachable destination handset',
            provider_message_id: SID,
          },
        },
      ]);
    // The callback won the race against the sender recording its attempt.
    spec.given([requested]).when(report('queued')).then([sent]);
    spec.given([requested, sent]).when(report('queued')).thenNothingHappened();
  });

  it('is requested and skipped at once when consent excludes it, and a skipped message never moves on', () => {
    const reason = 'The number opted out of SMS (STOP)';
    const skipped: NotificationEvent = { type: 'NotificationSkipped', data: { notificationId, reason } };
    spec.given([]).when({ type: 'RequestNotification', data: request, skipReason: reason }).then([requested, skipped]);
    spec
      .given([requested, skipped])
      .when({ type: 'RecordSent', data: { notificationId, attempt: 1, providerMessageId: SID } })
      .thenNothingHappened();
    spec.given([requested, skipped]).when(failure(1, null)).thenNothingHappened();
    spec.given([requested, skipped]).when(report('delivered')).thenNothingHappened();
  });

  it('is not found before it is requested', () => {
    spec.given([]).when(report('delivered')).thenThrows(RuleViolation);
  });
});
