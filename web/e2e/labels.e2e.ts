/**
 * Specimen labels (issue 12 point 4, issue 22): Print Labels on a seeded test request's detail page. At the
 * default 203 dpi the seeded barcode does not fit a 38 × 19 mm label readably: that size is disabled with the
 * reason shown; at 300 dpi it fits. Two copies, and the PDF the browser downloads: two pages of that size carrying
 * the request's texts.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { patientDetailResponseSchema, testRequestListResponseSchema } from '@labline/contracts';
import { test } from 'vitest';
import { labelsFor } from '../src/features/tests/labels/labelContent';
import { labelName } from '../src/features/tests/labels/labelLayout';
import { labelSizeProblems } from '../src/features/tests/labels/labelPdf';
import { seriousViolationsIn } from './accessibility';
import { apiAs, DEMO_ACCOUNTS, formFieldErrors, messageShown, screenshot, openSignedIn, useSystem } from './support';

const system = useSystem();

/** The demo seed's first test request (services/clinical/src/seed-test-requests.ts). */
const SEEDED_BARCODE = 'LBL-DEMO-0001';
const POINT_IN_MM = 25.4 / 72;

/** The strings the PDF's pages show (`(…) Tj`), page by page, from jsPDF's deflated content streams. */
function pdfPageTexts(pdf: Buffer): string[][] {
  const raw = pdf.toString('latin1');
  const pages: string[][] = [];
  for (const match of raw.matchAll(/\/Filter \/FlateDecode[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    if (!content.includes(' Tj')) continue;
    pages.push([...content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((text) => text[1]!.replace(/\\(.)/g, '$1')));
  }
  return pages;
}

test('a lab user prints two 38 × 19 mm labels of a seeded request as a PDF', async () => {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.labUser.email);
  const { requests } = testRequestListResponseSchema.parse(
    await call('GET', `/tests/requests?search=${SEEDED_BARCODE}&page=1&limit=20`),
  );
  const request = requests.find((item) => item.barcode_number === SEEDED_BARCODE);
  assert.ok(request, `the demo seed has a request with barcode ${SEEDED_BARCODE}`);
  const { patient } = patientDetailResponseSchema.parse(await call('GET', `/patients/${request.patient_id}`));

  const page = await system.newPage();
  await openSignedIn(page, DEMO_ACCOUNTS.labUser.email, `/tests/${request.id}`);
  await page.getByRole('heading', { name: request.display_id }).waitFor();
  await page.getByRole('button', { name: 'Print Labels' }).click();

  const dialog = page.getByRole('dialog', { name: 'Print Labels' });
  await dialog.getByLabel('Copies').waitFor();
  // The seeded request has one collection device: one label by default.
  assert.equal(await dialog.getByLabel('Copies').inputValue(), '1');
  assert.deepEqual(await seriousViolationsIn(page, '.ant-modal'), []);

  const expected = labelsFor(
    { ...request, collection_devices: [], device_selections: request.device_selections },
    patient.date_of_birth,
    2,
  );
  // 203 dpi by default: the seeded barcode's bars need two-dot modules wider than a 38 × 19 mm label.
  assert.equal(await dialog.getByRole('radio', { name: '203 dpi' }).isChecked(), true);
  const refusal = (await labelSizeProblems(expected, 203))['38x19'];
  assert.ok(refusal !== null, 'the seeded barcode does not fit 38 × 19 mm at 203 dpi');
  await dialog.getByRole('alert').filter({ hasText: refusal }).waitFor();
  assert.equal(await dialog.getByRole('radio', { name: '38 × 19 mm' }).isDisabled(), true);
  await screenshot(page, 'labels-dialog-refused');
  await dialog.getByText('300 dpi', { exact: true }).click();
  await dialog.getByRole('alert').filter({ hasText: refusal }).waitFor({ state: 'detached' });
  assert.equal(await dialog.getByRole('radio', { name: '38 × 19 mm' }).isDisabled(), false);

  await dialog.getByLabel('Copies').fill('51');
  await dialog.getByRole('button', { name: 'Generate PDF' }).click();
  await formFieldErrors(page, 'Copies', dialog).getByText('Copies must be a whole number from 1 to 50').waitFor();
  // antd's radio buttons hide the input under their label: the label is what a user clicks.
  await dialog.getByText('38 × 19 mm', { exact: true }).click();
  assert.equal(await dialog.getByRole('radio', { name: '38 × 19 mm' }).isChecked(), true);
  await dialog.getByLabel('Copies').fill('2');
  await screenshot(page, 'labels-dialog');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Generate PDF' }).click(),
  ]);
  const fileName = `labels-${request.display_id}.pdf`;
  assert.equal(download.suggestedFilename(), fileName);
  await messageShown(page, `2 labels saved as ${fileName}`);
  await dialog.waitFor({ state: 'hidden' });

  const pdf = await readFile(await download.path());
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  const mediaBoxes = [...pdf.toString('latin1').matchAll(/\/Type \/Page\s[^>]*?\/MediaBox \[([^\]]+)\]/g)].map(
    (match) => match[1]!.trim().split(/\s+/).map(Number),
  );
  assert.equal(mediaBoxes.length, 2);
  for (const [, , width, height] of mediaBoxes) {
    assert.ok(Math.abs(width! * POINT_IN_MM - 38) < 0.01 && Math.abs(height! * POINT_IN_MM - 19) < 0.01);
  }
  const pages = pdfPageTexts(pdf);
  assert.equal(pages.length, 2);
  pages.forEach((texts, index) => {
    const label = expected[index]!;
    const name = labelName(label.surname, label.givenName).text;
    for (const text of [label.barcodeNumber, label.requestId, name, label.dateOfBirth]) {
      assert.ok(texts.includes(text), `${text} on page ${index + 1}: ${texts.join(' | ')}`);
    }
    assert.ok(texts.includes(label.medicalRecordNumber), `${label.medicalRecordNumber} on page ${index + 1}`);
  });
  await page.context().close();
});
