/**
 * Consent and channel choice (issue 13 §2b), end to end: the patient's contact preference from clinical's
 * events, a reaction that sends only what it allows and logs the rest as skipped with the reason, and a STOP
 * replied to the SMS sandbox that Twilio-signs it to the inbound webhook, after which the number gets no SMS
 * until it replies START. A webhook call without Twilio's valid signature is refused and changes nothing.
 */
import assert from 'node:assert/strict';
import { NOTIFICATION_ERRORS, NOTIFICATION_SKIP_REASONS } from '@labline/contracts';
import { twilioSignature } from '@labline/sms-sandbox';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  cancel,
  FROM_NUMBER,
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
const textsTo = (number: string) =>
  harness.sms.messages().filter((message) => message.direction === 'outbound-api' && message.to === number);
const { preference, smsOptedOut } = NOTIFICATION_SKIP_REASONS;

/** What the webhook stored: its events and the opt-out rows. */
const consentState = () =>
  harness.pool.one(sql.type(z.object({ events: z.number(), consents: z.string() }))`
    SELECT (SELECT count(*) FROM events WHERE stream LIKE 'smsConsent-%')::int AS events,
           (SELECT coalesce(string_agg(c::text, ',' ORDER BY phone), '') FROM sms_consents c) AS consents`);

