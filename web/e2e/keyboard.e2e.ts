/**
 * The keyboard alone: sign in, move through the side navigation and create a patient with Tab, typing, Enter and
 * the arrow keys, never the mouse (issue 9, accessibility). axe checks every page on the way (see support.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { clinicianListResponseSchema, patientDetailResponseSchema } from '@labline/contracts';
import type { Locator, Page } from 'playwright-core';
import { apiAs, DEMO_ACCOUNTS, DEMO_PASSWORD, navigationEntries, useSystem, type DemoAccount } from './support';

const system = useSystem();

/** Most Tab presses between two stops on a page (the side navigation has at most ten entries). */
const MAX_TABS = 60;

const isFocused = async (target: Locator): Promise<boolean> =>
  (await target.and(target.page().locator(':focus')).count()) === 1;

/** Presses Tab until `target` has the focus; fails when `maxPresses` do not get there. */
async function tabTo(page: Page, target: Locator, maxPresses = MAX_TABS): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < maxPresses; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(
    `${maxPresses} Tab presses did not reach ${target.toString()}: ${await focusedElement(page)} has the focus`,
  );
}

/** What has the focus, for a failure message. */
async function focusedElement(page: Page): Promise<string> {
  const focused = page.locator(':focus');
  if ((await focused.count()) === 0) return 'nothing';
  return focused.evaluate((element: { outerHTML: string }) => element.outerHTML.slice(0, 160));
}

/**
 * The next field of the form is `label`'s: the tab order follows the form. A filled select has a Clear button,
 * and a date box its calendar button, a stop of its own before the next field.
 */
async function tabToField(page: Page, label: string, { afterClearButton = false } = {}): Promise<void> {
  await tabTo(page, page.getByLabel(label, { exact: true }), afterClearButton ? 2 : 1);
}

/** The option lists on screen have closed (their closing animation over). */
async function popupsClosed(page: Page): Promise<void> {
  await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
}

/**
 * Picks `option` in the focused select, as a keyboard user does: ArrowDown opens the list and moves down it until
 * the option is the active one (or typing `search` finds it), then Enter. A multiple select
 * stays open after Enter: Escape closes it.
 */
async function choose(page: Page, label: string, option: string, { search = '', multiple = false } = {}) {
  const select = page.getByLabel(label, { exact: true });
  const expanded = (value: boolean) => select.and(page.locator(`[aria-expanded="${value}"]`)).waitFor();
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  const isActive = async () => (await active.innerText().catch(() => '')).trim() === option;
  if (search !== '') {
    await page.keyboard.type(search);
    await expanded(true);
    await active.filter({ hasText: search }).waitFor();
  } else {
    await page.keyboard.press('ArrowDown');
    await expanded(true);
    await active.waitFor();
    for (let moves = 0; moves < 20 && !(await isActive()); moves += 1) await page.keyboard.press('ArrowDown');
  }
  assert.ok(await isActive(), `${option} is the active option of ${label}`);
  await page.keyboard.press('Enter');
  if (multiple) await page.keyboard.press('Escape');
  await expanded(false);
  await popupsClosed(page);
}

async function signInWithKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const emailField = page.getByLabel('Email Address');
  await emailField.waitFor();
  assert.ok(await isFocused(emailField), 'the e-mail field has the focus on arrival');
  await page.keyboard.type(email);
  await tabToField(page, 'Password');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('greeting').waitFor();
}

/** The side navigation's link to `entry`. */
const navigationLink = (page: Page, entry: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: entry, exact: true });

