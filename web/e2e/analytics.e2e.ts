/**
 * The analytics screen (spec 3 §2 Analytics, §6 who sees it, §7 its calls, §8 its texts): an institution's and a
 * patient's views, super_admin's tabs and institution filter, the Audit Logs, and the permission text.
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import {
  ANALYTICS_ERRORS,
  ERRORS,
  institutionAnalyticsSchema,
  institutionFiguresListSchema,
  patientAnalyticsSchema,
  testRequestListResponseSchema,
  testTypeFiguresListSchema,
  TURNAROUND_STAGES,
  turnaroundSchema,
} from '@labline/contracts';
import type { Page } from 'playwright-core';
import { apiAs, DEMO_ACCOUNTS, openSignedIn, pickOption, screenshot, useSystem } from './support';

const system = useSystem();

/** The figure of the summary card titled `title`. */
const statValue = async (page: Page, title: string) =>
  (
    await page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content').innerText()
  ).trim();

/** A chart's table for screen readers (its caption is the chart's title): its rows, header row left out. */
const chartTableRows = (page: Page, title: string) => page.getByRole('table', { name: title }).locator('tbody tr');

test('an institution_admin opens the analytics of their institution and of one of its patients', async () => {
  const email = DEMO_ACCOUNTS.northwindAdmin.email;
  const { user, call } = await apiAs(system, email);
  const institutionId = user.institution_id;
  assert.ok(institutionId !== null, 'the Northwind admin has an institution');
  const page = await system.newPage();
  await openSignedIn(page, email, `/institutions/${institutionId}`);
  await page.getByRole('button', { name: 'View Analytics' }).click();
  await page.waitForURL(`**/analytics?institution_id=${institutionId}`);

  const institution = institutionAnalyticsSchema.parse(
    await call('GET', `/analytics/institution/${institutionId}?timeframe=30`),
  );
  await page.getByRole('region', { name: `Analytics of ${institution.institution_name}` }).waitFor();
  assert.equal(await statValue(page, 'Test Requests'), String(institution.summary.test_requests));
  assert.equal(await statValue(page, 'Patients'), String(institution.summary.patients));
  assert.equal(await statValue(page, 'Active Users'), String(institution.summary.active_users));
  assert.ok(institution.test_requests_by_status.length > 0, 'the demo institution has test requests');
  // The chart is drawn, and its figures are a table a screen reader reads.
  await page.getByTestId('analytics-chart').first().locator('canvas').waitFor();
  const statusRows = chartTableRows(page, 'Test Requests by Status');
  assert.equal(await statusRows.count(), institution.test_requests_by_status.length);
  const first = institution.test_requests_by_status[0]!;
  assert.equal(await statusRows.first().locator('td').innerText(), String(first.count));
  await screenshot(page, 'analytics-institution');

  // Another timeframe asks for that timeframe's figures.
  await pickOption(page, 'Timeframe', 'Last 365 days');
  await page.waitForURL(`**/analytics?institution_id=${institutionId}&timeframe=365`);
  const year = institutionAnalyticsSchema.parse(
    await call('GET', `/analytics/institution/${institutionId}?timeframe=365`),
  );
  await page
    .locator('.ant-statistic')
    .filter({ hasText: 'Test Requests' })
    .filter({ hasText: new RegExp(`${year.summary.test_requests}$`) })
    .waitFor();

  // A patient with a test request, so the timeline has rows.
  const { requests } = testRequestListResponseSchema.parse(await call('GET', '/tests/requests?limit=1'));
  const patient = { id: requests[0]?.patient_id };
  assert.ok(patient.id !== undefined, 'the demo institution has test requests');
  await page.goto(`/patients/${patient.id}`);
  await page.getByRole('button', { name: 'View Analytics' }).click();
  await page.waitForURL(`**/analytics?patient_id=${patient.id}`);
  const figures = patientAnalyticsSchema.parse(await call('GET', `/analytics/patient/${patient.id}`));
  await page.getByRole('region', { name: `Analytics of ${figures.patient_name}` }).waitFor();
  assert.equal(await statValue(page, 'Total Tests'), String(figures.summary.total_tests));
  assert.equal(await statValue(page, 'Completed Tests'), String(figures.summary.completed_tests));
  assert.equal(await chartTableRows(page, 'Test Frequency').count(), figures.test_frequency.length);
  // The timeline: one row per request, or its empty text.
  const timeline = page.locator('.ant-card').filter({ hasText: 'Timeline' }).locator('tbody tr.ant-table-row');
  assert.ok(figures.timeline.length > 0, 'the patient has a test request');
  assert.equal(await timeline.count(), figures.timeline.length);
  await screenshot(page, 'analytics-patient');
  await page.context().close();
});

