/**
 * Identity's account e-mails (the Email communication card), end to end from the event: identity's
 * AccountEmailRequested over JetStream, one e-mail requested in the consumer's transaction, nodemailer delivering
 * it to the SMTP sandbox, the log filed as staff, manual, by the administrator who asked; a redelivery sends
 * nothing twice and a link that expired on the way is not sent.
 */
import assert from 'node:assert/strict';
import type { IdentityEventData } from '@labline/contracts';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import { LINK_EXPIRED_BEFORE_SENDING } from '../src/consumers/account-emails';
import { NORTHWIND, startNotifications, USERS, type NotificationsTestContext } from './harness';

let harness: NotificationsTestContext;
beforeAll(async () => {
  harness = await startNotifications();
});
afterAll(async () => harness?.close());

let nextEmailId = 0;
const RECIPIENT = { userId: 21, first_name: 'Priya', last_name: 'Nair', institution_id: NORTHWIND };
const SIGN_IN_URL = 'https://labline.example.test/login';
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** Publishes an account e-mail as identity's relay would, requested by Northwind's administrator. */
function requestEmail(recipientEmail: string, fields: Partial<IdentityEventData<'AccountEmailRequested'>>) {
  const emailId = (nextEmailId += 1);
  const data: IdentityEventData<'AccountEmailRequested'> = {
    emailId,
    ...RECIPIENT,
    recipient_email: recipientEmail,
    type: 'password_reset',
    link: `https://labline.example.test/set-password?token=${'t'.repeat(40)}${emailId}`,
    link_expires_at: inAnHour(),
    subject: null,
    message: null,
    include_login_info: false,
    sign_in_url: SIGN_IN_URL,
    ...fields,
  };
  const admin = USERS.northwindAdmin;
  return harness.publish('identity', {
    stream: `accountEmail-${emailId}`,
    version: 0,
    type: 'AccountEmailRequested',
    data,
    actor: { userId: admin.id, role: 'institution_admin', institutionId: NORTHWIND },
  });
}

const logSchema = z.object({
  message_type: z.string(),
  notification_type: z.string(),
  recipient_type: z.string(),
  recipient_email: z.string().nullable(),
  delivery_status: z.string(),
  error_message: z.string().nullable(),
  institution_id: z.number().nullable(),
  triggered_by_type: z.string(),
  triggered_by_user_id: z.number().nullable(),
});
const logsTo = (address: string) =>
  harness.pool.any(sql.type(logSchema)`
    SELECT message_type, notification_type, recipient_type, recipient_email, delivery_status, error_message,
           institution_id, triggered_by_type, triggered_by_user_id
    FROM notification_logs WHERE recipient_email = ${address} ORDER BY id`);
const settled = (address: string, status: string) =>
  waitFor(
    async () => {
      const logs = await logsTo(address);
      return logs.length > 0 && logs.every((log) => log.delivery_status === status) && logs;
    },
    { timeoutMs: 20_000, description: `the e-mail to ${address} ${status}` },
  );
const mailTo = (address: string) => harness.smtp.messages().filter((mail) => mail.envelope.to.includes(address));

/**
 * One more e-mail through the same consumer, received by the SMTP sandbox: the consumer handles identity's events
 * one at a time in stream order, so whatever was published before it has been handled (instead of a fixed wait).
 */
async function everythingBeforeHandled() {
  const address = `in.order.${nextEmailId + 1}@northwind.test`;
  await requestEmail(address, {});
  await settled(address, 'sent');
  await waitFor(() => mailTo(address).length === 1, { description: `the e-mail to ${address} received` });
}

describe('account e-mails', () => {
  it('sends a password reset with its link once, to staff, as the administrator’s manual message', async () => {
    const event = await requestEmail('priya.nair@northwind.test', {});
    const [log] = await settled('priya.nair@northwind.test', 'sent');
    assert.deepEqual(log, {
      message_type: 'password_reset',
      notification_type: 'email',
      recipient_type: 'staff',
      recipient_email: 'priya.nair@northwind.test',
      delivery_status: 'sent',
      error_message: null,
      institution_id: NORTHWIND,
      triggered_by_type: 'manual',
      triggered_by_user_id: USERS.northwindAdmin.id,
    });
    const [mail, ...others] = mailTo('priya.nair@northwind.test');
    assert.equal(others.length, 0);
    assert.equal(mail?.subject, 'Reset your Labline password');
    const link = (event.data as { link: string }).link;
    assert.ok(mail?.text.includes(link), mail?.text);
    assert.match(mail?.text ?? '', /^Dear Priya Nair,/);

    // identity's relay republishing after JetStream's duplicate window: the consumer sends nothing twice
    await harness.republish('identity', event);
    await everythingBeforeHandled();
    assert.equal(mailTo('priya.nair@northwind.test').length, 1);
    assert.equal((await logsTo('priya.nair@northwind.test')).length, 1);
  });

  it('sends an account setup e-mail with the sign-in address and the link', async () => {
    await requestEmail('new.colleague@northwind.test', { type: 'account_setup' });
    await settled('new.colleague@northwind.test', 'sent');
    const [mail] = mailTo('new.colleague@northwind.test');
    assert.equal(mail?.subject, 'Set up your Labline account');
    assert.match(mail?.text ?? '', /sign in with your email address, new\.colleague@northwind\.test/);
    assert.match(mail?.text ?? '', /set-password\?token=/);
    assert.equal((await logsTo('new.colleague@northwind.test'))[0]?.message_type, 'account_setup');
  });

  it('sends a custom e-mail as written; the login information adds the sign-in address and page only', async () => {
    const custom = { type: 'custom' as const, link: null, link_expires_at: null, subject: 'Rota' };
    await requestEmail('with.login@northwind.test', {
      ...custom,
      message: 'The rota is on the noticeboard.',
      include_login_info: true,
    });
    await requestEmail('without.login@northwind.test', { ...custom, message: 'See you on Monday.' });
    await settled('with.login@northwind.test', 'sent');
    await settled('without.login@northwind.test', 'sent');
    const [withLogin] = mailTo('with.login@northwind.test');
    assert.equal(withLogin?.subject, 'Rota');
    assert.match(withLogin?.text ?? '', /The rota is on the noticeboard\./);
    assert.match(
      withLogin?.text ?? '',
      /Email: with\.login@northwind\.test\nSign in at: https:\/\/labline\.example\.test\/login/,
    );
    assert.doesNotMatch(withLogin?.text ?? '', /password/i);
    const [withoutLogin] = mailTo('without.login@northwind.test');
    assert.match(withoutLogin?.text ?? '', /See you on Monday\./);
    assert.doesNotMatch(withoutLogin?.text ?? '', /Sign in at/);
    assert.equal((await logsTo('with.login@northwind.test'))[0]?.message_type, 'custom');
  });

  it('does not send a link that expired on the way, and logs why', async () => {
    await requestEmail('late.reader@northwind.test', { link_expires_at: new Date(Date.now() - 1_000).toISOString() });
    const [log] = await settled('late.reader@northwind.test', 'skipped');
    assert.equal(log?.error_message, LINK_EXPIRED_BEFORE_SENDING);
    await everythingBeforeHandled();
    assert.equal(mailTo('late.reader@northwind.test').length, 0);
  });
});