for (const account of Object.values(DEMO_ACCOUNTS) as DemoAccount[]) {
  test(`${account.role} (${account.email}) reaches each page of the side navigation with Tab and Enter`, async () => {
    const page = await system.newPage();
    await signInWithKeyboard(page, account.email);
    for (const entry of await navigationEntries(page)) {
      const link = navigationLink(page, entry);
      const href = await link.getAttribute('href');
      assert.ok(href, `${entry} links somewhere`);
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${href}`);
    }
    await page.context().close();
  });
}

test('super_admin signs in and creates a patient with the keyboard alone', async () => {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
  const northwind = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const { clinicians } = clinicianListResponseSchema.parse(
    await call('GET', `/institutions/${northwind.user.institution_id}/clinicians`),
  );
  const clinician = clinicians.at(-1)!;
  const clinicianName = `${clinician.first_name} ${clinician.last_name}`;

  const page = await system.newPage();
  await signInWithKeyboard(page, DEMO_ACCOUNTS.superAdmin.email);
  await tabTo(page, navigationLink(page, 'Patients'));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/patients');
  await tabTo(page, page.getByRole('button', { name: 'Add Patient' }).first());
  await page.keyboard.press('Enter');
  await page.waitForURL('**/patients/new');

  await tabTo(page, page.getByLabel('First Name', { exact: true }));
  await page.keyboard.type('Keyla');
  await tabToField(page, 'Last Name');
  await page.keyboard.type('Boardman');
  // The date is typed in the app's format; Enter takes it. The calendar button is the next stop.
  await tabToField(page, 'Date of Birth');
  await page.keyboard.type('23 May 1984');
  await page.keyboard.press('Enter');
  await tabToField(page, 'Gender', { afterClearButton: true });
  await choose(page, 'Gender', 'Female');
  await tabToField(page, 'Medical Record Number', { afterClearButton: true });
  await tabToField(page, 'Country code');
  await choose(page, 'Country code', '🇮🇪 Ireland (+353)', { search: 'Ireland' });
  await tabToField(page, 'Phone Number');
  await page.keyboard.type('85 123 4567');
  await tabToField(page, 'Email Address');
  await page.keyboard.type('keyla.boardman@example.test');

  await tabTo(page, page.getByLabel('Institutions', { exact: true }));
  await choose(page, 'Institutions', 'Northwind General Hospital', { search: 'Northwind', multiple: true });
  // The clinician list is that of the institution just picked: the select is enabled once it has loaded.
  const clinicianSelect = page.getByLabel('Clinician', { exact: true });
  await page.waitForFunction(
    (input) => input !== null && !(input as unknown as { disabled: boolean }).disabled,
    await clinicianSelect.elementHandle(),
    { polling: 50 },
  );
  await tabToField(page, 'Clinician');
  await choose(page, 'Clinician', clinicianName);

  await tabTo(page, page.getByRole('button', { name: 'Create Patient' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/patients\/\d+$/);
  await page.getByRole('heading', { name: 'Keyla Boardman' }).waitFor();
  // Stored in E.164, shown by its dial code.
  assert.equal((await page.getByTestId('patient-phone').innerText()).trim(), '🇮🇪 +353 851234567');
  // The flag is drawn from an SVG (emoji flags are two letters on Windows) and named for screen readers.
  await page
    .locator('[data-testid="patient-phone"] [role="img"][aria-label="Ireland"][style*="/assets/ie-"]')
    .waitFor();

  const id = Number(/\/patients\/(\d+)$/.exec(page.url())![1]);
  const { patient } = patientDetailResponseSchema.parse(await call('GET', `/patients/${id}`));
  assert.deepEqual(
    {
      name: `${patient.first_name} ${patient.last_name}`,
      date_of_birth: patient.date_of_birth,
      gender: patient.gender,
      phone: patient.phone,
      email: patient.email,
      institutions: patient.institution_names,
      clinician_id: patient.clinician_id,
    },
    {
      name: 'Keyla Boardman',
      date_of_birth: '1984-05-23',
      gender: 'Female',
      phone: '+353851234567',
      email: 'keyla.boardman@example.test',
      institutions: ['Northwind General Hospital'],
      clinician_id: clinician.id,
    },
  );
  await page.context().close();
});
