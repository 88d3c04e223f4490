/** Patient pages (spec 1 §2 /patients, /patients/new, /patients/{id}/edit, /patients/{id}; §5; §6 Patients). */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import {
  ERRORS,
  clinicianListResponseSchema,
  patientDetailResponseSchema,
  patientResponseSchema,
  testRequestListResponseSchema,
  type Patient,
} from '@labline/contracts';
import type { Page } from 'playwright-core';
import { navigateInApp, searchList } from './navigation';
import { apiAs, DEMO_ACCOUNTS, failNextLoad, screenshot, openSignedIn, useSystem, storedSession } from './support';

const system = useSystem();

/** A patient of the admin's institution with its first clinician, created through the API. */
async function createPatientAs(email: string, firstName: string, lastName: string): Promise<Patient> {
  const { user, call } = await apiAs(system, email);
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

async function openPatients(page: Page, { loaded = true } = {}): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem', { name: 'Patients' }).click();
  await page.waitForURL('**/patients');
  if (loaded) await page.getByText(/^Showing \d+ to \d+ of \d+ results$/).waitFor();
}

async function search(page: Page, text: string): Promise<void> {
  await searchList(page, 'Search patients', text);
}

async function pickOption(page: Page, option: string): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The form item around a labelled field, which holds the chosen values of a select. */
const formItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });

const footer = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/);

test('a clinician adds a patient, locked as its clinician, and finds it under My Patients', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.clinician.email, '/dashboard');
  const clinician = (await storedSession(page)).user!;
  const clinicianName = `${clinician.first_name} ${clinician.last_name}`;
  await openPatients(page);
  await page.getByRole('heading', { name: 'My Patients' }).waitFor();

  await page.getByRole('button', { name: 'Add Patient' }).click();
  await page.waitForURL('**/patients/new');
  await page.getByText(ERRORS.cliniciansOneInstitution).waitFor();
  await page.getByLabel('Institutions').click();
  await pickOption(page, 'Northwind General Hospital');
  await pickOption(page, 'Riverside Clinic');
  await page.keyboard.press('Escape');
  // A clinician keeps one institution: the second pick replaces the first.
  const chosen = formItem(page, 'Institutions').locator('.ant-select-selection-item-content');
  await chosen.filter({ hasText: 'Riverside Clinic' }).waitFor();
  assert.deepEqual(await chosen.allInnerTexts(), ['Riverside Clinic']);
  await formItem(page, 'Clinician').getByText(clinicianName).first().waitFor();
  assert.equal(await page.getByLabel('Clinician', { exact: true }).isDisabled(), true);

  await page.getByLabel('First Name').fill('Imogen');
  await page.getByLabel('Last Name').fill('Fairweather');
  // Typed in ISO, written in the app's one format (issue 22) whatever the browser's locale.
  await page.getByLabel('Date of Birth').fill('1990-02-14');
  await page.getByLabel('Date of Birth').press('Enter');
  assert.equal(await page.getByLabel('Date of Birth').inputValue(), '14 Feb 1990');
  await page.getByLabel('Phone Number').fill('7700 900456');
  await page.getByLabel('Email Address').fill('imogen.fairweather@example.test');
  await page.getByLabel('City').fill('Leeds');
  assert.equal(await page.getByRole('radio', { name: 'Email and SMS' }).isChecked(), true, 'the default');
  await page.getByRole('radio', { name: 'SMS only' }).check();
  await screenshot(page, 'patients-form');
  await page.getByRole('button', { name: 'Create Patient' }).click();

  await page.waitForURL(/\/patients\/\d+$/);
  await page.getByRole('heading', { name: 'Imogen Fairweather' }).waitFor();
  assert.equal((await page.getByTestId('patient-phone').innerText()).trim(), '🇬🇧 +44 7700900456');
  assert.match(await page.getByTestId('patient-address').innerText(), /Leeds/);
  await page.getByText('14 Feb 1990').waitFor();
  assert.equal((await page.getByTestId('patient-clinician').innerText()).trim(), clinicianName);
  assert.equal((await page.getByTestId('patient-contact-preference').innerText()).trim(), 'SMS only');
  assert.equal(await page.getByRole('button', { name: 'Delete' }).count(), 0);
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  await screenshot(page, 'patients-detail');

  await openPatients(page);
  await search(page, 'Fairweather');
  await page.getByRole('link', { name: 'Imogen Fairweather' }).waitFor();
  await page.getByText('Showing 1 to 1 of 1 results').waitFor();
  await page.context().close();
});

