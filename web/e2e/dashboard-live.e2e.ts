/**
 * The dashboard, live (issue 23): a test request created through the API appears on an open dashboard, its
 * Test Requests card and Recent Activity, without a reload (the page follows GET /api/analytics/stream).
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import {
  dashboardSchema,
  labAssignmentListResponseSchema,
  patientListResponseSchema,
  testFormFieldsResponseSchema,
  testRequestResponseSchema,
} from '@labline/contracts';
import { apiAs, DEMO_ACCOUNTS, openSignedIn, screenshot, uniqueName, useSystem } from './support';

const system = useSystem();

/** Northwind's administrator orders a Glucose test for one of Northwind's patients through the API. */
async function orderThroughApi(): Promise<number> {
  const { user, call } = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const institutionId = user.institution_id!;
  const fields = testFormFieldsResponseSchema.parse(
    await call('GET', `/cms/test-form-fields?institution_id=${institutionId}`),
  );
  const { labs } = labAssignmentListResponseSchema.parse(
    await call('GET', `/institutions/${institutionId}/labs?sample_type=Blood`),
  );
  const { patients } = patientListResponseSchema.parse(await call('GET', '/patients?limit=1'));
  const patient = patients[0]!;
  const body = {
    patient_id: patient.id,
    sample_type: 'Blood',
    lab_id: labs[0]!.lab_id,
    marker_ids: JSON.stringify([fields.markers.find((item) => item.name === 'Glucose')!.id]),
    collection_device_ids: JSON.stringify([
      fields.collection_devices.find((item) => item.name === 'Venous blood tube set')!.id,
    ]),
    barcode_number: uniqueName('E2E-LIVE'),
    institution_id: institutionId,
    ...(patient.clinician_id === null ? {} : { clinician_id: patient.clinician_id }),
    priority: 'normal',
  };
  return testRequestResponseSchema.parse(await call('POST', '/tests/requests', body)).request.id;
}

test('a test request created through the API appears on an open dashboard without a reload', async () => {
  const page = await system.newPage();
  const email = DEMO_ACCOUNTS.northwindAdmin.email;
  const streamOpened = page.waitForResponse((response) => response.url().includes('/api/analytics/stream'));
  await openSignedIn(page, email, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
  assert.equal((await streamOpened).status(), 200);

  // The figures on screen are the API's (nothing of the seed still on its way).
  const { call } = await apiAs(system, email);
  const query = 'timeframe=30&activity_filter=all&include_user_activity=true';
  const before = dashboardSchema.parse(await call('GET', `/analytics/dashboard?${query}`)).test_requests.total;
  const requests = page.getByTestId('dashboard-card-test_requests').locator('.ant-statistic-content-value');
  await requests.filter({ hasText: new RegExp(`^${before}$`) }).waitFor();
  // From here on, no load of any page: a reload would count.
  let loads = 0;
  page.on('load', () => (loads += 1));

  await orderThroughApi();
  await requests.filter({ hasText: new RegExp(`^${before + 1}$`) }).waitFor();
  await page.getByTestId('activity-item').first().getByText('Test request created').waitFor();
  assert.equal(loads, 0, 'the page was loaded again');
  await screenshot(page, 'dashboard-live');
  await page.context().close();
});
