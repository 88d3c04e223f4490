/**
 * The results pages in the browser (spec 2 §2.7–2.9, §4, §8, §9; issue 26 item 6): Northwind's lab user opens a
 * test request, follows Create Result, fills the marker template and saves a draft, whose value above its range
 * shows flagged H on the detail; Northwind's admin finds it on the list, reviews it and releases it with the Review
 * menu; the clinician downloads its report (the file named by contracts, a PDF whose text has the flagged row);
 * the admin amends it with a reason, which its History tab shows, and the clinician's report is then the
 * corrected one. Then the external lab panel (issue 27): a clinician creates the result for the laboratory and
 * submits the order, the laboratory sandbox moves it to Results Available with the timeline in spec 1 §4's order, a
 * lab user releases the draft it filled and the test request is completed. Each request is the test's own, ordered
 * through the API, so the tests run again on the same system. One browser context per role, moved in-app; axe checks every page (support.ts).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test } from 'vitest';
import {
  EXTERNAL_LAB_STATUS_LABELS,
  EXTERNAL_LAB_TEXTS,
  EXTERNAL_LAB_TIMELINE_LABELS,
  EXTERNAL_LAB_TIMELINE_STEPS,
  RESULT_REPORT_TEXTS,
  RESULT_TEXTS,
  formatRequestId,
  resultDetailSchema,
  resultReportFileName,
  testRequestResponseSchema,
  type ResultDetail,
} from '@labline/contracts';
import type { Download, Page } from 'playwright-core';
import { navigateInApp } from './navigation';
import { createReachablePatient, orderAsNorthwindAdmin } from './orders';
import {
  apiAs,
  DEMO_ACCOUNTS,
  eventually,
  messageShown,
  openSignedIn,
  pickOption,
  screenshot,
  useSystem,
} from './support';

const system = useSystem();
const run = promisify(execFile);

/** The saved report: its file name, its first bytes, and its text (pdftotext). */
async function readReport(download: Download): Promise<{ name: string; text: string }> {
  const file = await download.path();
  const { stdout: head } = await run('head', ['-c', '5', file]);
  assert.equal(head, '%PDF-');
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return { name: download.suggestedFilename(), text: stdout };
}

/** Picks a move of the Review menu and confirms it. */
async function review(page: Page, scope: ReturnType<Page['locator']> | Page, move: string): Promise<void> {
  await scope.getByRole('button', { name: /^Review/ }).click();
  await page.getByRole('menuitem', { name: move }).click();
  await page.getByRole('dialog').getByRole('button', { name: move }).click();
}

