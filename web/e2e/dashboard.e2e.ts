/** The dashboard (spec 1 §2 /dashboard, §6 its super_admin-only parts, §7 GET /analytics/dashboard). */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { dashboardSchema, institutionFiguresListSchema, userActivityListSchema } from '@labline/contracts';
import type { Page } from 'playwright-core';
import { apiAs, DEMO_ACCOUNTS, openSignedIn, pickOption, screenshot, useSystem } from './support';

const system = useSystem();

const card = (page: Page, key: string) => page.getByTestId(`dashboard-card-${key}`);
const cardValue = async (page: Page, key: string) =>
  Number((await card(page, key).locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''));

/** Waits until the page shows the figures the API gives for `query` (the filtered answer has arrived). */
async function showsFigures(page: Page, email: string, query: string): Promise<void> {
  const { call } = await apiAs(system, email);
  const expected = dashboardSchema.parse(await call('GET', `/analytics/dashboard?${query}`));
  await page
    .locator('[aria-busy="false"]')
    .filter({ has: card(page, 'test_requests') })
    .waitFor();
  await card(page, 'test_requests')
    .locator('.ant-statistic-content-value')
    .filter({ hasText: new RegExp(`^${expected.test_requests.total}$`) })
    .waitFor();
  assert.equal(await cardValue(page, 'patients'), expected.patients.total);
  assert.equal(await page.getByTestId('activity-item').count(), expected.recent_activity.length);
}

test("super_admin sees the whole system's figures and narrows them by institution and by clinician", async () => {
  const page = await system.newPage();
  const email = DEMO_ACCOUNTS.superAdmin.email;
  await openSignedIn(page, email, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
  for (const key of ['test_requests', 'patients', 'results', 'institutions', 'clinicians'])
    await card(page, key).waitFor();
  await page.getByRole('table', { name: 'Test requests per day' }).waitFor();
  await page.getByText('Institution Performance').waitFor();
  await showsFigures(page, email, 'timeframe=30&activity_filter=all&include_user_activity=true');
  await screenshot(page, 'dashboard-super-admin');

  const { call } = await apiAs(system, email);
  const { institutions } = institutionFiguresListSchema.parse(await call('GET', '/analytics/institutions'));
  const riverside = institutions.find((institution) => institution.name === 'Riverside Clinic');
  assert.ok(riverside, 'the demo institution Riverside Clinic is listed');
  await pickOption(page, 'Activity filter', 'By Institution');
  await pickOption(page, 'Institution', riverside.name);
  await page.waitForURL(`**/dashboard?activity=institution&institution=${riverside.id}`);
  await showsFigures(
    page,
    email,
    `timeframe=30&activity_filter=institution&include_user_activity=true&institution_id=${riverside.id}`,
  );

  const { users } = userActivityListSchema.parse(await call('GET', '/analytics/user-activity?role=clinician'));
  const clinician = users[0];
  assert.ok(clinician, 'the demo has clinicians');
  await pickOption(page, 'Activity filter', 'By Clinician');
  await pickOption(page, 'Clinician', `${clinician.first_name} ${clinician.last_name}`);
  await pickOption(page, 'Timeframe', 'Last 7 days');
  await page.waitForURL(`**/dashboard?timeframe=7&activity=clinician&clinician=${clinician.id}`);
  // The address keeps the filters through a reload.
  await page.reload();
  await showsFigures(
    page,
    email,
    `timeframe=7&activity_filter=clinician&include_user_activity=true&clinician_id=${clinician.id}`,
  );
  await page.context().close();
});

test("a clinician's Clinical Dashboard has no institution or clinician cards, filter or performance table", async () => {
  const page = await system.newPage();
  const email = DEMO_ACCOUNTS.clinician.email;
  await openSignedIn(page, email, '/dashboard');
  await page.getByRole('heading', { name: 'Clinical Dashboard' }).waitFor();
  await showsFigures(page, email, 'timeframe=30&activity_filter=all&include_user_activity=true');
  assert.equal(await card(page, 'institutions').count(), 0);
  assert.equal(await card(page, 'clinicians').count(), 0);
  assert.equal(await page.getByLabel('Activity filter').count(), 0);
  assert.equal(await page.getByText('Institution Performance').count(), 0);
  await screenshot(page, 'dashboard-clinician');
  await page.context().close();
});
