import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { NOTIFICATION_SKIP_REASONS, type EventEnvelope } from '@labline/contracts';
import { testRecipient } from '../recipient.fixture';
import { requestsFor } from './test-request-reactions';

const recipient = testRecipient;

const event = (type: string, data: unknown): EventEnvelope => ({
  id: '0190a0a0-0000-7000-8000-000000000001',
  type,
  stream: 'testRequest-42',
  version: 3,
  occurredAt: '2030-01-01T00:00:00.000Z',
  actor: { userId: 3, role: 'clinician', institutionId: 1 },
  correlationId: 'c',
  causationId: null,
  traceparent: null,
  data,
});
const cancelledData = { testRequestId: 42, patient_id: 7, institution_id: 1, from: 'pending' };
const cancelled = event('TestRequestCancelled', cancelledData);

describe('the messages a test request event asks for', () => {
  it('one per channel the patient can be reached on, each with its own idempotency key', () => {
    const requests = requestsFor(cancelled, recipient());
    assert.deepEqual(
      requests.map((request) => [request.notification_type, request.recipient_email, request.recipient_phone]),
      [
        ['email', 'amelia@example.com', null],
        ['sms', null, '+447700900123'],
      ],
    );
    assert.deepEqual(
      requests.map((request) => request.idempotency_key),
      [`${cancelled.id}:patient-7:email`, `${cancelled.id}:patient-7:sms`],
    );
    assert.equal(requests[0]?.subject, 'Your test request REQ-000042 has been cancelled');
    assert.ok((requests[1]?.body.length ?? 0) <= 160, requests[1]?.body);
  });

  it("a cancellation with the canceller's text sends that text in place of the default, once per channel", () => {
    const text = 'Your glucose test is cancelled: the clinic will call you to rebook.';
    const requests = requestsFor(
      event('TestRequestCancelled', { ...cancelledData, custom_message: text }),
      recipient(),
    );
    assert.deepEqual(
      requests.map((request) => [request.notification_type, request.message_type, request.triggered_by_type]),
      [
        ['email', 'test_request_cancelled', 'manual'],
        ['sms', 'test_request_cancelled', 'manual'],
      ],
    );
    assert.equal(requests[0]?.triggered_by_user_id, 3);
    assert.equal(requests[0]?.subject, 'Your test request REQ-000042 has been cancelled');
    assert.match(requests[0]?.body ?? '', new RegExp(text));
    assert.equal(requests[1]?.body, text);
    for (const request of requests) assert.doesNotMatch(request.body, /has been cancelled/);
    // Without a text (and in events recorded before cancellations carried one) the default wording goes.
    const [fallback] = requestsFor(cancelled, recipient());
    assert.deepEqual([fallback?.triggered_by_type, fallback?.triggered_by_user_id], ['system', null]);
    assert.match(
      fallback?.body ?? '',
      /Glucose test \(request REQ-000042\) at Northwind General Hospital has been cancelled/,
    );
  });

  it("a manual message of the clinician's, with their text", () => {
    const [request] = requestsFor(
      event('TestRequestNotificationRequested', {
        testRequestId: 42,
        patient_id: 7,
        institution_id: 1,
        reminder_type: 'custom_notification',
        custom_message: 'Please fast for 8 hours.',
      }),
      recipient({ phone: null }),
    );
    assert.deepEqual(
      [request?.message_type, request?.triggered_by_type, request?.triggered_by_user_id],
      ['custom', 'manual', 3],
    );
    assert.match(request?.body ?? '', /Please fast for 8 hours\./);
  });

  it('a skipped request, with the reason and its own key, for each channel consent excludes', () => {
    const emailOnly = requestsFor(cancelled, recipient({ contact_preference: 'email' }));
    assert.deepEqual(
      emailOnly.map((request) => [request.notification_type, request.recipient_phone, request.skip_reason]),
      [
        ['email', null, null],
        ['sms', '+447700900123', NOTIFICATION_SKIP_REASONS.preference.email],
      ],
    );
    assert.equal(emailOnly[1]?.idempotency_key, `${cancelled.id}:patient-7:sms`);
    const optedOut = requestsFor(cancelled, recipient(), { smsOptedOut: true });
    assert.deepEqual(
      optedOut.map((request) => [request.notification_type, request.skip_reason]),
      [
        ['email', null],
        ['sms', NOTIFICATION_SKIP_REASONS.smsOptedOut],
      ],
    );
  });

  it('one e-mail without an address when the patient has no contact details (it fails saying so)', () => {
    const requests = requestsFor(cancelled, recipient({ email: null, phone: null }));
    assert.deepEqual(
      requests.map((request) => [request.notification_type, request.recipient_email]),
      [['email', null]],
    );
    const deleted = requestsFor(cancelled, recipient({ patient_deleted: true }));
    assert.deepEqual(
      deleted.map((request) => [request.recipient_email, request.recipient_phone]),
      [[null, null]],
    );
  });
});
