/**
 * notifications over HTTP: the log and its cards with filters, pages and tenant scope; test sends through the
 * sandboxes; cron monitoring's health check; the contact dialog; Twilio's status callback and its signature.
 * Bad input answers 400 naming the field, and nothing stored changes.
 */
import assert from 'node:assert/strict';
import { contractsOf, NOTIFICATION_ERRORS, NOTIFICATION_MESSAGES } from '@labline/contracts';
import { contractCoverage } from '@labline/service-kit';
import { twilioSignature } from '@labline/sms-sandbox';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import {
  AUTH_TOKEN,
  cancel,
  emailOf,
  orderFor,
  RIVERSIDE,
  settledLogs,
  startNotifications,
  SUPPORT_EMAIL,
  USERS,
  type NotificationsTestContext,
  type TestUser,
} from './harness';

let harness: NotificationsTestContext;
let northwindRequest: number;
let riversideRequest: number;

beforeAll(async () => {
  harness = await startNotifications();
  const northwind = await orderFor(harness, { email: 'north@example.com', phone: '+447700900301' });
  const riverside = await orderFor(harness, {
    email: 'river@example.com',
    phone: null,
    institutionId: RIVERSIDE,
  });
  await cancel(harness, northwind);
  await cancel(harness, riverside);
  northwindRequest = northwind.testRequestId;
  riversideRequest = riverside.testRequestId;
  await settledLogs(harness, northwindRequest, 2, ['sent', 'delivered']);
  await settledLogs(harness, riversideRequest, 1, ['sent']);
});
afterAll(async () => harness?.close());

it('installs every contract of notifications and no route without one', () => {
  const contracts = contractsOf('notifications').map(({ route }) => route);
  assert.deepEqual(contractCoverage(harness.app, contracts), { withoutContract: [], withoutRoute: [] });
});

const call = async (caller: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    headers: await harness.as(caller),
    ...(payload === undefined ? {} : { payload }),
  });

/** Every stored event and log row: what a refused request must leave as it was. */
const storedState = () =>
  harness.pool.one(sql.type(z.object({ events: z.number(), logs: z.string() }))`
    SELECT (SELECT count(*) FROM events)::int AS events,
           (SELECT md5(coalesce(string_agg(l::text, ',' ORDER BY l.id), '')) FROM notification_logs l) AS logs`);

async function refused(request: () => Promise<{ statusCode: number; body: string }>, status: number, text: string) {
  const before = await storedState();
  const response = await request();
  assert.equal(response.statusCode, status, response.body);
  assert.equal(JSON.parse(response.body).error, text);
  assert.deepEqual(await storedState(), before, 'a refused request stores nothing');
}

