/**
 * Notifications in the browser (spec 3 §2 Notification Logs, Test Notifications, Reminder Configurations, cron job
 * monitoring, contact support dialog; spec 1 §2 Send Notification; issue 13 part 6), against the SMTP sandbox the
 * system sends through.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  NOTIFICATION_MESSAGES,
  REMINDER_MESSAGES,
  clinicianListResponseSchema,
  formatRequestId,
  labAssignmentListResponseSchema,
  patientListResponseSchema,
  SUCCESSFUL_DELIVERY_STATUSES,
  testFormFieldsResponseSchema,
  testRequestResponseSchema,
  type TestRequestDetail,
} from '@labline/contracts';
import type { Locator, Page } from 'playwright-core';
import { navigateInApp, searchList } from './navigation';
import {
  apiAs,
  DELIVERY_WAIT_MS,
  DEMO_ACCOUNTS,
  eventually,
  formFieldErrors,
  messageShown,
  pickOption,
  sandboxMail,
  screenshot,
  openSignedIn,
  useSystem,
} from './support';

const system = useSystem();

const mailTo = (address: string) => sandboxMail(system, address);

/** The one message to `address`, once the sandbox has it. */
const oneMailTo = (address: string) =>
  eventually(async () => {
    const mails = await mailTo(address);
    assert.equal(mails.length, 1, `messages to ${address}`);
    return mails[0]!;
  }, DELIVERY_WAIT_MS);

let runCount = 0;
/** An address or name no other test (or earlier run on the same system) uses. */
const unique = (prefix: string) => `${prefix}-${Date.now()}-${(runCount += 1)}`;

/**
 * A Northwind request for one of the demo clinician's patients with an e-mail address, ordered through the API by
 * Northwind's admin (set-up); `expected` is its expected test date-time.
 */
async function orderForClinicianPatient(expected: Date | null = null): Promise<TestRequestDetail> {
  const { user, call } = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const institutionId = user.institution_id!;
  const fields = testFormFieldsResponseSchema.parse(
    await call('GET', `/cms/test-form-fields?institution_id=${institutionId}`),
  );
  const { labs } = labAssignmentListResponseSchema.parse(
    await call('GET', `/institutions/${institutionId}/labs?sample_type=Blood`),
  );
  const { clinicians } = clinicianListResponseSchema.parse(
    await call('GET', `/institutions/${institutionId}/clinicians`),
  );
  const clinician = clinicians.find((person) => person.email === DEMO_ACCOUNTS.clinician.email)!;
  const { patients } = patientListResponseSchema.parse(await call('GET', '/patients?limit=50'));
  const patient = patients.find((one) => one.clinician_id === clinician.id && one.email !== null)!;
  const marker = fields.markers.find((item) => item.name === 'Glucose')!;
  const device = fields.collection_devices.find((item) => item.name === 'Venous blood tube set')!;
  const body = {
    patient_id: patient.id,
    sample_type: 'Blood',
    lab_id: labs[0]!.lab_id,
    marker_ids: JSON.stringify([marker.id]),
    collection_device_ids: JSON.stringify([device.id]),
    barcode_number: unique('E2E-NOTIFY'),
    institution_id: institutionId,
    clinician_id: clinician.id,
    priority: 'normal',
    ...(expected === null ? {} : { expected_test_datetime: expected.toISOString() }),
  };
  return testRequestResponseSchema.parse(await call('POST', '/tests/requests', body)).request;
}

async function openCmsTab(page: Page, email: string, label: string, key: string): Promise<void> {
  await openSignedIn(page, email, `/cms?tab=${key}`);
  await page.getByRole('heading', { name: 'CMS Management' }).waitFor();
  await page.getByRole('tab', { name: label, exact: true, selected: true }).waitFor();
}

const panel = (page: Page) => page.getByRole('tabpanel');
const tableRows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The result line under a test card's button, and whether it is drawn green (success) or red (danger). */
async function resultLine(card: Locator): Promise<{ text: string; colour: 'green' | 'red' | 'other' }> {
  const line = card.getByRole('status');
  await line.waitFor({ timeout: 30_000 });
  const className = (await line.getAttribute('class')) ?? '';
  const colour = className.includes('ant-typography-success')
    ? 'green'
    : className.includes('ant-typography-danger')
      ? 'red'
      : 'other';
  return { text: (await line.innerText()).trim(), colour };
}

