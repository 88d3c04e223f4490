/**
 * Human messages and consistent pages (issue 9, item 4): server errors as sentences on their fields, an
 * impossible typed date said out loud, the same empty search everywhere, a delete confirmed and then reported,
 * a deep link kept through sign-in (and a foreign one ignored), the clinician-only field of the user form.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  MESSAGES,
  PATIENT_FIELD_ERRORS,
  clinicianListResponseSchema,
  patientResponseSchema,
  type Patient,
} from '@labline/contracts';
import type { Page } from 'playwright-core';
import { navigateInApp } from './navigation';
import { apiAs, DEMO_ACCOUNTS, DEMO_PASSWORD, screenshot, openSignedIn, useSystem } from './support';

const system = useSystem();

/** A patient of Northwind with its first clinician, created through the API (set-up). */
async function createNorthwindPatient(firstName: string, lastName: string): Promise<Patient> {
  const { user, call } = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const institutionId = user.institution_id!;
  const { clinicians } = clinicianListResponseSchema.parse(
    await call('GET', `/institutions/${institutionId}/clinicians`),
  );
  const body = {
    first_name: firstName,
    last_name: lastName,
    institution_ids: [institutionId],
    clinician_id: clinicians[0]?.id ?? null,
  };
  return patientResponseSchema.parse(await call('POST', '/patients', body)).patient;
}

/** The errors shown under the field labelled `label`. */
const fieldErrors = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

const footer = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/);

/** Fills in the sign-in form as it stands, wherever the sign-in leads. */
async function submitSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('server errors', () => {
  test('a refused password reads as a sentence, in the message and on the Password field', async () => {
    const page = await system.newPage();
    await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/users/new');
    await page.getByLabel('First Name').fill('Short');
    await page.getByLabel('Last Name').fill('Password');
    await page.getByLabel('Email Address').fill('short.password@northwind.labline.test');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await choose(page, 'Role', 'lab user');
    await page.getByRole('button', { name: 'Create User' }).click();

    const sentence = 'Password must be at least 8 characters.';
    await page.getByRole('alert').filter({ hasText: sentence }).waitFor();
    assert.deepEqual(await fieldErrors(page, 'Password').allInnerTexts(), [sentence]);
    assert.equal(await page.getByText('password: must be').count(), 0);
    assert.match(page.url(), /\/users\/new$/);
    await screenshot(page, 'messages-password-refused');
    await page.context().close();
  });

  test('an institution the server does not know is explained on the Institutions field', async () => {
    const page = await system.newPage();
    // The server's answer when the chosen institution has gone meanwhile (or is another tenant's).
    await page.route('**/api/patients', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: PATIENT_FIELD_ERRORS.unknownInstitution }),
          })
        : route.continue(),
    );
    await openSignedIn(page, DEMO_ACCOUNTS.clinician.email, '/patients/new');
    await page.getByLabel('First Name').fill('Gone');
    await page.getByLabel('Last Name').fill('Institution');
    await choose(page, 'Institutions', 'Northwind General Hospital');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Patient' }).click();

    const sentence = 'The institution you chose no longer exists or is not yours.';
    await page.getByRole('alert').filter({ hasText: sentence }).waitFor();
    assert.deepEqual(await fieldErrors(page, 'Institutions').allInnerTexts(), [sentence]);
    assert.equal(await page.getByText(PATIENT_FIELD_ERRORS.unknownInstitution).count(), 0);
    await page.context().close();
  });
});