describe('the notification log', () => {
  it('shows super_admin every institution and an institution admin only their own', async () => {
    const requestsSeenBy = async (caller: TestUser) => {
      const response = await call(caller, 'GET', '/cms/notification-logs');
      assert.equal(response.statusCode, 200, response.body);
      return new Set(response.json().notifications.map((log: { test_request_id: number }) => log.test_request_id));
    };
    assert.deepEqual(await requestsSeenBy(USERS.superAdmin), new Set([northwindRequest, riversideRequest]));
    assert.deepEqual(await requestsSeenBy(USERS.northwindAdmin), new Set([northwindRequest]));
    assert.deepEqual(await requestsSeenBy(USERS.riversideAdmin), new Set([riversideRequest]));
    const stats = await call(USERS.riversideAdmin, 'GET', '/cms/notification-stats');
    assert.deepEqual(stats.json(), {
      total_notifications: 1,
      successful_notifications: 1,
      email_notifications: 1,
      sms_notifications: 0,
    });
  });

  it('answers the rows of spec 3 with institution and patient names', async () => {
    const response = await call(USERS.northwindAdmin, 'GET', '/cms/notification-logs?notification_type=sms');
    const [sms] = response.json().notifications;
    assert.equal(response.json().notifications.length, 1);
    assert.equal(sms.recipient_phone, '+447700900301');
    assert.equal(sms.delivery_status, 'delivered');
    assert.equal(sms.recipient_type, 'patient');
    assert.equal(sms.patient_name, 'Amelia Thompson');
    assert.equal(sms.institution_name, 'Northwind General Hospital');
    assert.equal(sms.triggered_by_type, 'system');
    assert.equal(sms.triggered_by_name, null);
  });

  it('refuses roles without the notification tabs, and a clinician', async () => {
    await refused(
      () => call(USERS.northwindClinician, 'GET', '/cms/notification-logs'),
      403,
      'You do not have permission to access this resource',
    );
    const withoutSubPermission = await harness.app.inject({
      method: 'GET',
      url: '/cms/notification-stats',
      headers: await harness.as(USERS.northwindAdmin, ['cms', 'cms_markers']),
    });
    assert.equal(withoutSubPermission.statusCode, 403);
  });

  it('filters by search, type, channel, status and trigger, ten to a page', async () => {
    for (let index = 0; index < 11; index += 1) {
      const response = await call(USERS.superAdmin, 'POST', '/cms/test-notification', {
        notification_type: 'email',
        test_email: `page${index}@example.com`,
      });
      assert.equal(response.statusCode, 200, response.body);
    }
    const page = (query: string) => call(USERS.superAdmin, 'GET', `/cms/notification-logs?${query}`);
    const first = (await page('message_type=test_notification')).json();
    assert.equal(first.notifications.length, 10);
    assert.deepEqual(first.pagination, { page: 1, limit: 10, total: 11, pages: 2 });
    assert.equal(first.notifications[0].recipient_email, 'page10@example.com', 'newest first');
    const second = (await page('message_type=test_notification&page=2')).json();
    assert.deepEqual(
      second.notifications.map((log: { recipient_email: string }) => log.recipient_email),
      ['page0@example.com'],
    );
    const searched = (await page('search=PAGE3%40')).json();
    assert.deepEqual(
      searched.notifications.map((log: { recipient_email: string }) => log.recipient_email),
      ['page3@example.com'],
    );
    const manual = (await page('triggered_by_type=manual&delivery_status=sent&notification_type=email')).json();
    assert.equal(manual.pagination.total, 11);
    const bySubject = (await page('search=cancelled&notification_type=email')).json();
    assert.equal(bySubject.pagination.total, 2);
    const none = (await page('search=50%25_off')).json();
    assert.deepEqual(none.notifications, []);
    const unknown = await page('delivery_status=bounced');
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().error, /^delivery_status: /);
  });

  it('finds a phone number stored in E.164 in any spelling the user types', async () => {
    const phones = async (search: string) =>
      (await call(USERS.superAdmin, 'GET', `/cms/notification-logs?search=${encodeURIComponent(search)}`))
        .json()
        .notifications.map((log: { recipient_phone: string | null }) => log.recipient_phone);
    for (const search of ['+44 7700 900301', '+447700900301', '07700900301', '7700 900301', '0044 7700 900301']) {
      assert.deepEqual(await phones(search), ['+447700900301'], search);
    }
    assert.deepEqual(await phones('900 301'), ['+447700900301'], 'a part of the number');
    assert.deepEqual(await phones('07700 900399'), [], 'another number');
  });
});

describe('test notifications', () => {
  it('sends a test e-mail and a test SMS through the sandboxes and says so with a check mark', async () => {
    const email = await call(USERS.northwindAdmin, 'POST', '/cms/test-notification', {
      notification_type: 'email',
      test_email: 'Admin.Check@Example.com',
    });
    assert.equal(email.statusCode, 200, email.body);
    assert.equal(email.json().message, '✓ Test email sent to admin.check@example.com');
    assert.equal(email.json().notification.triggered_by_name, 'James');
    assert.equal(email.json().notification.institution_name, 'Northwind General Hospital');
    const [mail] = harness.smtp.messages().filter((message) => message.envelope.to.includes('admin.check@example.com'));
    assert.equal(mail?.subject, 'Labline test email');

    const sms = await call(USERS.superAdmin, 'POST', '/cms/test-notification', {
      notification_type: 'sms',
      test_phone: '+1 (415) 555-2671',
    });
    assert.equal(sms.json().message, '✓ Test SMS sent to +14155552671');
    await waitFor(
      async () =>
        (await call(USERS.superAdmin, 'GET', `/cms/notification-logs?search=%2B14155552671`)).json().notifications[0]
          ?.delivery_status === 'delivered',
      { description: 'the test SMS delivered' },
    );
  });

  it('answers a cross when the provider refuses, with its reason', async () => {
    const response = await call(USERS.superAdmin, 'POST', '/cms/test-notification', {
      notification_type: 'email',
      test_email: 'nobody@reject.example.com',
    });
    assert.equal(response.json().success, false);
    assert.match(response.json().message, /^✗ Failed to send test email: SMTP 550: /);
  });

  it("refuses an invalid address or number with spec 3's texts, naming the field", async () => {
    const post = (payload: object) => () => call(USERS.superAdmin, 'POST', '/cms/test-notification', payload);
    await refused(
      post({ notification_type: 'email', test_email: 'not-an-address' }),
      400,
      `test_email: ${NOTIFICATION_ERRORS.invalidEmail}`,
    );
    await refused(
      post({ notification_type: 'email', test_email: '' }),
      400,
      `test_email: ${NOTIFICATION_ERRORS.invalidEmail}`,
    );
    for (const test_phone of ['12ab', 'hello world', '+44 12']) {
      await refused(
        post({ notification_type: 'sms', test_phone }),
        400,
        `test_phone: ${NOTIFICATION_ERRORS.invalidPhone}`,
      );
    }
    await refused(
      post({ notification_type: 'fax', test_phone: '+447700900123' }),
      400,
      'notification_type: must be email or sms',
    );
    await refused(
      post({ notification_type: 'sms', test_email: 'a@example.com' }),
      400,
      'test_phone: Required; test_email: is not allowed',
    );
  });
});