describe('Test Notifications and Notification Logs (super_admin)', () => {
  test('a test e-mail arrives in the sandbox with a green ✓; a refused address answers a red ✗; the log shows both', async () => {
    const page = await system.newPage();
    await openCmsTab(page, DEMO_ACCOUNTS.superAdmin.email, 'Test Notifications', 'test_notifications');
    await page.getByText('Test email and SMS configuration').waitFor();
    const emailCard = panel(page).locator('.ant-card').filter({ hasText: 'Test Email' });
    const send = emailCard.getByRole('button', { name: 'Send Test Email' });
    assert.equal(await send.isDisabled(), true, 'Send Test Email is disabled while the address is empty');

    const address = `${unique('admin-check')}@example.com`;
    await emailCard.getByLabel('Email Address').fill(address);
    await send.click();
    assert.deepEqual(await resultLine(emailCard), { text: `✓ Test email sent to ${address}`, colour: 'green' });
    const mail = await oneMailTo(address);
    assert.equal(mail.subject, 'Labline test email');
    await screenshot(page, 'notifications-test-tab');

    // The sandbox refuses any recipient of reject.example.com for good (550): the result says why, in red.
    const refused = `${unique('refused')}@reject.example.com`;
    await emailCard.getByLabel('Email Address').fill(refused);
    await send.click();
    const failure = await resultLine(emailCard);
    assert.equal(failure.colour, 'red');
    assert.match(failure.text, /^✗ Failed to send test email: .*550/);

    const smsCard = panel(page).locator('.ant-card').filter({ hasText: 'Test SMS' });
    await smsCard.getByText('Include the country code. Keep SMS messages under 160 characters.').waitFor();
    await smsCard.getByLabel('Phone Number').fill('7700 900555');
    await smsCard.getByRole('button', { name: 'Send Test SMS' }).click();
    assert.deepEqual(await resultLine(smsCard), { text: '✓ Test SMS sent to +447700900555', colour: 'green' });

    await page.getByRole('tab', { name: 'Notification Logs', exact: true }).click();
    await page.getByText('Monitor email and SMS notifications').waitFor();
    for (const card of ['Total Notifications', 'Successful', 'Email Sent', 'SMS Sent']) {
      await panel(page).getByText(card, { exact: true }).waitFor();
    }
    await searchList(page, 'Search notification logs', address);
    // The one row left is the test message.
    assert.equal(await tableRows(panel(page)).count(), 1);
    const sent = tableRows(panel(page)).filter({ hasText: address });
    const cells = (await sent.locator('td').allInnerTexts()).map((text) => text.trim().replace(/\s+/g, ' '));
    assert.equal(cells[1], 'Test Notification');
    assert.equal(cells[2], 'Email');
    assert.equal(cells[3], `Staff ${address}`);
    assert.match(cells[4]!, /^(Sent|Delivered)$/);
    assert.equal(cells[5], '—');
    assert.equal(cells[6], 'Manual Sarah Mitchell');

    await searchList(page, 'Search notification logs', refused);
    const failed = tableRows(panel(page)).filter({ hasText: refused });
    assert.match((await failed.locator('td').nth(4).innerText()).replace(/\s+/g, ' '), /^Failed .*550/);

    await panel(page)
      .getByLabel('Search notification logs')
      .fill(`${unique('nobody')}@example.com`);
    await panel(page).getByText('No notification logs found').waitFor();
    await panel(page).getByLabel('Search notification logs').fill('');
    await tableRows(panel(page)).first().waitFor();
    await screenshot(page, 'notifications-logs-tab');
    await page.context().close();
  });
});