test('a lab user enters a result from the template, a reviewer releases it, the clinician downloads its report, and an amendment shows in its history', async () => {
  const patient = await createReachablePatient(system);
  const request = await orderAsNorthwindAdmin(system, 'HbA1c', patient);
  const requestId = formatRequestId(request.id);

  // The lab user: Create Result from the test request, the template for its marker, a value above the range.
  const lab = await system.newPage();
  await openSignedIn(lab, DEMO_ACCOUNTS.labUser.email, `/tests/${request.id}`);
  await lab.getByRole('button', { name: /Create Result$/ }).click();
  await lab.waitForURL(`**/results/new?test_request_id=${request.id}`);
  await lab.getByRole('heading', { name: RESULT_TEXTS.enterTitle }).waitFor();
  // The request is chosen (REQ-id, patient and test), and the side panel shows it and its marker with the range.
  await lab.locator('.ant-form-item').filter({ hasText: 'Test Request' }).getByText(requestId).first().waitFor();
  await lab.getByTestId('test-information').getByText('Noah Reachable').waitFor();
  await lab.getByTestId('form-markers').getByText('Range: 4-5.6 %').waitFor();
  const save = lab.getByRole('button', { name: 'Save Result' });
  assert.equal(await save.isDisabled(), true, 'Submit is disabled without result data');
  await lab.getByRole('button', { name: RESULT_TEXTS.addMarkerTemplate }).click();
  const data = lab.getByLabel('Result Data', { exact: true });
  const template = await data.inputValue();
  assert.match(template, /^HbA1c:\nValue: \nUnits: %\nRange: 4-5\.6\nStatus: \[normal\/high\/low\/critical\]/);
  await data.fill(template.replace('Value: ', 'Value: 9.1').replace('[normal/high/low/critical]', 'high'));
  // Structured values must be JSON: a clear error on the field, then a valid object.
  const values = lab.getByLabel('Structured Values', { exact: true });
  await values.fill('{hba1c: 9.1');
  await lab.getByText('Structured Values must be valid JSON').first().waitFor();
  await values.fill('{"hba1c": 9.1}');
  await lab.getByLabel('Clinical Interpretation', { exact: true }).fill('Poorly controlled diabetes.');
  await screenshot(lab, 'results-form');
  await save.click();
  await Promise.race([
    lab.waitForURL(/\/results\/\d+$/),
    lab
      .getByTestId('save-error')
      .waitFor()
      .then(async () => assert.fail(`the save failed: ${await lab.getByTestId('save-error').innerText()}`)),
  ]);
  const resultId = Number(/\/results\/(\d+)$/.exec(lab.url())![1]);
  const rows = lab.getByTestId('result-rows');
  await rows.locator('[data-flag="H"]').filter({ hasText: '9.1' }).waitFor();
  await rows.getByText('H High').waitFor();
  await screenshot(lab, 'results-detail-draft');

  const clinic = await apiAs(system, DEMO_ACCOUNTS.northwindAdmin.email);
  const entered = resultDetailSchema.parse(await clinic.call('GET', `/results/${resultId}`));
  assert.equal(entered.status, 'draft');
  assert.equal(entered.test_request_id, request.id);
  assert.equal(entered.result_values, '{"hba1c": 9.1}');

  // The reviewer: the list, searched on Enter, the Review menu to reviewed and then to final.
  const admin = await system.newPage();
  await openSignedIn(admin, DEMO_ACCOUNTS.northwindAdmin.email, '/results');
  await admin.getByTestId('status-card-total').getByText(/^\d+$/).waitFor();
  const search = admin.getByLabel('Search test results', { exact: true });
  await search.fill(entered.display_id);
  await search.press('Enter');
  await admin.getByTestId('filter-chips').getByText(`Search: ${entered.display_id}`).waitFor();
  await admin.getByRole('main').locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const row = admin.locator('.ant-table-row').filter({ has: admin.getByRole('link', { name: entered.display_id }) });
  await row.waitFor();
  assert.equal(await admin.locator('.ant-table-row').count(), 1);
  await row.getByText(RESULT_TEXTS.notReviewed).waitFor();
  await row.getByText(`MRN: `).waitFor();
  await review(admin, row, 'Mark as Reviewed');
  await messageShown(admin, `${entered.display_id} is now reviewed`);
  await row.locator('.ant-tag', { hasText: 'Reviewed' }).waitFor();
  await screenshot(admin, 'results-list');
  await review(admin, row, 'Release as Final');
  await messageShown(admin, `${entered.display_id} is now final`);
  await row.locator('.ant-tag', { hasText: 'Final' }).waitFor();
  assert.equal(await row.getByRole('button', { name: /^Review/ }).count(), 0, 'a final result has no Review menu');

  // The clinician: Generate PDF on the detail, the file named by contracts, its row flagged.
  const fileName = resultReportFileName(resultId, entered.patient_first_name ?? '', entered.patient_last_name ?? '');
  const clinician = await system.newPage();
  await openSignedIn(clinician, DEMO_ACCOUNTS.clinician.email, `/results/${resultId}`);
  await clinician.getByTestId('staff-information').locator('.ant-tag', { hasText: 'Final' }).waitFor();
  const [released] = await Promise.all([
    clinician.waitForEvent('download'),
    clinician.getByRole('button', { name: RESULT_TEXTS.generatePdf }).click(),
  ]);
  const report = await readReport(released);
  assert.equal(report.name, fileName);
  assert.match(report.text, /HbA1c\s+9\.1\s+%\s+4-5\.6\s+H High/);
  assert.match(report.text, new RegExp(RESULT_REPORT_TEXTS.title));

  // The reviewer amends the released result with its reason; the History tab lists every version and the reason.
  await navigateInApp(admin, `/results/${resultId}/edit`);
  await admin.getByRole('heading', { name: RESULT_TEXTS.editTitle }).waitFor();
  assert.equal(await admin.getByLabel('Test Request', { exact: true }).isDisabled(), true, 'locked on edit');
  await pickOption(admin, 'Status', 'Amended');
  const reason = 'Sample re-run after a calibration fault';
  const update = admin.getByRole('button', { name: 'Update Result' });
  await admin.getByLabel('Reason for Amendment', { exact: true }).waitFor();
  assert.equal(await update.isDisabled(), true, 'an amendment needs its reason');
  await admin.getByLabel('Reason for Amendment', { exact: true }).fill(reason);
  const amendedData = (await admin.getByLabel('Result Data', { exact: true }).inputValue()).replace('9.1', '5.2');
  await admin.getByLabel('Result Data', { exact: true }).fill(amendedData);
  await update.click();
  await admin.waitForURL(`**/results/${resultId}`);
  await admin.getByTestId('staff-information').getByText(reason).waitFor();
  await admin.getByRole('tab', { name: 'History' }).click();
  const history = admin.getByTestId('result-history');
  await history.getByTestId('history-note').filter({ hasText: reason }).waitFor();
  assert.ok((await history.getByTestId('history-entry').count()) >= 4, 'entered, reviewed, final, amended');
  await screenshot(admin, 'results-history');

  // The clinician's report is now the corrected one, with its reason.
  await clinician.reload();
  await clinician.getByTestId('staff-information').getByText(reason).waitFor();
  const [corrected] = await Promise.all([
    clinician.waitForEvent('download'),
    clinician.getByRole('button', { name: RESULT_TEXTS.generatePdf }).click(),
  ]);
  const correctedReport = await readReport(corrected);
  assert.equal(correctedReport.name, fileName);
  assert.match(correctedReport.text, new RegExp(RESULT_REPORT_TEXTS.correctedTitle));
  assert.match(correctedReport.text, new RegExp(reason));
  assert.match(correctedReport.text, /HbA1c\s+5\.2\s+%\s+4-5\.6\s+Normal/);
  const amended: ResultDetail = resultDetailSchema.parse(await clinic.call('GET', `/results/${resultId}`));
  assert.equal(amended.status, 'amended');
});

