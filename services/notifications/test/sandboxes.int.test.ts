/**
 * The sandbox peers as the real clients see them: nodemailer's messages read back whole (encoded subjects,
 * quoted-printable text, Reply-To), the twilio client's calls answered in Twilio's shapes and errors, and the
 * sandbox's callbacks and inbound messages signed so that the twilio library's own validator accepts them.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmsSandbox, type SmsSandbox } from '@labline/sms-sandbox';
import { startSmtpSandbox, type SmtpSandbox } from '@labline/smtp-sandbox';
import { waitFor } from '@labline/testkit';
import nodemailer from 'nodemailer';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createChannels } from '../src/delivery/channels';
import { RebasedRequestClient } from '../src/delivery/sms';
import { notificationsConfigSchema } from '../src/config';
import { ACCOUNT_SID, AUTH_TOKEN, FROM_NUMBER } from './harness';

let smtp: SmtpSandbox;
let sms: SmsSandbox;
let webhook: http.Server;
let webhookOrigin: string;
let webhookUrl: string;
const received: { valid: boolean; params: Record<string, string> }[] = [];

beforeAll(async () => {
  webhook = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const signature = String(request.headers['x-twilio-signature'] ?? '');
      const url = `${webhookOrigin}${request.url ?? ''}`;
      received.push({ valid: twilio.validateRequest(AUTH_TOKEN, signature, url, params), params });
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end('<Response/>');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookOrigin = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}`;
  webhookUrl = `${webhookOrigin}/hook`;
  smtp = await startSmtpSandbox({ credentials: { user: 'labline', password: 'secret-password' } });
  sms = await startSmsSandbox({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    inboundWebhookUrl: webhookUrl,
    callbackDelayMs: 10,
  });
});
afterAll(async () => {
  await sms?.stop();
  await smtp?.stop();
  await new Promise((resolve) => webhook?.close(resolve));
});

const channels = () =>
  createChannels(
    notificationsConfigSchema.parse({
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      IDENTITY_JWKS_URL: 'http://127.0.0.1/unused',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.smtpPort),
      SMTP_USER: 'labline',
      SMTP_PASSWORD: 'secret-password',
      SMTP_FROM: 'Labline <no-reply@labline.test>',
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: FROM_NUMBER,
      TWILIO_API_BASE_URL: sms.url,
      TWILIO_STATUS_CALLBACK_URL: webhookUrl,
    }),
  );

describe('the SMTP sandbox', () => {
  it('keeps what nodemailer sends, readable as a mail client shows it', async () => {
    const outcome = await channels().email.send({
      notificationId: 1,
      to: 'zoë@example.com',
      subject: 'Prüfung abgesagt – REQ-000042',
      body: `Dear Zoë,\n\n${'A long line that nodemailer wraps with soft line breaks in quoted-printable. '.repeat(3)}\n€ 10`,
      replyTo: 'clinic@example.com',
    });
    assert.equal(outcome.ok, true);
    const [mail] = smtp.messages();
    assert.equal(mail?.subject, 'Prüfung abgesagt – REQ-000042');
    assert.match(
      mail?.text ?? '',
      /^Dear Zoë,\n\n(A long line that nodemailer wraps with soft line breaks in quoted-printable\. ){3}\n€ 10$/,
    );
    assert.equal(mail?.headers['reply-to'], 'clinic@example.com');
    const listed = (await (await fetch(`${smtp.url}/messages`)).json()) as { messages: unknown[] };
    assert.equal(listed.messages.length, 1);
    const page = await (await fetch(smtp.url)).text();
    assert.match(page, /Prüfung abgesagt/);
  });

  it('refuses a client that does not sign in when credentials are configured', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.smtpPort, secure: false });
    await assert.rejects(
      transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'x', text: 'y' }),
      (error: { responseCode?: number }) => error.responseCode === 530,
    );
  });
});

describe('the SMS sandbox', () => {
  it("answers the twilio client's create and fetch in Twilio's shapes, and reports the status by callback", async () => {
    const client = twilio(ACCOUNT_SID, AUTH_TOKEN, {
      httpClient: new RebasedRequestClient(new URL(sms.url)),
    });
    const created = await client.messages.create({
      to: '+447700900123',
      from: FROM_NUMBER,
      body: 'Hello',
      statusCallback: `${webhookUrl}?notification=5`,
    });
    assert.match(created.sid, /^SM[0-9a-f]{32}$/);
    assert.equal(created.status, 'queued');
    assert.equal(created.accountSid, ACCOUNT_SID);
    await waitFor(async () => (await client.messages(created.sid).fetch()).status === 'delivered', {
      description: 'delivered',
    });
    // The sandbox marks the message delivered, then posts the callback: the fetch can answer before it arrives.
    const callbacksOf = () => received.filter((entry) => entry.params.MessageSid === created.sid);
    await waitFor(async () => callbacksOf().length >= 3, { description: 'three status callbacks' });
    const callbacks = callbacksOf();
    assert.deepEqual(
      callbacks.map((entry) => [entry.params.MessageStatus, entry.valid]),
      [
        ['queued', true],
        ['sent', true],
        ['delivered', true],
      ],
    );
  });

  it("fails with Twilio's errors, which the client raises as RestException", async () => {
    const client = twilio(ACCOUNT_SID, 'wrong-token', {
      httpClient: new RebasedRequestClient(new URL(sms.url)),
    });
    await assert.rejects(client.messages.create({ to: '+447700900123', from: FROM_NUMBER, body: 'x' }), (error) => {
      assert.ok(error instanceof twilio.RestException);
      assert.deepEqual([error.status, error.code], [401, 20003]);
      return true;
    });
    const invalid = await channels().sms.send({
      notificationId: 2,
      to: '+447700901111',
      subject: null,
      body: 'x',
      replyTo: null,
    });
    assert.deepEqual(invalid, {
      ok: false,
      permanent: true,
      reason: "Twilio error 21211: The 'To' number +447700901111 is not a valid phone number.",
    });
    const unavailable = await channels().sms.send({
      notificationId: 3,
      to: '+447700909999',
      subject: null,
      body: 'x',
      replyTo: null,
    });
    assert.deepEqual(unavailable, { ok: false, permanent: false, reason: 'Twilio error 20503: Service Unavailable' });
    assert.deepEqual(await channels().sms.check(), { isValid: true, message: `Twilio account active (${sms.url})` });
  });

  it("posts a patient's inbound STOP to the webhook, signed", async () => {
    const status = await sms.inbound({ from: '+447700900123', to: FROM_NUMBER, body: 'STOP' });
    assert.equal(status, 200);
    const inbound = received.find((entry) => entry.params.Body === 'STOP');
    assert.equal(inbound?.valid, true);
    assert.equal(inbound?.params.From, '+447700900123');
  });
});