describe('a clinician', () => {
  test('sends a custom notification from a test request and sees it in its notification history', async () => {
    const request = await orderForClinicianPatient();
    const patientEmail = request.patient_email!;
    const page = await system.newPage();
    await openSignedIn(page, DEMO_ACCOUNTS.clinician.email, `/tests/${request.id}`);
    await page.getByRole('heading', { name: formatRequestId(request.id) }).waitFor();
    await page.getByRole('button', { name: 'Send Notification' }).click();
    const notification = dialog(page, 'Send Notification');
    const text = `Please bring your referral letter (${unique('ref')}).`;
    await notification.getByLabel('Message').fill(text);
    await notification.getByRole('button', { name: 'Send Notification' }).click();
    await notification.waitFor({ state: 'hidden', timeout: 10_000 });

    await eventually(async () => {
      const mails = (await mailTo(patientEmail)).filter((one) => one.text.includes(text));
      assert.equal(mails.length, 1, 'the patient received the message once');
    }, DELIVERY_WAIT_MS);

    // The history is clinical's projection of the notifications service's events: it follows within moments. The
    // request's API answer is asked until it lists the message, then the page is loaded again once to show it.
    const { call } = await apiAs(system, DEMO_ACCOUNTS.clinician.email);
    await eventually(async () => {
      const { request: shown } = testRequestResponseSchema.parse(await call('GET', `/tests/requests/${request.id}`));
      assert.ok(
        shown.notification_logs.some(
          (log) =>
            log.recipient_email === patientEmail &&
            log.message_type === 'custom' &&
            SUCCESSFUL_DELIVERY_STATUSES.includes(log.delivery_status),
        ),
        'the history lists the delivered message',
      );
    }, DELIVERY_WAIT_MS);
    await page.reload();
    const history = page.locator('.ant-card').filter({ hasText: 'Notification History' });
    const row = tableRows(history).filter({ hasText: patientEmail }).filter({ hasText: 'Custom' });
    assert.match(await row.first().innerText(), /Delivered|Sent/);
    await screenshot(page, 'notifications-request-history');
    await page.context().close();
  });
});

describe('contact support', () => {
  test('the top bar opens the dialog; a sent message reaches support and the dialog closes after 3 s', async () => {
    const page = await system.newPage();
    await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, '/dashboard');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    await page.waitForURL('**/contact');
    const contact = dialog(page, 'Contact Support');
    assert.equal(await contact.getByLabel('From Email').inputValue(), DEMO_ACCOUNTS.northwindAdmin.email);
    assert.equal(await contact.getByLabel('From Email').getAttribute('readonly'), '');
    const send = contact.getByRole('button', { name: 'Send Message' });
    assert.equal(await send.isDisabled(), true, 'Send Message is disabled while subject and message are empty');

    const subject = unique('Label printer');
    await contact.getByLabel('Subject').fill(subject);
    assert.equal(await send.isDisabled(), true, 'Send Message is disabled while the message is empty');
    await contact.getByLabel('Message').fill('The label printer in the phlebotomy room prints blank labels.');
    await contact.getByText('61/1000 characters').waitFor();
    await screenshot(page, 'notifications-contact-dialog');
    await send.click();
    await contact.getByText(NOTIFICATION_MESSAGES.contactSent).waitFor();

    const mail = (await mailTo('support@labline.test')).find((one) => one.subject === `[Labline support] ${subject}`);
    assert.ok(mail !== undefined, 'support received the message');
    assert.match(mail.text, /The label printer in the phlebotomy room prints blank labels\./);
    assert.match(mail.text, /Role: institution admin/i);

    // Closed and reset after 3 s, back on the page it was opened from.
    await contact.waitFor({ state: 'hidden', timeout: 6_000 });
    await page.waitForURL('**/dashboard');
    await navigateInApp(page, '/contact');
    assert.equal(await dialog(page, 'Contact Support').getByLabel('Subject').inputValue(), '');
    await page.context().close();
  });
});