test('an impossible date of birth stays as typed, the field says why, and nothing is saved', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.clinician.email, '/patients/new');
  await page.getByLabel('First Name').fill('Leap');
  await page.getByLabel('Last Name').fill('Nodate');
  await page.getByLabel('Date of Birth').fill('31 Feb 2000');
  await page.getByLabel('Date of Birth').press('Tab');
  await fieldErrors(page, 'Date of Birth').filter({ hasText: '31 Feb 2000 is not a real date.' }).waitFor();
  assert.equal(await page.getByLabel('Date of Birth').inputValue(), '31 Feb 2000');

  await choose(page, 'Institutions', 'Northwind General Hospital');
  await page.keyboard.press('Escape');
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/patients') saves.push(request.url());
  });
  await page.getByRole('button', { name: 'Create Patient' }).click();
  // The form's checks run within the click's own tasks: two frames later it has refused or sent the form.
  await page.evaluate(() => {
    const window = globalThis as unknown as { requestAnimationFrame(next: () => void): void };
    return new Promise<void>((resolve) => window.requestAnimationFrame(() => window.requestAnimationFrame(resolve)));
  });
  assert.deepEqual(saves, [], 'the form was sent with an impossible date of birth');
  assert.match(page.url(), /\/patients\/new$/);
  assert.deepEqual(await fieldErrors(page, 'Date of Birth').allInnerTexts(), ['31 Feb 2000 is not a real date.']);
  await screenshot(page, 'messages-impossible-date');

  // A real date takes its place and the message goes.
  await page.getByLabel('Date of Birth').fill('28 feb 2000');
  await page.getByLabel('Date of Birth').press('Enter');
  await page.getByLabel('Date of Birth').press('Tab');
  await fieldErrors(page, 'Date of Birth').waitFor({ state: 'detached' });
  // Written in the app's one format once entered.
  assert.equal(await page.getByLabel('Date of Birth').inputValue(), '28 Feb 2000');
  await page.context().close();
});

test('a past expected date, a future birth date and a zero capacity each say their rule and keep what was typed', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/patients/new');
  await page.getByLabel('Date of Birth').fill('1 Jan 2999');
  await page.getByLabel('Date of Birth').press('Tab');
  await fieldErrors(page, 'Date of Birth').filter({ hasText: 'Date of birth must not be in the future.' }).waitFor();
  assert.equal(await page.getByLabel('Date of Birth').inputValue(), '1 Jan 2999');

  await navigateInApp(page, '/tests/new');
  const expectedDate = page.getByLabel('Expected Test Date');
  // The app's format, not the browser's locale (issue 22): a numeric date is refused with the rule, kept as typed.
  await expectedDate.fill('01/02/2030');
  await expectedDate.press('Tab');
  const rule = 'Enter the expected test date as day, month and year: 28 Nov 2026.';
  await fieldErrors(page, 'Expected Test Date').filter({ hasText: rule }).waitFor();
  assert.equal(await expectedDate.inputValue(), '01/02/2030');
  await expectedDate.fill('1 Jan 2020');
  await expectedDate.press('Tab');
  // The server's own sentence for the field, said before the order is sent.
  const tooSoon = 'Expected Test Date must be at least one hour from now.';
  await fieldErrors(page, 'Expected Test Date').filter({ hasText: tooSoon }).waitFor();
  assert.equal(await expectedDate.inputValue(), '1 Jan 2020');

  await screenshot(page, 'messages-past-expected-date');
  await page.context().close();

  const cms = await system.newPage();
  await openSignedIn(cms, DEMO_ACCOUNTS.superAdmin.email, '/cms?tab=collection_devices');
  await cms.getByRole('button', { name: 'Add Collection Device' }).click();
  const capacity = cms.getByRole('dialog').getByLabel('Max Capacity (µL)');
  await capacity.fill('0');
  await capacity.press('Tab');
  await fieldErrors(cms, 'Max Capacity (µL)').filter({ hasText: 'Max Capacity (µL) must be at least 1.' }).waitFor();
  assert.equal(await capacity.inputValue(), '0', 'the capacity was changed on blur');
  await screenshot(cms, 'messages-zero-capacity');
  await cms.context().close();
});

