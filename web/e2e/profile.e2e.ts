/** Profile settings (spec 3 §2 Profile settings, §5 change password, §8 profile texts). */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { ERRORS, FIELD_LABELS, MESSAGES, PHONE_NUMBER_PROBLEM } from '@labline/contracts';
import type { Page } from 'playwright-core';
import {
  createAccount,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  openUserMenu,
  screenshot,
  openSignedIn,
  signIn,
  signOut,
  useSystem,
  storedSession,
} from './support';

const system = useSystem();

async function openProfile(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await page.waitForURL('**/profile');
  await page.getByLabel('First Name').waitFor();
}

test('the profile shows the account information and a read-only email', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/dashboard');
  await openProfile(page);
  assert.equal(await page.getByLabel('Email Address').inputValue(), DEMO_ACCOUNTS.superAdmin.email);
  assert.equal(await page.getByLabel('Email Address').isDisabled(), true);
  await page.getByText('System Level Access').waitFor();
  await page.getByText('Member Since').waitFor();
  await screenshot(page, 'profile-super-admin');
  await page.context().close();
});

test('saving the profile updates the top bar greeting at once and for good', async () => {
  // An account of the test's own: the demo accounts keep their names for the files after this one.
  const account = await createAccount(system, 'lab_user');
  const page = await system.newPage();
  await openSignedIn(page, account.email, '/dashboard', account.password);
  await openProfile(page);
  await page.getByLabel('First Name').fill('Rosalind');
  // What is not a phone number is refused by the server, whose sentence stands under the phone input.
  await page.getByLabel('Phone Number').fill('12');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page
    .locator('.ant-form-item-explain-error')
    .filter({ hasText: `${FIELD_LABELS.phone} ${PHONE_NUMBER_PROBLEM}.` })
    .waitFor();
  await screenshot(page, 'profile-phone-refused');
  await page.getByLabel('Phone Number').fill('7700 900123');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText(MESSAGES.profileUpdated).waitFor();
  assert.equal((await page.getByTestId('greeting').innerText()).trim(), 'Welcome back, Rosalind');
  assert.equal((await storedSession(page)).user?.first_name, 'Rosalind');
  await screenshot(page, 'profile-updated');

  await page.reload();
  await page.getByLabel('First Name').waitFor();
  assert.equal(await page.getByLabel('First Name').inputValue(), 'Rosalind');
  assert.equal(await page.getByLabel('Phone Number').inputValue(), '7700900123', 'stored in E.164');
  assert.equal((await page.getByTestId('greeting').innerText()).trim(), 'Welcome back, Rosalind');
  await page.context().close();
});

test('change password: a mismatch is refused on the page, a wrong current password by the server', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.clinician.email, '/dashboard');
  await openProfile(page);
  await page.getByLabel('Current Password').fill(DEMO_PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('a-new-password-1');
  await page.getByLabel('Confirm New Password').fill('a-new-password-2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText(ERRORS.newPasswordsDoNotMatch).waitFor();
  await screenshot(page, 'profile-password-mismatch');

  await page.getByLabel('Current Password').fill('not-the-password');
  await page.getByLabel('Confirm New Password').fill('a-new-password-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  // In the message above the form and on the Current Password field.
  await page.getByRole('alert').getByText(ERRORS.currentPasswordIncorrect).waitFor();
  await page.locator('.ant-form-item-explain-error').getByText(ERRORS.currentPasswordIncorrect).waitFor();
  assert.equal(await page.getByText(ERRORS.newPasswordsDoNotMatch).count(), 0);
  await page.context().close();
});

test('a changed password is the one that signs in afterwards', async () => {
  const account = await createAccount(system, 'client_admin');
  const page = await system.newPage();
  await openSignedIn(page, account.email, '/dashboard', account.password);
  await openProfile(page);
  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('changed-password-42');
  await page.getByLabel('Confirm New Password').fill('changed-password-42');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText(MESSAGES.passwordChanged).waitFor();
  assert.equal(await page.getByLabel('Current Password').inputValue(), '');

  await signOut(page);
  await signIn(page, account.email, 'changed-password-42');
  await page.context().close();
});