describe('reminder configurations (super_admin)', () => {
  test('are created, edited and deleted through the modal', async () => {
    const page = await system.newPage();
    await openCmsTab(page, DEMO_ACCOUNTS.superAdmin.email, 'Reminder Configurations', 'reminder_configurations');
    await page.getByText('Configure automated reminder settings').waitFor();
    const type = `${Date.now() % 100_000}_minutes_before`;

    await panel(page).getByRole('button', { name: 'Add New Reminder Configuration' }).click();
    const modal = dialog(page, 'Add New Reminder Configuration');
    await modal.getByText("Inactive configurations won't trigger automatic reminders.").waitFor();
    for (const variable of ['{test_name}', '{test_datetime}', '{patient_name}', '{institution_name}']) {
      await modal.getByText(variable, { exact: true }).waitFor();
    }
    await modal.getByLabel('Reminder Type').fill(type);
    await modal.getByLabel('Time Value').fill('45');
    await pickOption(page, 'Time Unit', 'Minutes', modal);
    await modal.getByRole('checkbox', { name: 'Email' }).uncheck();
    await modal.getByLabel('Email Subject Template').waitFor({ state: 'detached' });
    const sms = modal.getByLabel('SMS Message Template');
    assert.match((await sms.getAttribute('placeholder')) ?? '', /Please arrive 15 minutes early/);
    await sms.fill('Your {test} starts soon');
    await modal.getByRole('button', { name: 'Create' }).click();
    assert.match(
      (await formFieldErrors(page, 'SMS Message Template', modal).innerText()).trim(),
      /unknown placeholder \{test\}/,
    );
    await sms.fill('Your {test_name} test at {institution_name} starts in 45 minutes.');
    await modal.getByRole('button', { name: 'Create' }).click();
    await messageShown(page, 'Reminder configuration created successfully');

    const row = tableRows(panel(page)).filter({ hasText: type });
    const cells = async () =>
      (await row.locator('td').allInnerTexts()).map((text) => text.trim().replace(/\s+/g, ' ')).slice(0, 4);
    await row.waitFor();
    assert.deepEqual(await cells(), [type, '45 minutes before', 'SMS', 'Active']);
    await screenshot(page, 'notifications-reminders-tab');

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Reminder Configuration');
    assert.equal(await edit.getByLabel('Reminder Type').isDisabled(), true, 'the type cannot change');
    await edit.getByText('Use an underscore format', { exact: false }).waitFor();
    await edit.getByLabel('Time Value').fill('2');
    await pickOption(page, 'Time Unit', 'Hours', edit);
    await edit.getByRole('checkbox', { name: 'Email' }).check();
    await edit.getByLabel('Email Subject Template').fill('Soon: {test_name}');
    await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
    await screenshot(page, 'notifications-reminder-modal');
    await edit.getByRole('button', { name: 'Update' }).click();
    await messageShown(page, 'Reminder configuration updated successfully');
    await eventually(
      async () => assert.deepEqual(await cells(), [type, '2 hours before', 'Email SMS', 'Inactive']),
      5_000,
    );

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await messageShown(page, REMINDER_MESSAGES.deleted);
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });

  test("an institution's administrator reads them without changing them", async () => {
    const page = await system.newPage();
    await openCmsTab(page, DEMO_ACCOUNTS.northwindAdmin.email, 'Reminder Configurations', 'reminder_configurations');
    await tableRows(panel(page)).filter({ hasText: '7_days_before' }).waitFor();
    assert.equal(
      await panel(page)
        .getByRole('button', { name: /Add New Reminder Configuration|Edit|Delete/ })
        .count(),
      0,
    );
    await page.context().close();
  });
});

describe('cron job monitoring', () => {
  test('shows a request expected within 7 days among the upcoming reminders', async () => {
    const expected = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const request = await orderForClinicianPatient(expected);
    const page = await system.newPage();
    await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/cms');
    await page.getByRole('button', { name: 'Monitoring' }).click();
    await page.waitForURL('**/cms/cron-monitoring');
    await page.getByRole('heading', { name: 'Cron Job Monitoring' }).waitFor();
    await page.getByText('Auto-refresh: 30s').waitFor();
    for (const card of ['System Health', 'Scheduler Status', 'Upcoming Reminders (Next 7 Days)']) {
      await page.getByText(card, { exact: true }).waitFor();
    }
    // The scheduler plans the request's reminders as it learns of it: Refresh until they show.
    const upcoming = page.locator('.ant-card').filter({ hasText: 'Upcoming Reminders (Next 7 Days)' });
    const row = tableRows(upcoming).filter({ hasText: formatRequestId(request.id) });
    await eventually(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await row.waitFor({ timeout: 2_000 });
      assert.match(await row.locator('td').nth(3).innerText(), /SCHEDULED\s+In 2d \d+h/);
    }, DELIVERY_WAIT_MS);
    const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim().replace(/\s+/g, ' '));
    assert.match(cells[0]!, new RegExp(`^${formatRequestId(request.id)} `));
    assert.match(cells[1]!, new RegExp(request.patient_email!.replace('.', '\\.')));
    // Three days ahead is too late for a reminder seven days before: it is not planned.
    assert.doesNotMatch(cells[2]!, /SCHEDULED/);
    assert.equal(await page.locator('.ant-alert-error').count(), 0);
    await screenshot(page, 'notifications-cron-monitoring');
    await page.context().close();
  });
});