test("another institution's analytics answer the institution load failure", async () => {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
  const { institutions } = institutionFiguresListSchema.parse(await call('GET', '/analytics/institutions'));
  const riverside = institutions.find((institution) => institution.name === 'Riverside Clinic');
  assert.ok(riverside, 'the demo institution Riverside Clinic is listed');
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.northwindAdmin.email, `/analytics?institution_id=${riverside.id}`);
  await page.getByRole('alert').filter({ hasText: ANALYTICS_ERRORS.fetchInstitutionAnalytics }).waitFor();
  assert.equal(await page.getByText('Riverside Clinic').count(), 0);
  await page.context().close();
});

test('super_admin sees the Institutions tab after Turnaround, reads turnaround times, filters by institution and reads the audit log', async () => {
  const email = DEMO_ACCOUNTS.superAdmin.email;
  const { call } = await apiAs(system, email);
  const page = await system.newPage();
  await openSignedIn(page, email, '/analytics');
  const tabs = page.getByRole('tab');
  await tabs.first().waitFor();
  assert.deepEqual(
    (await tabs.allInnerTexts()).map((text) => text.trim()),
    ['Overview', 'Test Types', 'Turnaround', 'Institutions', 'User Activity', 'Audit Logs'],
  );
  // The Overview: the top 5 test types and the top 5 active users.
  const { test_types } = testTypeFiguresListSchema.parse(await call('GET', '/analytics/test-types?timeframe=30'));
  const cardTitle = (title: string) => page.locator('.ant-card-head-title', { hasText: title });
  await cardTitle('Top 5 Test Types').waitFor();
  await cardTitle('Top 5 Active Users').waitFor();
  if (test_types.length > 0) {
    await page.getByRole('table', { name: 'Top 5 Test Types' }).waitFor({ state: 'attached' });
    assert.equal(await chartTableRows(page, 'Top 5 Test Types').count(), Math.min(5, test_types.length));
  }
  await page.getByTestId('analytics-chart').first().locator('canvas').waitFor();
  await screenshot(page, 'analytics-super-admin-overview');

  // Turnaround: a row per institution and lab, a column per stage, and the slowest open requests.
  await page.getByRole('tab', { name: 'Turnaround' }).click();
  await page.waitForURL('**/analytics?tab=turnaround');
  const turnaround = turnaroundSchema.parse(await call('GET', '/analytics/turnaround?timeframe=30'));
  const timesCard = page.locator('.ant-card').filter({ hasText: 'Turnaround Times' });
  for (const stage of TURNAROUND_STAGES) await timesCard.getByRole('columnheader', { name: stage.label }).waitFor();
  const groupRows = timesCard.locator('tbody tr.ant-table-row');
  if (turnaround.groups.length > 0) await groupRows.first().waitFor();
  assert.equal(await groupRows.count(), turnaround.groups.length);
  const slowest = page.locator('.ant-card').filter({ hasText: 'Slowest Open Requests' });
  const oldest = turnaround.slowest_open[0];
  if (oldest !== undefined) {
    const link = slowest.getByRole('link', { name: oldest.display_id });
    assert.equal(await link.getAttribute('href'), `/tests/${oldest.id}`);
  }
  assert.equal(await slowest.locator('tbody tr.ant-table-row').count(), turnaround.slowest_open.length);
  await screenshot(page, 'analytics-super-admin-turnaround');

  await page.getByRole('tab', { name: 'Institutions' }).click();
  await page.waitForURL('**/analytics?tab=institutions');
  const { institutions } = institutionFiguresListSchema.parse(await call('GET', '/analytics/institutions'));
  const riverside = institutions.find((institution) => institution.name === 'Riverside Clinic');
  assert.ok(riverside, 'the demo institution Riverside Clinic is listed');
  await page.getByRole('link', { name: riverside.name }).waitFor();
  await screenshot(page, 'analytics-super-admin-institutions');

  // With an institution filter, no Institutions tab.
  await pickOption(page, 'Institution', riverside.name);
  await page.waitForURL(`**/analytics?tab=institutions&institution=${riverside.id}`);
  await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
  assert.deepEqual(
    (await tabs.allInnerTexts()).map((text) => text.trim()),
    ['Overview', 'Test Types', 'Turnaround', 'User Activity', 'Audit Logs'],
  );

  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  await page.waitForURL(`**/analytics?tab=audit-logs&institution=${riverside.id}`);
  const log = page.locator('.ant-card').filter({ hasText: 'Audit Log' }).locator('tbody tr.ant-table-row');
  await log.first().waitFor();
  assert.ok((await log.count()) > 0, "Riverside's records have an audit trail");
  await screenshot(page, 'analytics-super-admin-audit-logs');
  await page.context().close();
});

test("a clinician is told they don't have permission to view analytics", async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.clinician.email, '/analytics');
  await page.getByText(ERRORS.noPermissionViewAnalytics).waitFor();
  assert.equal(ERRORS.noPermissionViewAnalytics, "You don't have permission to view analytics.");
  await page.context().close();
});