test('an institution admin edits a patient and deletes another through the confirm dialog', async () => {
  const toEdit = await createPatientAs(DEMO_ACCOUNTS.northwindAdmin.email, 'Edwina', 'Ashcombe');
  const toDelete = await createPatientAs(DEMO_ACCOUNTS.northwindAdmin.email, 'Dorian', 'Quellmoor');
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, '/dashboard');

  await openPatients(page);
  await page.getByTestId('institution-banner').getByText(DEMO_ACCOUNTS.northwindAdmin.institutionName).waitFor();
  await navigateInApp(page, `/patients/${toEdit.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.waitForURL(`**/patients/${toEdit.id}/edit`);
  assert.equal(await page.getByLabel('Last Name').inputValue(), 'Ashcombe');
  await page.getByLabel('Last Name').fill('Ashcombe-Reyes');
  await page.getByLabel('Insurance Number').fill('INS-55821');
  await page.getByRole('radio', { name: 'No email or SMS' }).check();
  await page.getByRole('button', { name: 'Update Patient' }).click();
  await page.waitForURL(`**/patients/${toEdit.id}`);
  await page.getByRole('heading', { name: 'Edwina Ashcombe-Reyes' }).waitFor();
  await page.getByText('INS-55821').waitFor();
  assert.equal((await page.getByTestId('patient-contact-preference').innerText()).trim(), 'No email or SMS');

  await navigateInApp(page, `/patients/${toDelete.id}`);
  await page.getByRole('heading', { name: 'Dorian Quellmoor' }).waitFor();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Are you sure you want to delete Dorian Quellmoor?', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL('**/patients');
  await search(page, 'Quellmoor');
  await page.getByText('No patients match your search').waitFor();
  assert.equal(await footer(page).count(), 0);
  await navigateInApp(page, `/patients/${toDelete.id}`);
  await page.getByText(ERRORS.patientNotFound).waitFor();
  await page.context().close();
});

test('deleting a patient who has test requests is refused with the reason, and the patient stays', async () => {
  // A demo patient with a test request of the admin's institution (the list holds no archived ones).
  const { call } = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const [request] = testRequestListResponseSchema.parse(await call('GET', '/tests/requests?limit=1')).requests;
  assert.ok(request, 'the demo seed should give Northwind test requests');
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, `/patients/${request.patient_id}`);
  await page.getByRole('link', { name: request.display_id }).waitFor();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alert').filter({ hasText: ERRORS.patientHasTestRequests }).waitFor();
  await screenshot(page, 'patients-delete-refused');
  assert.match(page.url(), new RegExp(`/patients/${request.patient_id}$`));
  await page.reload();
  await page.getByRole('link', { name: request.display_id }).waitFor();
  await page.context().close();
});

test('an institution admin edits a shared patient: the other institution shows locked and stays', async () => {
  const northwind = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const riverside = await apiAs(system, DEMO_ACCOUNTS.riversideAdmin.email);
  const northwindId = northwind.user.institution_id!;
  const riversideId = riverside.user.institution_id!;
  const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
  const { clinicians } = clinicianListResponseSchema.parse(
    await call('GET', `/institutions/${northwindId}/clinicians`),
  );
  const shared = patientResponseSchema.parse(
    await call('POST', '/patients', {
      first_name: 'Wilhelmina',
      last_name: 'Sharpfield',
      institution_ids: [northwindId, riversideId],
      clinician_id: clinicians[0]?.id ?? null,
    }),
  ).patient;

  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, `/patients/${shared.id}/edit`);
  await page.getByLabel('Last Name').waitFor();
  await page.getByText('Also filed under').waitFor();
  // Riverside by name, locked; never as a raw id or 'Institution not found'.
  await page.locator('.ant-tag', { hasText: 'Riverside Clinic' }).waitFor();
  assert.equal(await page.getByText(ERRORS.institutionNotFound).count(), 0);
  await page.getByLabel('Last Name').fill('Sharpfield-Ode');
  await page.getByRole('button', { name: 'Update Patient' }).click();
  await page.waitForURL(`**/patients/${shared.id}`);
  await page.getByRole('heading', { name: 'Wilhelmina Sharpfield-Ode' }).waitFor();
  const after = patientDetailResponseSchema.parse(await riverside.call('GET', `/patients/${shared.id}`)).patient;
  assert.deepEqual(after.institution_ids, [northwindId, riversideId]);
  await page.context().close();
});

test('a lab user sees the patients but no Add Patient, even on an empty search', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.labUser.email, '/dashboard');
  await openPatients(page);
  await page.getByRole('heading', { name: 'Patients', exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Add Patient' }).count(), 0);
  await search(page, 'no patient is called this');
  await page.getByText('No patients match your search').waitFor();
  assert.equal(await footer(page).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Add Patient' }).count(), 0);
  await page.context().close();
});

test('an unknown patient id shows Patient Not Found', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/patients/987654');
  await page.getByText(ERRORS.patientNotFound).waitFor();
  await page.getByRole('button', { name: 'Back to Patients' }).click();
  await page.waitForURL('**/patients');
  await page.context().close();
});

test('the list pages through the patients, search narrows it and a reload keeps it; a failed load offers Retry', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, '/dashboard');
  // A list that failed to load says so, with Retry, instead of an empty table (issue 22); Retry loads it.
  await failNextLoad(page, '/patients');
  await openPatients(page, { loaded: false });
  await page.getByText('Failed to fetch patients').waitFor();
  assert.equal(await page.locator('.ant-table').count(), 0);
  await screenshot(page, 'patients-load-error');
  await page.getByRole('button', { name: 'Retry' }).click();
  await footer(page).waitFor();
  const [, , , totalText] = /^Showing (\d+) to (\d+) of (\d+) results$/.exec((await footer(page).innerText()).trim())!;
  const total = Number(totalText);
  assert.ok(total > 10, `the demo seed should have more than one page of patients, has ${total}`);
  assert.equal((await footer(page).innerText()).trim(), `Showing 1 to 10 of ${total} results`);
  assert.equal(await page.locator('.ant-table-tbody tr.ant-table-row').count(), 10);
  await page.getByLabel('Institution filter').waitFor();
  await screenshot(page, 'patients-list');

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(`Showing 11 to ${Math.min(20, total)} of ${total} results`).waitFor();
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText(`Showing 1 to 10 of ${total} results`).waitFor();

  // Search by the first row's medical record number.
  const mrn = (await page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').nth(1).innerText()).trim();
  await search(page, mrn);
  const narrowed = Number(/of (\d+) results/.exec(await footer(page).innerText())?.[1]);
  assert.ok(narrowed >= 1 && narrowed < total, `searching ${mrn} left ${narrowed} of ${total}`);
  await page.getByRole('cell', { name: mrn, exact: true }).first().waitFor();

  // The search lives in the address (issue 22): a reload, as a shared link, shows the same search and rows.
  assert.equal(new URL(page.url()).searchParams.get('search'), mrn);
  await page.reload();
  await page.getByRole('cell', { name: mrn, exact: true }).first().waitFor();
  assert.equal(await page.getByLabel('Search patients').inputValue(), mrn);
  assert.equal(
    (await footer(page).innerText()).trim(),
    `Showing 1 to ${Math.min(10, narrowed)} of ${narrowed} results`,
  );
  await page.context().close();
});
