/**
 * One trail per order (issue 23): a request cancelled with a message to the patient shows, on /tests/{id}, the
 * Order Trail of the analytics read side: the order, the cancellation with its message and who did it, and the
 * patient's two messages (e-mail and SMS) with their delivery status as the sandboxes report it.
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { MESSAGES } from '@labline/contracts';
import { createReachablePatient, orderAsNorthwindAdmin, startCancel } from './orders';
import {
  DELIVERY_WAIT_MS,
  DEMO_ACCOUNTS,
  eventually,
  openSignedIn,
  sandboxTexts,
  screenshot,
  uniqueName,
  useSystem,
} from './support';

const system = useSystem();

test("a cancelled request's Order Trail shows the cancellation and the patient's messages with their delivery status", async () => {
  const patient = await createReachablePatient(system);
  const request = await orderAsNorthwindAdmin(system, 'HbA1c', patient);
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.clinician.email, `/tests/${request.id}`);
  await page.getByRole('heading', { name: request.display_id }).waitFor();

  // The card is there before anything is cancelled: the order, by Northwind's admin.
  const card = page.locator('.ant-card').filter({ has: page.getByText('Order Trail', { exact: true }) });
  const entries = card.getByTestId('trail-entry');
  /** The entry of this title (another entry may name it as its cause). */
  const entry = (title: string) => entries.filter({ has: page.getByText(title, { exact: true }) });
  // It is fetched when it scrolls into view; the read side has the order moments after it was placed.
  await eventually(async () => {
    await page.reload();
    await card.scrollIntoViewIfNeeded();
    await entry('Test request ordered').waitFor({ timeout: 5000 });
  });
  await page.getByRole('heading', { name: request.display_id }).scrollIntoViewIfNeeded();

  const notification = await startCancel(page);
  const text = `Your HbA1c test is off; we will call you (${uniqueName('trail')}).`;
  await notification.getByLabel('Message').fill(text);
  await notification.getByRole('button', { name: 'Send Notification' }).click();
  await notification.getByText(MESSAGES.notificationRequested).waitFor();
  await page.getByTestId('request-status').getByText('Cancelled').waitFor();

  // The SMS sandbox reports the text delivered; the trail then shows both messages as they are now.
  await eventually(async () => {
    const texts = await sandboxTexts(system, patient.phone);
    assert.ok(
      texts.some((one) => one.status === 'delivered'),
      'the SMS delivered',
    );
  }, DELIVERY_WAIT_MS);
  const [cancelled, email, sms] = await eventually(async () => {
    await page.reload();
    await card.scrollIntoViewIfNeeded();
    await entry('Test request cancelled').waitFor({ timeout: 5000 });
    const all = await entries.allInnerTexts();
    const messages = all.filter((one) => one.startsWith('Message to the patient'));
    const mail = messages.find((one) => /Email/.test(one));
    const phone = messages.find((one) => /SMS/.test(one));
    assert.ok(mail !== undefined && /Sent|Delivered/.test(mail), `the e-mail: ${mail}`);
    assert.ok(phone !== undefined && /Delivered/.test(phone), `the SMS: ${phone}`);
    return [all.find((one) => one.startsWith('Test request cancelled'))!, mail, phone] as const;
  }, DELIVERY_WAIT_MS);

  assert.match(cancelled, /Cancelled/);
  assert.match(cancelled, /Emily Chen \(clinician\)/);
  assert.ok(cancelled.includes(text), cancelled);
  for (const message of [email, sms]) {
    // The reaction that requested it acted for the canceller.
    assert.match(message, /Emily Chen \(clinician\)/);
    assert.match(message, /Why: The cancellation \(Test request cancelled/);
  }
  // Oldest first: ordered, cancelled, then the messages the cancellation caused.
  const titles = (await entries.allInnerTexts()).map((one) => one.split('\n')[0]!.trim());
  assert.equal(titles[0], 'Test request ordered');
  assert.ok(titles.indexOf('Test request cancelled') < titles.indexOf('Message to the patient'), titles.join(', '));
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'order-trail');
  await page.context().close();
});
