/**
 * Reactions to clinical's test request events, end to end: the event over JetStream, the message requested in
 * the consumer's transaction, nodemailer and the twilio client delivering to the sandboxes, Twilio's signed
 * status callbacks moving the log on, retries with backoff, and redeliveries that send nothing twice.
 */
import assert from 'node:assert/strict';
import { waitFor } from '@labline/testkit';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { NOTIFICATION_ERRORS } from '@labline/contracts';
import { sql } from 'slonik';
import {
  cancel,
  logsOf,
  orderFor,
  sendReminder,
  settledLogs,
  startNotifications,
  USERS,
  type NotificationsTestContext,
} from './harness';

let harness: NotificationsTestContext;
beforeAll(async () => {
  harness = await startNotifications();
});
afterAll(async () => harness?.close());

const mailTo = (address: string) => harness.smtp.messages().filter((mail) => mail.envelope.to.includes(address));
const textsTo = (number: string) => harness.sms.messages().filter((message) => message.to === number);
const attemptsTo = (number: string) => harness.sms.attempts().filter((attempt) => attempt.to === number);

describe('reactions to test request events', () => {
  it('tells the patient of a cancelled request by one e-mail and one SMS, delivered per the callbacks', async () => {
    const order = await orderFor(harness, { email: 'amelia@example.com', phone: '+44 7700 900123' });
    await cancel(harness, order);
    const [email, sms] = await waitFor(
      async () => {
        const logs = await logsOf(harness, order.testRequestId);
        return logs.length === 2 && logs[0]?.delivery_status === 'sent' && logs[1]?.delivery_status === 'delivered'
          ? logs
          : null;
      },
      { timeoutMs: 20_000, description: 'the e-mail sent and the SMS delivered' },
    );
    assert.deepEqual(
      [email?.notification_type, email?.recipient_email, email?.message_type, email?.triggered_by_type],
      ['email', 'amelia@example.com', 'test_request_cancelled', 'system'],
    );
    assert.deepEqual([sms?.notification_type, sms?.recipient_phone], ['sms', '+447700900123']);

    const mails = mailTo('amelia@example.com');
    assert.equal(mails.length, 1);
    assert.equal(
      mails[0]?.subject,
      `Your test request REQ-${String(order.testRequestId).padStart(6, '0')} has been cancelled`,
    );
    assert.match(mails[0]?.text ?? '', /Glucose test .* at Northwind General Hospital has been cancelled/);
    assert.match(mails[0]?.from ?? '', /no-reply@labline\.test/);

    const texts = textsTo('+447700900123');
    assert.equal(texts.length, 1);
    assert.equal(texts[0]?.from, '+15005550006');
    // The sandbox notes a callback's answer when the answer reaches it, a moment after the service has recorded
    // the delivery that the logs above show.
    await waitFor(() => (textsTo('+447700900123')[0]?.callbacks.length ?? 0) >= 3, {
      description: "the delivery callback's answer noted by the SMS sandbox",
    });
    assert.deepEqual(
      textsTo('+447700900123')[0]?.callbacks.map((callback) => [callback.status, callback.http_status]),
      [
        ['queued', 204],
        ['sent', 204],
        ['delivered', 204],
      ],
    );
  });

  it("tells the patient of a cancellation in the canceller's words only: one e-mail and one SMS, no default", async () => {
    const order = await orderFor(harness, { email: 'noah@example.com', phone: '+44 7700 900124' });
    const text = 'Your glucose test is cancelled; the clinic will call you to book a new date.';
    const event = await cancel(harness, order, { customMessage: text });
    const logs = await settledLogs(harness, order.testRequestId, 2, ['sent', 'delivered']);
    assert.deepEqual(
      logs.map((log) => [log.notification_type, log.message_type, log.triggered_by_type]),
      [
        ['email', 'test_request_cancelled', 'manual'],
        ['sms', 'test_request_cancelled', 'manual'],
      ],
    );
    await waitFor(() => textsTo('+447700900124')[0]?.status === 'delivered', { description: 'SMS delivered' });
    // Delivered again (a relay's republish): the idempotency keys keep it at one of each.
    await harness.republish('clinical', event);
    const marker = await orderFor(harness, { email: 'marker3@example.com', phone: null });
    await cancel(harness, marker);
    await settledLogs(harness, marker.testRequestId, 1, ['sent']);

    const mails = mailTo('noah@example.com');
    assert.equal(mails.length, 1);
    assert.equal(
      mails[0]?.subject,
      `Your test request REQ-${String(order.testRequestId).padStart(6, '0')} has been cancelled`,
    );
    assert.ok(mails[0]?.text.includes(text), mails[0]?.text);
    assert.doesNotMatch(mails[0]?.text ?? '', /has been cancelled/);
    const texts = textsTo('+447700900124');
    assert.deepEqual(
      texts.map((message) => message.body),
      [text],
    );
    assert.equal((await logsOf(harness, order.testRequestId)).length, 2);
  });

  it("delivers Send Notification's message to the patient, as the clinician's manual message", async () => {
    const order = await orderFor(harness, { email: 'ravi@example.com', phone: null });
    await sendReminder(harness, order, 'Please fast for 8 hours before your appointment.');
    const [log] = await settledLogs(harness, order.testRequestId, 1, ['sent']);
    assert.deepEqual([log?.message_type, log?.triggered_by_type], ['custom', 'manual']);
    const [mail] = mailTo('ravi@example.com');
    assert.match(mail?.text ?? '', /Please fast for 8 hours before your appointment\./);
    const response = await harness.app.inject({
      method: 'GET',
      url: '/cms/notification-logs?message_type=custom',
      headers: await harness.as(USERS.superAdmin),
    });
    const entry = response.json().notifications.find((row: { id: number }) => row.id === log?.id);
    assert.deepEqual([entry.triggered_by_name, entry.triggered_by_lastname], ['Emily', 'Chen']);
  });

  it('ends an SMS the carrier cannot deliver as failed with the reason from the callback', async () => {
    const order = await orderFor(harness, { email: null, phone: '+447700900000' });
    await cancel(harness, order);
    const [sms] = await settledLogs(harness, order.testRequestId, 1, ['failed']);
    assert.equal(sms?.error_message, 'Twilio error 30003: Unreachable destination handset');
    assert.equal(textsTo('+447700900000').length, 1, 'sent once, not retried: the carrier refused it');
  });

  it('retries a send the provider could not take, with backoff, then fails it with the last reason', async () => {
    const order = await orderFor(harness, { email: 'later@defer.example.com', phone: '+447700909999' });
    await cancel(harness, order);
    const [email, sms] = await settledLogs(harness, order.testRequestId, 2, ['failed']);
    // NOTIFICATION_RETRY_BACKOFF_MS=150,300: three attempts in all.
    assert.equal(sms?.attempts, 3);
    assert.equal(sms?.error_message, 'Twilio error 20503: Service Unavailable');
    assert.equal(attemptsTo('+447700909999').length, 3);
    assert.equal(email?.attempts, 3);
    assert.match(email?.error_message ?? '', /^SMTP 451: .*try again later/);
  });

  it('does not retry a refusal that is final', async () => {
    const order = await orderFor(harness, { email: 'nobody@reject.example.com', phone: '+447700901111' });
    await cancel(harness, order);
    const [email, sms] = await settledLogs(harness, order.testRequestId, 2, ['failed']);
    assert.deepEqual([email?.attempts, sms?.attempts], [1, 1]);
    assert.match(email?.error_message ?? '', /^SMTP 550: /);
    assert.equal(sms?.error_message, "Twilio error 21211: The 'To' number +447700901111 is not a valid phone number.");
  });

  it('logs a failed message when the patient has neither an e-mail address nor a phone number', async () => {
    const order = await orderFor(harness, { email: null, phone: null });
    await cancel(harness, order);
    const [log] = await settledLogs(harness, order.testRequestId, 1, ['failed']);
    assert.equal(log?.error_message, NOTIFICATION_ERRORS.noContactDetails);
  });

  it('sends nothing twice when an event is delivered again, even with the consumer replaying from scratch', async () => {
    const order = await orderFor(harness, { email: 'once@example.com', phone: '+447700900555' });
    const event = await cancel(harness, order);
    await settledLogs(harness, order.testRequestId, 2, ['sent', 'delivered']);
    await waitFor(() => textsTo('+447700900555')[0]?.status === 'delivered', { description: 'SMS delivered' });

    // A relay republishing after JetStream's duplicate window: the consumer has handled this event id.
    await harness.republish('clinical', event);
    // A consumer rebuilt from nothing (its processed events gone, every event delivered again): the
    // idempotency key of event, recipient and channel is what stops a second message.
    await harness.pool.query(
      sql.unsafe`DELETE FROM processed_events WHERE consumer = 'notifications-test-request-reactions'`,
    );
    await harness.republish('clinical', event);
    await waitFor(
      () =>
        harness.pool.exists(sql.unsafe`
          SELECT 1 FROM processed_events WHERE consumer = 'notifications-test-request-reactions' AND event_id = ${event.id}`),
      { description: 'the replayed event handled again' },
    );
    const marker = await orderFor(harness, { email: 'marker@example.com', phone: null });
    await cancel(harness, marker);
    await settledLogs(harness, marker.testRequestId, 1, ['sent']);

    assert.equal((await logsOf(harness, order.testRequestId)).length, 2);
    assert.equal(mailTo('once@example.com').length, 1);
    assert.equal(textsTo('+447700900555').length, 1);
  });

  it('does not notify about events older than the configured age (a consumer starting on old history)', async () => {
    const order = await orderFor(harness, { email: 'history@example.com', phone: null });
    await cancel(harness, order, { occurredAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() });
    const marker = await orderFor(harness, { email: 'marker2@example.com', phone: null });
    await cancel(harness, marker);
    await settledLogs(harness, marker.testRequestId, 1, ['sent']);
    assert.equal((await logsOf(harness, order.testRequestId)).length, 0);
    assert.equal(mailTo('history@example.com').length, 0);
  });
});
