/**
 * The Email communication card and the set-password page (spec 3 §2, §4, §5, §9; issue 13): an administrator sends
 * a password reset from a user's detail page, the e-mail is read from the SMTP sandbox, its link opens the public
 * set-password page, and the new password signs in; the link works once.
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS, ERRORS } from '@labline/contracts';
import type { Page } from 'playwright-core';
import {
  apiAs,
  createAccount,
  DEMO_ACCOUNTS,
  eventually,
  sandboxMail,
  screenshot,
  signIn,
  openSignedIn,
  useSystem,
} from './support';

const system = useSystem();
const LAB_USER = DEMO_ACCOUNTS.labUser.email;

async function userId(email: string): Promise<number> {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
  const { users } = (await call('GET', `/users?search=${encodeURIComponent(email)}`)) as {
    users: { id: number; email: string }[];
  };
  const user = users.find((candidate) => candidate.email === email);
  assert.ok(user, `${email} exists`);
  return user.id;
}

/** The newest e-mail the SMTP sandbox received for the address with this subject. */
async function mailTo(address: string, subject: string): Promise<{ text: string }> {
  return eventually(async () => {
    const mail = (await sandboxMail(system, address))
      .filter((message) => message.subject === subject)
      .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))[0];
    assert.ok(mail, `an e-mail "${subject}" to ${address}`);
    return mail;
  });
}

const emailCard = (page: Page) =>
  page.locator('.ant-card').filter({ has: page.getByText('Email Communication', { exact: true }) });

test('a password reset sent from the user detail sets a new password through the e-mailed link, once', async () => {
  // A lab user of the test's own, whose password it changes (the demo accounts stay as seeded for later files).
  const labUser = await createAccount(system, 'lab_user');
  const admin = await system.newPage();
  await openSignedIn(admin, DEMO_ACCOUNTS.northwindAdmin.email, `/users/${labUser.id}`);
  const card = emailCard(admin);
  await card.getByRole('button', { name: 'Send Password Reset' }).click();
  const success = card.getByText(`✓ ${ACCOUNT_EMAIL_TEXTS.queued('password_reset', labUser.email)}`);
  await success.waitFor();
  await screenshot(admin, 'user-email-sent');

  const mail = await mailTo(labUser.email, 'Reset your Labline password');
  const link = /https?:\/\/\S+\/set-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  assert.ok(link, mail.text);
  const { pathname, search } = new URL(link);

  const user = await system.newPage();
  await user.goto(`${pathname}${search}`);
  await user.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
  await user.getByText(labUser.email).waitFor();
  await user.getByText('Password must be at least 8 characters').waitFor();
  await user.getByLabel('New Password', { exact: true }).fill('lab-reset-password');
  await user.getByLabel('Confirm New Password').fill('lab-reset-passwore');
  await user.getByRole('button', { name: 'Set Password' }).click();
  await user.getByText(ERRORS.newPasswordsDoNotMatch).waitFor();
  await screenshot(user, 'set-password-mismatch');
  await user.getByLabel('Confirm New Password').fill('lab-reset-password');
  await user.getByRole('button', { name: 'Set Password' }).click();
  await user.getByText(ACCOUNT_EMAIL_TEXTS.passwordSet).waitFor();
  await screenshot(user, 'set-password-done');
  await user.getByRole('link', { name: 'Go to Sign In' }).click();
  await user.waitForURL('**/login');
  await signIn(user, labUser.email, 'lab-reset-password');

  // the same link again, in a browser where nobody is signed in: it says it was used, and leads to sign-in
  const again = await system.newPage();
  await again.goto(`${pathname}${search}`);
  await again.getByText(ACCOUNT_EMAIL_TEXTS.usedLink).waitFor();
  assert.equal(await again.getByLabel('New Password', { exact: true }).count(), 0);
  await again.getByRole('link', { name: 'Go to Sign In' }).waitFor();
  await screenshot(again, 'set-password-used');

  // the success text of the card clears after 5 s (spec 3 §9)
  await success.waitFor({ state: 'detached', timeout: 10_000 });
  for (const page of [admin, user, again]) await page.context().close();
});

test('the custom composer asks for both fields, sends with the login information and resets', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, `/users/${await userId(LAB_USER)}`);
  const card = emailCard(page);
  await card.getByRole('button', { name: 'Compose Custom Email' }).click();
  await card.getByLabel('Subject').fill('Rota');
  await card.getByRole('button', { name: 'Send Email' }).click();
  await card.getByText(ACCOUNT_EMAIL_TEXTS.fillSubjectAndMessage).waitFor();

  await card.getByLabel('Message').fill('The rota for next week is on the noticeboard.');
  await card.getByRole('checkbox').check();
  await card.getByRole('button', { name: 'Send Email' }).click();
  await card.getByText(`✓ ${ACCOUNT_EMAIL_TEXTS.queued('custom', LAB_USER)}`).waitFor();
  assert.equal(await card.getByLabel('Subject').inputValue(), '');
  assert.equal(await card.getByLabel('Message').inputValue(), '');
  assert.equal(await card.getByRole('checkbox').isChecked(), false);
  await screenshot(page, 'user-email-custom');

  const mail = await mailTo(LAB_USER, 'Rota');
  assert.match(mail.text, /The rota for next week is on the noticeboard\./);
  assert.match(mail.text, new RegExp(`Email: ${LAB_USER.replaceAll('.', '\\.')}\\nSign in at: http://\\S+/login`));
  await page.context().close();
});

test('a user deactivated meanwhile shows "Failed: …"; an inactive user has no card', async () => {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  // A clinician of the test's own to deactivate: the demo clinician signs in in later files.
  const { id: clinician } = await createAccount(system, 'clinician');
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, `/users/${clinician}`);
  const card = emailCard(page);
  await card.getByRole('button', { name: 'Send Account Setup' }).waitFor();
  await call('POST', `/users/${clinician}/deactivate`);
  await card.getByRole('button', { name: 'Send Account Setup' }).click();
  await card.getByText(`✗ Failed: ${ACCOUNT_EMAIL_TEXTS.inactiveUser}`).waitFor();
  await screenshot(page, 'user-email-failed');

  await page.reload();
  await page.getByText('Inactive User:').waitFor();
  assert.equal(await page.getByText('Email Communication', { exact: true }).count(), 0);
  await page.context().close();
});
