/** Users and institutions administration in the browser (spec 3 §2, §4–§6, §8; issue 4 "Must show"). */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { CMS_SUB_PERMISSIONS, ERRORS } from '@labline/contracts';
import type { Page } from 'playwright-core';
import { navigateInApp, searchList } from './navigation';
import {
  apiAs,
  createAccount,
  DEMO_ACCOUNTS,
  eventually,
  navigationEntries,
  screenshot,
  openSignedIn,
  useSystem,
  storedSession,
  uniqueName,
} from './support';

const system = useSystem();

/** Opens the antd select labelled `label` and picks the option whose text is exactly `option`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

async function visibleOptions(page: Page, label: string): Promise<string[]> {
  await page.getByLabel(label, { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await options.first().waitFor();
  const texts = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  return texts.map((text) => text.trim().toLowerCase());
}

/** A user as the API shows it to super_admin, found by e-mail (test setup, not the thing under test). */
async function userByEmail(email: string): Promise<{ id: number; institution_id: number | null }> {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
  const { users } = (await call('GET', `/users?search=${encodeURIComponent(email)}`)) as {
    users: { id: number; email: string; institution_id: number | null }[];
  };
  const user = users.find((candidate) => candidate.email === email);
  assert.ok(user, `${email} exists`);
  return user;
}

test('super_admin creates a clinician with two institutions and custom permissions, who sees exactly those', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'Emily Chen' }).waitFor();
  await screenshot(page, 'users-list');
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.waitForURL('**/users/new');

  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Email Address').fill('grace.okafor@northwind.labline.test');
  await page.getByLabel('Phone Number').fill('7700 900456');
  await page.getByRole('button', { name: 'Create User' }).click();
  await page.getByText(ERRORS.passwordRequiredForNewUsers).waitFor();
  await page.getByLabel('Password', { exact: true }).fill('grace-password-1');

  await choose(page, 'Role', 'clinician');
  // The role's defaults are pre-filled (spec 1 §6: clinician → dashboard, patients, tests, results).
  for (const name of ['Dashboard', 'Patients', 'Test Requests', 'Test Results']) {
    assert.equal(await page.getByRole('checkbox', { name, exact: true }).isChecked(), true, name);
  }
  assert.equal(await page.getByRole('checkbox', { name: 'Inventory', exact: true }).isChecked(), false);
  await choose(page, 'Clinician Institutions', 'Northwind General Hospital');
  await choose(page, 'Clinician Institutions', 'Riverside Clinic');
  await page.keyboard.press('Escape');

  // Nothing selected keeps the submit disabled with the spec's message.
  await page.getByRole('checkbox', { name: 'Select All' }).click();
  await page.getByText(ERRORS.selectAtLeastOnePermission).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Create User' }).isDisabled(), true);
  await page.getByRole('checkbox', { name: 'Dashboard', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Patients', exact: true }).check();
  assert.equal(await page.getByText(ERRORS.selectAtLeastOnePermission).count(), 0);
  await screenshot(page, 'user-form-new');
  await page.getByRole('button', { name: 'Create User' }).click();

  await page.waitForURL(/\/users\/\d+$/);
  await page.getByRole('heading', { name: 'Grace Okafor' }).waitFor();
  await page.getByText('Additional Institution Access').waitFor();
  await page.getByText('Riverside Clinic').waitFor();
  await page.getByText('Patient care and test ordering').waitFor();
  await screenshot(page, 'user-detail');

  // Editing with a blank password keeps the current one (the sign-in below uses it).
  await page.getByRole('button', { name: 'Edit User' }).click();
  await page.waitForURL(/\/users\/\d+\/edit$/);
  assert.equal(await page.getByRole('checkbox', { name: 'Patients', exact: true }).isChecked(), true);
  assert.equal(await page.getByRole('checkbox', { name: 'Test Requests', exact: true }).isChecked(), false);
  assert.equal(await page.getByRole('checkbox', { name: 'Active User' }).isChecked(), true);
  await page.getByLabel('Last Name').fill('Okafor-Reid');
  await screenshot(page, 'user-form-edit');
  await page.getByRole('button', { name: 'Update User' }).click();
  await page.getByRole('heading', { name: 'Grace Okafor-Reid' }).waitFor();

  const clinicianPage = await system.newPage();
  await openSignedIn(clinicianPage, 'grace.okafor@northwind.labline.test', '/dashboard', 'grace-password-1');
  assert.deepEqual(await navigationEntries(clinicianPage), ['Dashboard', 'Patients']);
  const { user } = await storedSession(clinicianPage);
  assert.equal(user?.clinician_institution_ids.length, 2);
  await clinicianPage.context().close();
  await page.context().close();
});