describe('cron monitoring', () => {
  it('checks the SMTP server and the Twilio account for real', async () => {
    const response = await call(USERS.northwindAdmin, 'GET', '/cron/notification-health');
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json();
    assert.equal(data.overallHealth, 'healthy');
    assert.equal(data.services.email.isValid, true);
    assert.equal(data.services.sms.isValid, true);
    // The reminder scheduler runs in every instance unless REMINDER_SCHEDULER_ENABLED=false.
    assert.equal(data.environment.schedulerEnabled, true);
    assert.equal(typeof data.environment.timezone, 'string');
    assert.equal((await call(USERS.northwindClinician, 'GET', '/cron/notification-health')).statusCode, 403);
  });
});

describe('contact support', () => {
  it("sends the message to the support address from the user's own address", async () => {
    const response = await call(USERS.northwindClinician, 'POST', '/contact/send-email', {
      from_email: emailOf(USERS.northwindClinician),
      subject: 'Cannot find a patient',
      message: 'Hello,\nthe patient list is empty.',
      user_name: 'Someone Else',
      user_role: 'super_admin',
      institution_id: 99,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { success: true, message: NOTIFICATION_MESSAGES.contactSent });
    const [mail] = harness.smtp.messages().filter((message) => message.envelope.to.includes(SUPPORT_EMAIL));
    assert.equal(mail?.subject, '[Labline support] Cannot find a patient');
    assert.equal(mail?.headers['reply-to'], emailOf(USERS.northwindClinician));
    assert.match(
      mail?.text ?? '',
      /^From: Emily Chen <emily\.chen@test\.labline>\nRole: clinician\nInstitution: Northwind General Hospital\n\nHello,\nthe patient list is empty\.$/,
    );
  });

  it('requires a subject and a message, and refuses another sender', async () => {
    const post = (payload: object) => () => call(USERS.northwindClinician, 'POST', '/contact/send-email', payload);
    await refused(post({ subject: '  ', message: 'Hi' }), 400, 'subject: is required');
    await refused(post({ subject: 'Hi' }), 400, 'message: Required');
    await refused(
      post({ from_email: 'boss@example.com', subject: 'Hi', message: 'Hi' }),
      400,
      NOTIFICATION_ERRORS.notOwnEmail,
    );
  });
});

describe("Twilio's status callback", () => {
  const callbackUrl = () => harness.context.config.TWILIO_STATUS_CALLBACK_URL ?? '';

  it('is refused without a valid signature, and changes nothing', async () => {
    const [log] = (
      await call(USERS.superAdmin, 'GET', '/cms/notification-logs?notification_type=sms&delivery_status=delivered')
    ).json().notifications;
    const sid = (await harness.pool.oneFirst(
      sql.type(
        z.object({ provider_message_id: z.string() }),
      )`SELECT provider_message_id FROM notification_logs WHERE id = ${log.id}`,
    )) as string;
    const params = {
      AccountSid: harness.context.config.TWILIO_ACCOUNT_SID ?? '',
      MessageSid: sid,
      MessageStatus: 'failed',
      ErrorCode: '30005',
    };
    const post = (signature: string) => () =>
      harness.app.inject({
        method: 'POST',
        url: `/webhooks/twilio/status?notification=${log.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(params).toString(),
      });
    await refused(post('bm90IGEgc2lnbmF0dXJl'), 400, NOTIFICATION_ERRORS.invalidSignature);
    const signedForAnotherToken = twilioSignature('another-token', `${callbackUrl()}?notification=${log.id}`, params);
    await refused(post(signedForAnotherToken), 400, NOTIFICATION_ERRORS.invalidSignature);
    // Validly signed, but the message was delivered already: a late failure report changes nothing.
    const valid = twilioSignature(AUTH_TOKEN, `${callbackUrl()}?notification=${log.id}`, params);
    const before = await storedState();
    const late = await post(valid)();
    assert.equal(late.statusCode, 204, late.body);
    assert.deepEqual(await storedState(), before);
  });
});
