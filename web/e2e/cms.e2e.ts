/**
 * The CMS screen and the institution's Labs tab in the browser (spec 3 §2 CMS management, Generic lookup tabs,
 * Collection devices, Lab assignments; §5, §6, §8; issue 11), on the demo catalogue.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ERRORS, MESSAGES, catalogueDeleteInUse, institutionListResponseSchema } from '@labline/contracts';
import type { Locator, Page } from 'playwright-core';
import {
  apiAs,
  DEMO_ACCOUNTS,
  formFieldErrors,
  messageShown,
  offeredOptions,
  pickChoices,
  pickOption,
  screenshot,
  openSignedIn,
  useSystem,
} from './support';

const system = useSystem();

/** The super_admin of the demo seed, as the history names them. */
const SUPER_ADMIN_NAME = 'Sarah Mitchell';

async function openCms(page: Page, email: string, tab?: string): Promise<void> {
  await openSignedIn(page, email, tab === undefined ? '/cms' : `/cms?tab=${tab}`);
  await page.getByRole('heading', { name: 'CMS Management' }).waitFor();
}

/** The open tab's panel (the others are hidden from the accessibility tree). */
const activeTab = (page: Page) => page.getByRole('tabpanel');
/** The row of the open tab's table whose name is `name`. */
const row = (page: Page, name: string) =>
  activeTab(page)
    .locator('.ant-table-row')
    .filter({ has: page.getByText(name, { exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');
/** A choice shown in a select of the open modal. */
const chosen = (page: Page, option: string) =>
  dialog(page).locator('.ant-select-selection-item').filter({ hasText: option });

async function openTab(page: Page, label: string, key: string): Promise<void> {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await page.waitForURL(`**/cms?tab=${key}`);
}

/** Fills the open Add/Edit modal's text fields (by label) and submits it with `submit` (Create or Update). */
async function submitModal(page: Page, fields: Record<string, string>, submit: 'Create' | 'Update'): Promise<void> {
  for (const [label, value] of Object.entries(fields))
    await dialog(page).getByLabel(label, { exact: true }).fill(value);
  await dialog(page).getByRole('button', { name: submit }).click();
}

async function confirmPopup(page: Page, button: string): Promise<void> {
  await page.locator('.ant-popconfirm').getByRole('button', { name: button }).click();
}

/** The texts of a table row's cells, once the row is there. */
async function cellTexts(locator: Locator): Promise<string[]> {
  await locator.waitFor();
  return (await locator.locator('td').allInnerTexts()).map((text) => text.trim());
}

describe('super_admin', () => {
  test('adds a sample type and a marker with its LOINC code and units, and sees them in the tables', async () => {
    const page = await system.newPage();
    await openCms(page, DEMO_ACCOUNTS.superAdmin.email);
    await page.getByText('Manage dynamic form fields for test requests').first().waitFor();
    const tabs = (await page.getByRole('tab').allInnerTexts()).map((text) => text.trim()).join(', ');
    assert.equal(
      tabs,
      'Sample Types, Markers, Panels, Tube Types, Priorities, Statuses, Collection Devices, Storage Locations, Labs, ' +
        'Notification Logs, Reminder Configurations, Test Notifications',
    );
    await row(page, 'Blood').waitFor();
    await screenshot(page, 'cms-sample-types');

    await page.getByRole('button', { name: 'Add Sample Type' }).click();
    await dialog(page).getByText('Add Sample Type').waitFor();
    await submitModal(page, { Name: 'Capillary plasma', Description: 'Plasma from a finger-prick kit' }, 'Create');
    await messageShown(page, 'Sample Type created successfully');
    const plasma = await cellTexts(row(page, 'Capillary plasma'));
    assert.equal(plasma.slice(0, 3).join(' | '), 'Capillary plasma | Plasma from a finger-prick kit | Active');

    await openTab(page, 'Markers', 'markers');
    await page.getByText('Manage dynamic form fields for test requests').first().waitFor();
    await page.getByRole('button', { name: 'Add Marker' }).click();
    await dialog(page).getByLabel('Name', { exact: true }).waitFor();
    await pickChoices(page, 'Sample Types', ['Capillary plasma'], dialog(page));
    await screenshot(page, 'cms-marker-form');
    await submitModal(
      page,
      { Name: 'Lactate', 'Marker Code (LOINC)': '2524-7', Units: 'mmol/L', 'Sample Volume (µL)': '40' },
      'Create',
    );
    await messageShown(page, 'Marker created successfully');
    const lactate = await cellTexts(row(page, 'Lactate'));
    assert.deepEqual(lactate.slice(0, 6), ['Lactate', '2524-7', 'mmol/L', 'No description', 'Active', 'Global']);
    await screenshot(page, 'cms-markers');
    await page.context().close();
  });

  test("a wrong LOINC code shows the server's sentence on its field, and nothing is saved", async () => {
    const page = await system.newPage();
    await openCms(page, DEMO_ACCOUNTS.superAdmin.email, 'markers');
    await page.getByRole('button', { name: 'Add Marker' }).click();
    await submitModal(page, { Name: 'Miscoded', 'Marker Code (LOINC)': '2524-1' }, 'Create');
    const sentence = 'Marker Code (LOINC) is not a valid LOINC code.';
    await formFieldErrors(page, 'Marker Code (LOINC)', dialog(page)).filter({ hasText: sentence }).waitFor();
    await dialog(page).getByRole('alert').filter({ hasText: sentence }).waitFor();
    await screenshot(page, 'cms-marker-wrong-loinc');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await row(page, 'Miscoded').count(), 0);
    await page.context().close();
  });

  test('the panel form offers only the markers of the chosen sample type and clears them when it changes', async () => {
    const page = await system.newPage();
    await openCms(page, DEMO_ACCOUNTS.superAdmin.email, 'panels');
    await row(page, 'Lipid Panel').waitFor();
    await page.getByRole('button', { name: 'Add Panel' }).click();
    const markers = dialog(page).getByLabel('Markers', { exact: true });
    await markers.waitFor();
    assert.equal(await markers.isDisabled(), true);

    await pickOption(page, 'Sample Type', 'Urine', dialog(page));
    assert.deepEqual(await offeredOptions(page, 'Markers', dialog(page)), ['Albumin/Creatinine ratio']);
    await pickChoices(page, 'Markers', ['Albumin/Creatinine ratio'], dialog(page));
    await screenshot(page, 'cms-panel-form');

    await pickOption(page, 'Sample Type', 'Stool', dialog(page));
    await chosen(page, 'Albumin/Creatinine ratio').waitFor({ state: 'detached' });
    assert.deepEqual(await offeredOptions(page, 'Markers', dialog(page)), ['Calprotectin']);
    await pickChoices(page, 'Markers', ['Calprotectin'], dialog(page));
    await submitModal(page, { Name: 'Gut Health Panel' }, 'Create');
    await messageShown(page, 'Panel created successfully');
    const panel = await cellTexts(row(page, 'Gut Health Panel'));
    assert.equal(panel.slice(0, 5).join(' | '), 'Gut Health Panel | No description | Calprotectin | Active | Global');
    await page.context().close();
  });

  test('a collection device shows two tube types and "+N more", and its status badge switches it', async () => {
    const page = await system.newPage();
    await openCms(page, DEMO_ACCOUNTS.superAdmin.email, 'collection_devices');
    const venous = row(page, 'Venous blood tube set');
    await venous.getByText('+3 more', { exact: true }).waitFor();
    assert.equal(await venous.getByText('EDTA', { exact: true }).count(), 1);
    assert.equal(await venous.getByText('Lithium heparin', { exact: true }).count(), 0);

    const swab = row(page, 'Swab kit');
    await swab.getByRole('button', { name: 'Active: click to deactivate' }).click();
    await messageShown(page, 'Collection Device updated successfully');
    await swab.getByRole('button', { name: 'Inactive: click to activate' }).waitFor();
    await screenshot(page, 'cms-collection-devices');
    await swab.getByRole('button', { name: 'Inactive: click to activate' }).click();
    await swab.getByRole('button', { name: 'Active: click to deactivate' }).waitFor();
    await page.context().close();
  });

  test('the Labs tab shows each facility with its contact and how much it is used', async () => {
    const page = await system.newPage();
    await openCms(page, DEMO_ACCOUNTS.superAdmin.email, 'labs');
    await page.getByText('Manage laboratory facilities and assignments').first().waitFor();
    const meridian = await cellTexts(row(page, 'Meridian Pathology Laboratories'));
    assert.match(meridian[2] ?? '', /orders@meridian-pathology\.example\.com/);
    // The counts follow the demo data; the cell says users, institutions and tests.
    assert.match(meridian[3] ?? '', /^\d+ users?\s+\d+ institutions?\s+\d+ tests?$/);
    await screenshot(page, 'cms-labs');
    await page.context().close();
  });

  test('deleting a sample type that markers use is refused with the spec 3 §8 text', async () => {
    const page = await system.newPage();
    await openCms(page, DEMO_ACCOUNTS.superAdmin.email, 'sample_types');
    await row(page, 'Blood').getByRole('button', { name: 'Delete' }).click();
    await confirmPopup(page, 'Delete');
    await page.locator('.ant-message').getByText(catalogueDeleteInUse('sample-types')).waitFor();
    assert.equal(
      catalogueDeleteInUse('sample-types'),
      'Failed to delete Sample Type. It may be in use by other records.',
    );
    await row(page, 'Blood').waitFor();

    // An unused one goes, with its success message.
    await page.getByRole('button', { name: 'Add Sample Type' }).click();
    await submitModal(page, { Name: 'Sweat' }, 'Create');
    await messageShown(page, 'Sample Type created successfully');
    await row(page, 'Sweat').getByRole('button', { name: 'Delete' }).click();
    await confirmPopup(page, 'Delete');
    await messageShown(page, 'Sample Type deleted successfully');
    await row(page, 'Sweat').waitFor({ state: 'detached' });
    await page.context().close();
  });

  test("an item's history shows who changed what, from what to what", async () => {
    const page = await system.newPage();
    await openCms(page, DEMO_ACCOUNTS.superAdmin.email, 'markers');
    await row(page, 'Ferritin').getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByText('Edit Marker').waitFor();
    await submitModal(page, { Units: 'ug/L', Description: 'Iron stores' }, 'Update');
    await messageShown(page, 'Marker updated successfully');
    await row(page, 'Ferritin').getByText('ug/L', { exact: true }).waitFor();

    await row(page, 'Ferritin').getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog');
    const entries = drawer.getByTestId('history-entry');
    await entries.first().waitFor();
    const newest = entries.first();
    assert.match(await newest.innerText(), new RegExp(`^Updated\\s+by\\s+${SUPER_ADMIN_NAME}`));
    const changes = (await newest.getByTestId('history-change').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    assert.ok(changes.includes('Units: ng/mL → ug/L'), changes.join(' | '));
    assert.ok(changes.includes('Description: empty → Iron stores'), changes.join(' | '));
    assert.match(await entries.last().innerText(), /^Created\s+by\s+System/);
    await screenshot(page, 'cms-history');
    await page.context().close();
  });
});

test('institution_admin sees the global items and adds one for their own institution, without a picker', async () => {
  const page = await system.newPage();
  await openCms(page, DEMO_ACCOUNTS.northwindAdmin.email, 'markers');
  // Global items are shown, read-only: a change would reach other institutions.
  const glucose = row(page, 'Glucose');
  await glucose.getByText('Global', { exact: true }).waitFor();
  assert.equal(await glucose.getByRole('button', { name: 'Edit' }).count(), 0);
  assert.equal(await glucose.getByRole('button', { name: 'History' }).count(), 1);
  assert.equal(await page.getByRole('tab', { name: 'Labs', exact: true }).count(), 0);

  await page.getByRole('button', { name: 'Add Marker' }).click();
  await dialog(page).getByText('This item will be available to your institution.', { exact: false }).waitFor();
  assert.equal(await dialog(page).getByLabel('Institutions', { exact: true }).count(), 0);
  await screenshot(page, 'cms-institution-admin-form');
  await submitModal(page, { Name: 'Northwind Lactate', 'Marker Code (LOINC)': '2524-7', Units: 'mmol/L' }, 'Create');
  await messageShown(page, 'Marker created successfully');
  const own = row(page, 'Northwind Lactate');
  await own.getByText(DEMO_ACCOUNTS.northwindAdmin.institutionName, { exact: true }).waitFor();
  await own.getByRole('button', { name: 'Edit' }).waitFor();
  await screenshot(page, 'cms-institution-admin');

  // Riverside's administrator does not see Northwind's item.
  const riverside = await system.newPage();
  await openCms(riverside, DEMO_ACCOUNTS.riversideAdmin.email, 'markers');
  await row(riverside, 'Glucose').waitFor();
  assert.equal(await row(riverside, 'Northwind Lactate').count(), 0);
  await riverside.context().close();
  await page.context().close();
});

test("a clinician opening /cms is told they don't have permission to manage CMS fields", async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.clinician.email, '/cms');
  await page.getByText(ERRORS.noPermissionManageCmsFields).waitFor();
  assert.equal(ERRORS.noPermissionManageCmsFields, "You don't have permission to manage CMS fields.");
  await page.context().close();
});

test('the Labs tab of an institution assigns and removes a lab', async () => {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
  const { institutions } = institutionListResponseSchema.parse(await call('GET', '/institutions'));
  const northwind = institutions.find(
    (institution) => institution.name === DEMO_ACCOUNTS.northwindAdmin.institutionName,
  );
  assert.ok(northwind);

  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.superAdmin.email, `/institutions/${northwind.id}`);
  await page.getByRole('tab', { name: 'Labs', exact: true }).click();
  const labs = activeTab(page);
  const assignment = (lab: string, sampleType: string) =>
    labs
      .locator('.ant-table-row')
      .filter({ has: page.getByText(lab, { exact: true }) })
      .filter({ has: page.getByText(sampleType, { exact: true }) });
  await assignment('Northgate Diagnostics', 'Saliva').waitFor();

  await labs.getByRole('button', { name: 'Assign Lab' }).click();
  await labs.getByRole('alert').filter({ hasText: ERRORS.selectLabAndSampleType }).waitFor();
  await pickOption(page, 'Lab', 'Coastal Reference Lab', labs);
  await labs.getByRole('button', { name: 'Assign Lab' }).click();
  await labs.getByRole('alert').filter({ hasText: 'Please select both a lab and sample type' }).waitFor();

  await pickOption(page, 'Sample Type', 'Saliva', labs);
  await labs.getByRole('button', { name: 'Assign Lab' }).click();
  await messageShown(page, MESSAGES.labAssigned);
  const coastal = assignment('Coastal Reference Lab', 'Saliva');
  await coastal.waitFor();
  assert.equal(await labs.getByRole('alert').count(), 0);
  await screenshot(page, 'institution-labs');

  await coastal.getByRole('button', { name: 'History' }).click();
  const entry = page.getByRole('dialog').getByTestId('history-entry').first();
  await entry.waitFor();
  assert.match(await entry.innerText(), new RegExp(`^Created\\s+by\\s+${SUPER_ADMIN_NAME}`));
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await coastal.getByRole('button', { name: 'Remove' }).click();
  await confirmPopup(page, 'Remove');
  await messageShown(page, MESSAGES.labAssignmentRemoved);
  await coastal.waitFor({ state: 'detached' });
  await page.context().close();
});