/** Posts an inbound message to the webhook as Twilio would, signed with `token` over `url`. */
function postInbound(params: Record<string, string>, options: { token?: string; url?: string } = {}) {
  const url = options.url ?? harness.context.config.TWILIO_INBOUND_URL!;
  return harness.app.inject({
    method: 'POST',
    url: '/webhooks/twilio/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(options.token ?? AUTH_TOKEN, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const inbound = (from: string, body: string): Record<string, string> => ({
  AccountSid: ACCOUNT_SID,
  ApiVersion: '2010-04-01',
  Body: body,
  From: from,
  MessageSid: `SM${'ab'.repeat(16)}`,
  NumMedia: '0',
  SmsStatus: 'received',
  To: FROM_NUMBER,
});

describe("a patient's contact preference", () => {
  it('email only: a cancellation sends one e-mail and logs the SMS as skipped, with the reason', async () => {
    const order = await orderFor(harness, {
      email: 'email.only@example.com',
      phone: '+44 7700 900201',
      contactPreference: 'email',
    });
    await cancel(harness, order);
    const [email, sms] = await settledLogs(harness, order.testRequestId, 2, ['sent', 'delivered', 'skipped']);
    assert.deepEqual([email?.notification_type, email?.delivery_status], ['email', 'sent']);
    assert.deepEqual(
      [sms?.notification_type, sms?.delivery_status, sms?.error_message, sms?.recipient_phone, sms?.attempts],
      ['sms', 'skipped', preference.email, '+447700900201', 0],
    );
    assert.equal(mailTo('email.only@example.com').length, 1);
    assert.equal(textsTo('+447700900201').length, 0, 'no SMS reached the provider');

    const response = await harness.app.inject({
      url: '/cms/notification-logs?delivery_status=skipped',
      headers: await harness.as(USERS.northwindAdmin),
    });
    assert.equal(response.statusCode, 200, response.body);
    const listed = response.json().notifications.find((log: { id: number }) => log.id === sms?.id);
    assert.deepEqual([listed?.delivery_status, listed?.error_message], ['skipped', preference.email]);
  });

  it("none: both channels are skipped, with the reason, and nothing is sent (a clinician's message too)", async () => {
    const order = await orderFor(harness, {
      email: 'no.contact@example.com',
      phone: '+44 7700 900202',
      contactPreference: 'none',
    });
    await sendReminder(harness, order, 'Please fast for 8 hours.');
    const logs = await settledLogs(harness, order.testRequestId, 2, ['skipped']);
    assert.deepEqual(
      logs.map((log) => [log.notification_type, log.error_message, log.triggered_by_type]),
      [
        ['email', preference.none, 'manual'],
        ['sms', preference.none, 'manual'],
      ],
    );
    assert.equal(mailTo('no.contact@example.com').length, 0);
    assert.equal(textsTo('+447700900202').length, 0);
  });

  it('skipped messages are not counted as e-mails or SMS sent', async () => {
    const stats = async () =>
      (
        await harness.app.inject({ url: '/cms/notification-stats', headers: await harness.as(USERS.superAdmin) })
      ).json() as { total_notifications: number; email_notifications: number; sms_notifications: number };
    const before = await stats();
    const order = await orderFor(harness, {
      email: 'x@example.com',
      phone: '+447700900203',
      contactPreference: 'none',
    });
    await cancel(harness, order);
    await settledLogs(harness, order.testRequestId, 2, ['skipped']);
    const after = await stats();
    assert.deepEqual(
      [after.total_notifications - before.total_notifications, after.email_notifications, after.sms_notifications],
      [2, before.email_notifications, before.sms_notifications],
    );
  });
});

describe('SMS replies of STOP and START', () => {
  it('a STOP from the sandbox skips every later SMS to the number, and START lets them through again', async () => {
    const number = '+447700900210';
    assert.equal(await harness.sms.inbound({ from: number, to: FROM_NUMBER, body: ' Stop ' }), 200);

    const stopped = await orderFor(harness, { email: 'stopped@example.com', phone: '+44 7700 900210' });
    await cancel(harness, stopped);
    const [email, sms] = await settledLogs(harness, stopped.testRequestId, 2, ['sent', 'skipped']);
    assert.equal(email?.delivery_status, 'sent');
    assert.deepEqual([sms?.delivery_status, sms?.error_message], ['skipped', smsOptedOut]);
    assert.equal(textsTo(number).length, 0);

    assert.equal(await harness.sms.inbound({ from: number, to: FROM_NUMBER, body: 'START' }), 200);
    const restarted = await orderFor(harness, { email: null, phone: number });
    await cancel(harness, restarted);
    const [delivered] = await settledLogs(harness, restarted.testRequestId, 1, ['delivered']);
    assert.equal(delivered?.recipient_phone, number);
    assert.equal(textsTo(number).length, 1);
  });

  it('the sandbox replies to the number that texted, and refuses it further messages after STOP, as Twilio does', async () => {
    const number = '+447700900240';
    const sms = harness.context.resources.channels.sms;
    const message = { notificationId: 9_001, to: number, subject: null, body: 'Hello', replyTo: null };
    assert.equal((await sms.send(message)).ok, true);
    const reply = (body: unknown) =>
      fetch(`${harness.sms.url}/sandbox/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const stopped = await reply({ From: number, Body: 'STOP' });
    assert.deepEqual([stopped.status, await stopped.json()], [200, { webhook_status: 200 }]);
    const received = harness.sms.messages().find((entry) => entry.direction === 'inbound' && entry.from === number);
    assert.equal(received?.to, FROM_NUMBER, 'a reply goes to the number that texted');
    assert.deepEqual(await sms.send(message), {
      ok: false,
      permanent: true,
      reason: 'Twilio error 21610: Attempt to send to unsubscribed recipient',
    });
    const incomplete = await reply({ Body: 'STOP' });
    assert.deepEqual([incomplete.status, await incomplete.json()], [400, { error: 'From and Body are required' }]);
    assert.equal((await reply({ From: number, Body: 'start' })).status, 200);
    assert.equal((await sms.send(message)).ok, true);
  });

  it('answers empty TwiML, records a repeated STOP once and other texts not at all', async () => {
    const before = await consentState();
    const stop = await postInbound(inbound('+447700900220', 'UNSUBSCRIBE'));
    assert.equal(stop.statusCode, 200, stop.body);
    assert.match(String(stop.headers['content-type']), /^text\/xml/);
    assert.equal(stop.body, '<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    // Twilio retrying the webhook, then a message that is no keyword.
    assert.equal((await postInbound(inbound('+447700900220', 'UNSUBSCRIBE'))).statusCode, 200);
    assert.equal((await postInbound(inbound('+447700900221', 'Thanks, see you then'))).statusCode, 200);
    const after = await consentState();
    assert.equal(after.events, before.events + 1);
    assert.match(after.consents, /\(\+447700900220,t,UNSUBSCRIBE,/);
    assert.doesNotMatch(after.consents, /900221/);
  });

  it('refuses a reply without a valid Twilio signature, or not of this account, and stores nothing', async () => {
    const before = await consentState();
    const stop = inbound('+447700900230', 'STOP');
    const refusals = [
      await postInbound(stop, { token: 'not-the-auth-token' }),
      await postInbound(stop, { url: 'http://attacker.example/webhooks/twilio/inbound' }),
      await harness.app.inject({
        method: 'POST',
        url: '/webhooks/twilio/inbound',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(stop).toString(),
      }),
    ];
    for (const response of refusals) {
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().error, NOTIFICATION_ERRORS.invalidSignature);
    }
    const foreign = await postInbound({ ...stop, AccountSid: `AC${'f'.repeat(32)}` });
    assert.equal(foreign.statusCode, 400);
    assert.equal(foreign.json().error, 'body: is not a Twilio inbound message of this account');
    assert.deepEqual(await consentState(), before);

    // The number still gets its SMS.
    const order = await orderFor(harness, { email: null, phone: '+447700900230' });
    await cancel(harness, order);
    await settledLogs(harness, order.testRequestId, 1, ['sent', 'delivered']);
    await waitFor(async () => (await logsOf(harness, order.testRequestId))[0]?.delivery_status === 'delivered', {
      description: 'the SMS delivered',
    });
  });
});