test('an institution_admin deactivates a user of their institution and cannot open one of another', async () => {
  const riversideAdmin = await userByEmail(DEMO_ACCOUNTS.riversideAdmin.email);
  // A Northwind lab user of the test's own to deactivate: the demo lab user signs in in later files.
  const labUser = await createAccount(system, 'lab_user', { firstName: 'Oliver', lastName: uniqueName('Grant') });
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, '/users');
  const northwindId = (await storedSession(page)).user?.institution_id;

  await searchList(page, 'Search users', labUser.email);
  const row = page.getByRole('row').filter({ hasText: labUser.email });
  await row.getByText('Active', { exact: true }).waitFor();
  assert.equal(await page.getByRole('row').filter({ hasText: DEMO_ACCOUNTS.riversideAdmin.email }).count(), 0);
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Deactivate' }).click();
  await row.getByText('Inactive', { exact: true }).waitFor();

  await row.getByRole('link', { name: `${labUser.firstName} ${labUser.lastName}` }).click();
  await page
    .getByText('Inactive User: This user account has been deactivated and cannot log in to the system.')
    .waitFor();
  await page.getByRole('button', { name: 'Reactivate' }).waitFor();

  // Their own account offers no deactivation; a foreign institution's user is not found.
  const self = (await storedSession(page)).user;
  await navigateInApp(page, `/users/${self?.id}`);
  await page.getByRole('button', { name: 'Edit User' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Deactivate' }).count(), 0);
  await navigateInApp(page, `/users/${riversideAdmin.id}`);
  await page.getByText(ERRORS.userNotFound).waitFor();
  await page.getByRole('button', { name: 'Back to Users' }).waitFor();

  // The super_admin role is not offered; the own institution is set and shown.
  await navigateInApp(page, '/users/new');
  assert.equal((await visibleOptions(page, 'Role')).includes('super admin'), false);
  assert.equal(await page.getByLabel('Institution', { exact: true }).inputValue(), 'Northwind General Hospital');

  // Their own institution opens (spec 3 §6), another one is refused.
  await navigateInApp(page, `/institutions/${northwindId}`);
  await page.getByRole('heading', { name: /Northwind General Hospital/ }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Add Clinician' }).count(), 0);
  await navigateInApp(page, `/institutions/${riversideAdmin.institution_id}`);
  await page.getByText(ERRORS.noPermissionManageInstitutions).waitFor();
  await page.context().close();

  const labPage = await system.newPage();
  await labPage.goto('/login');
  await labPage.getByLabel('Email Address').fill(labUser.email);
  await labPage.getByLabel('Password', { exact: true }).fill(labUser.password);
  await labPage.getByRole('button', { name: 'Sign In' }).click();
  await labPage.getByText(ERRORS.accountInactive).waitFor();
  await labPage.context().close();
});

test('super_admin creates and edits an institution and sees its detail tabs', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Institutions' }).click();
  await page.getByText('Total Institutions').first().waitFor();
  await page.getByRole('button', { name: 'Add Institution' }).click();
  await page.waitForURL('**/institutions/new');

  await page.getByRole('button', { name: 'Create Institution' }).click();
  await page.getByText('Please enter Institution Name').waitFor();
  assert.equal(await page.getByLabel('Institution Type').locator('..').locator('..').innerText(), 'Hospital');
  await page.getByLabel('Institution Name').fill('Harbourside Diagnostics');
  await page.getByLabel('Institution Number').fill('HSD-3003');
  await page.getByLabel('Email Address').fill('desk@harbourside.labline.test');
  await screenshot(page, 'institution-form-new');
  await page.getByRole('button', { name: 'Create Institution' }).click();

  await page.waitForURL(/\/institutions\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  await page.getByRole('heading', { name: /Harbourside Diagnostics/ }).waitFor();
  for (const stat of ['Users', 'Patients', 'Test Requests', 'Pending'])
    await page.getByText(stat, { exact: true }).first().waitFor();
  assert.deepEqual(await page.getByRole('tab').allInnerTexts(), ['Overview', 'Patients', 'Clinicians', 'Labs']);
  const addClinician = page.getByRole('button', { name: 'Add Clinician' });
  await addClinician.waitFor();
  await page.getByRole('tab', { name: 'Labs' }).click();
  await page.getByRole('button', { name: 'Assign Lab' }).waitFor();
  await page.getByRole('tab', { name: 'Clinicians' }).click();
  await screenshot(page, 'institution-detail');

  await page.getByRole('button', { name: 'Edit Institution' }).click();
  await page.waitForURL(`**/institutions/${id}/edit`);
  assert.equal(await page.getByLabel('Institution Name').inputValue(), 'Harbourside Diagnostics');
  await page.getByLabel('Institution Name').fill('Harbourside Diagnostic Centre');
  await choose(page, 'Institution Type', 'Laboratory');
  await page.getByRole('button', { name: 'Update Institution' }).click();
  await page.waitForURL(`**/institutions/${id}`);
  await page.getByRole('heading', { name: /Harbourside Diagnostic Centre/ }).waitFor();
  await page.getByText('Laboratory').first().waitFor();

  // The quick action preselects the institution and the role on the user form.
  await addClinician.click();
  await page.waitForURL(`**/users/new?institution_id=${id}&role=clinician`);
  await page
    .getByLabel('Clinician Institutions')
    .locator('..')
    .locator('..')
    .getByText('Harbourside Diagnostic Centre')
    .waitFor();

  // Switching the role of a new user pre-fills its defaults; cms carries its sub-permissions on and off.
  await choose(page, 'Role', 'institution admin');
  const cms = page.getByRole('checkbox', { name: 'CMS Fields', exact: true });
  const subPermissions = page.getByRole('group', { name: 'CMS sub-permissions' }).getByRole('checkbox');
  // The role's defaults are filled in as the role changes: on a busy machine that takes a moment.
  await eventually(async () => assert.equal(await cms.isChecked(), true), 5_000);
  assert.equal(await subPermissions.count(), CMS_SUB_PERMISSIONS.length);
  await cms.uncheck();
  assert.equal(await subPermissions.count(), 0);
  await cms.check();
  for (const box of await subPermissions.all()) assert.equal(await box.isChecked(), true);
  for (const box of await subPermissions.all()) await box.uncheck();
  await page.getByText(ERRORS.selectAtLeastOneCmsSubPermission).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Create User' }).isDisabled(), true);
  await page.getByRole('checkbox', { name: 'Select All' }).check();
  for (const box of await subPermissions.all()) assert.equal(await box.isChecked(), true);
  assert.equal(await page.getByRole('button', { name: 'Create User' }).isDisabled(), false);

  await navigateInApp(page, '/institutions');
  await page.getByRole('link', { name: 'Harbourside Diagnostic Centre' }).first().waitFor();
  await screenshot(page, 'institutions-list');
  await page.context().close();
});