test("the external lab panel: a clinician submits the order, the laboratory's values arrive in a draft (Results Available), a lab user releases it and the request is completed", async () => {
  const patient = await createReachablePatient(system);
  const request = await orderAsNorthwindAdmin(system, 'HbA1c', patient);

  const clinician = await system.newPage();
  await openSignedIn(clinician, DEMO_ACCOUNTS.clinician.email, `/tests/${request.id}`);
  const panel = clinician.getByTestId('external-lab-panel');
  await panel.getByRole('button', { name: EXTERNAL_LAB_TEXTS.createResult }).click();
  const status = panel.getByTestId('external-lab-status');
  await status.getByText(EXTERNAL_LAB_STATUS_LABELS.pending).waitFor();
  await panel.getByRole('button', { name: EXTERNAL_LAB_TEXTS.submitOrder }).click();
  // The sandbox moves the order along (small times in the test systems); the service's poll brings the results.
  await status
    .getByText(EXTERNAL_LAB_STATUS_LABELS.complete)
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      await screenshot(clinician, 'external-lab-panel-waiting');
      throw new Error(`the panel never said Results Available: ${await panel.innerText()}`, { cause: error });
    });
  const timeline = panel.getByRole('list', { name: 'External lab timeline' });
  for (const label of EXTERNAL_LAB_TIMELINE_STEPS.map((step) => EXTERNAL_LAB_TIMELINE_LABELS[step])) {
    await timeline.getByText(label).waitFor();
  }
  assert.equal(await timeline.locator('li[data-done="true"]').count(), EXTERNAL_LAB_TIMELINE_STEPS.length);
  assert.equal(await panel.getByRole('button', { name: EXTERNAL_LAB_TEXTS.submitOrder }).count(), 0);
  assert.equal(await panel.getByRole('button', { name: EXTERNAL_LAB_TEXTS.fetchResults }).count(), 0);
  await screenshot(clinician, 'external-lab-panel');

  // The draft holds the laboratory's HbA1c in %; the lab user releases it; clinical completes the request.
  const lab = await apiAs(system, DEMO_ACCOUNTS.labUser.email);
  const { test_results } = testRequestResponseSchema.parse(
    await lab.call('GET', `/tests/requests/${request.id}`),
  ).request;
  const resultId = test_results[0]!.id;
  const draft = resultDetailSchema.parse(await lab.call('GET', `/results/${resultId}`));
  assert.equal(draft.status, 'draft');
  assert.equal(draft.has_external_results, true);
  assert.deepEqual(
    draft.rows.map((row) => [row.biomarker, row.units, /^\d+(\.\d+)?$/.test(row.value)]),
    [['HbA1c', '%', true]],
  );
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.labUser.email, `/results/${resultId}`);
  await page.getByTestId('staff-information').getByText(EXTERNAL_LAB_STATUS_LABELS.complete).waitFor();
  await review(page, page, 'Mark as Reviewed');
  await messageShown(page, `${draft.display_id} is now reviewed`);
  await review(page, page, 'Release as Final');
  await messageShown(page, `${draft.display_id} is now final`);
  await eventually(async () => {
    const { request: completed } = testRequestResponseSchema.parse(
      await lab.call('GET', `/tests/requests/${request.id}`),
    );
    assert.equal(completed.status, 'completed');
  }, 10_000);
});

test('an unknown result shows Result Not Found', async () => {
  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.labUser.email, '/results/2000000000');
  await page.getByText(RESULT_TEXTS.notFound).waitFor();
});