test('every list says the same when a search finds nothing, without a "Showing 0 to 0" footer', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/dashboard');
  const lists = [
    { path: '/users', search: 'Search users', empty: 'No users match your search' },
    { path: '/patients', search: 'Search patients', empty: 'No patients match your search' },
    { path: '/institutions', search: 'Search institutions', empty: 'No institutions match your search' },
  ];
  for (const list of lists) {
    await navigateInApp(page, list.path);
    // Live: the list narrows as the user types, with no Enter.
    await page.getByLabel(list.search).fill('nothing is called this');
    await page.locator('.ant-table .ant-empty').getByText(list.empty).waitFor();
    assert.equal(await footer(page).count(), 0, list.path);
    assert.equal(await page.getByText('Showing 0 to 0').count(), 0, list.path);
    await screenshot(page, `messages-empty-${list.path.slice(1)}`);
  }
  await page.context().close();
});

test('a delete is confirmed, then reported with a success message', async () => {
  const patient = await createNorthwindPatient('Delia', 'Gonebury');
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, `/patients/${patient.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  // Looked for before the list's page is waited for: that wait runs the list's accessibility check, which on a
  // busy machine can outlast the message's 3 seconds.
  await page.locator('.ant-message').getByText(MESSAGES.patientDeleted).waitFor();
  await page.waitForURL('**/patients');
  await screenshot(page, 'messages-deleted');
  await page.context().close();
});

describe('deep links through sign-in', () => {
  test('a page opened while signed out is where sign-in leads', async () => {
    const patient = await createNorthwindPatient('Linford', 'Deeplink');
    const page = await system.newPage();
    await page.goto(`/patients/${patient.id}`);
    await page.waitForURL(`**/login?next=%2Fpatients%2F${patient.id}`);
    await submitSignIn(page, DEMO_ACCOUNTS.northwindAdmin.email);
    await page.waitForURL(`**/patients/${patient.id}`);
    await page.getByRole('heading', { name: 'Linford Deeplink' }).waitFor();
    await page.context().close();
  });

  test('a next that is not a page of the app is ignored: the user lands on the dashboard', async () => {
    for (const next of ['//evil.example/patients', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const page = await system.newPage();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await submitSignIn(page, DEMO_ACCOUNTS.labUser.email);
      await page.waitForURL('**/dashboard');
      assert.equal(new URL(page.url()).origin, new URL(system.url).origin, next);
      await page.context().close();
    }
  });

  test('without a page to return to, a user whose menu leaves out the dashboard lands on their first entry', async () => {
    // Menu permissions are super_admin's to choose (an institution_admin's new user gets the role's defaults).
    const { user: admin } = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
    const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
    const email = `no-dashboard-${Date.now()}@northwind.labline.test`;
    await call('POST', '/users', {
      email,
      first_name: 'Nadia',
      last_name: 'Nodash',
      role: 'lab_user',
      institution_id: admin.institution_id,
      clinician_institution_ids: [],
      permissions: ['tests', 'patients'],
      password: DEMO_PASSWORD,
    });
    const page = await system.newPage();
    await page.goto('/login');
    await submitSignIn(page, email);
    // The navigation lists Patients before Test Requests (spec 1 §2), so Patients is home, not Access Denied.
    await page.waitForURL('**/patients');
    await page.getByRole('heading', { name: 'Patients', exact: true }).waitFor();
    await page.goto('/');
    await page.waitForURL('**/patients');
    await page.context().close();
  });
});

test('the user form shows Clinician Institutions only for the clinician role', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/users/new');
  const field = page.getByLabel('Clinician Institutions', { exact: true });
  await page.getByLabel('First Name').waitFor();
  assert.equal(await field.isVisible(), false);
  await choose(page, 'Role', 'clinician');
  await field.waitFor();
  await choose(page, 'Role', 'lab user');
  await field.waitFor({ state: 'hidden' });
  await choose(page, 'Role', 'clinician');
  await field.waitFor();
  await page.context().close();
});
