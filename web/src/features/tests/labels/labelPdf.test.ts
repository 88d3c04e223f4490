/// <reference types="node" />
/**
 * The labels' PDF, built in Node by the same function the browser calls: one page per copy, each page the
 * label's size, the human-readable texts on it, and bars that scan back to the barcode number.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { labelsFor, type LabelledRequest } from './labelContent';
import { LABEL_SIZES, type LabelSizeId } from './labelLayout';
import { labelPdf } from './labelPdf';
import { POINT_IN_MM, decodeCode128, pageBars, pageTexts, pdfPages, rasterizeBars } from './testing';

const REQUEST: LabelledRequest = {
  id: 123,
  barcode_number: 'LBL-DEMO-0001',
  patient_first_name: 'Maria',
  patient_last_name: 'Okafor',
  medical_record_number: 'MRN-778812',
  sample_type: 'Blood',
  device_selections: [],
  collection_devices: [
    { id: 1, name: 'Venous blood tube set', max_capacity: 5000 },
    { id: 2, name: 'Capillary blood collection kit', max_capacity: 500 },
  ],
};

async function pdfOf(request: LabelledRequest, sizeId: LabelSizeId, copies: number) {
  const { document } = await labelPdf(labelsFor(request, '1980-04-12', copies), sizeId, { compress: false });
  return pdfPages(document.output());
}

const PIXELS_PER_MM = 300 / 25.4;

describe('the labels PDF', () => {
  test.each([
    ['50x25', 1],
    ['38x19', 2],
    ['38x19', 5],
  ] as const)('%s mm, copies %i: one page per copy, each page the label size', async (sizeId, copies) => {
    const pages = await pdfOf(REQUEST, sizeId, copies);
    assert.equal(pages.length, copies);
    for (const page of pages) {
      assert.ok(Math.abs(page.widthPt * POINT_IN_MM - LABEL_SIZES[sizeId].widthMm) < 0.01);
      assert.ok(Math.abs(page.heightPt * POINT_IN_MM - LABEL_SIZES[sizeId].heightMm) < 0.01);
    }
  });

  test('each page shows the barcode number, patient, DOB, MRN, REQ id, sample type and its own device', async () => {
    const pages = await pdfOf(REQUEST, '50x25', 3);
    const devices = ['Venous blood tube set', 'Capillary blood collection kit', 'Venous blood tube set'];
    pages.forEach((page, index) => {
      assert.deepEqual(pageTexts(page), [
        'Maria Okafor',
        'DOB 12 Apr 1980',
        'MRN MRN-778812',
        'LBL-DEMO-0001',
        'REQ-000123',
        'Blood',
        devices[index],
      ]);
    });
  });

  test.each(['50x25', '38x19'] as const)('the bars on a %s mm page scan back to the barcode number', async (sizeId) => {
    for (const barcodeNumber of ['LBL-DEMO-0001', 'E2E-1732612345678-1', 'abcXYZ09']) {
      const [page] = await pdfOf({ ...REQUEST, barcode_number: barcodeNumber }, sizeId, 1);
      const bars = pageBars(page!);
      assert.ok(bars.length > 10);
      assert.equal(decodeCode128(rasterizeBars(bars, PIXELS_PER_MM, 2)), barcodeNumber);
    }
  });

  test('the bars stay inside the label with the quiet zones, and a long number is flagged as dense', async () => {
    const size = LABEL_SIZES['38x19'];
    const [page] = await pdfOf(REQUEST, '38x19', 1);
    const bars = pageBars(page!);
    const first = Math.min(...bars.map((bar) => bar.left));
    const last = Math.max(...bars.map((bar) => bar.left + bar.width));
    const narrowest = Math.min(...bars.map((bar) => bar.width));
    assert.ok(first - 10 * narrowest >= size.marginMm - 0.001);
    assert.ok(last + 10 * narrowest <= size.widthMm - size.marginMm + 0.001);

    const short = await labelPdf(labelsFor(REQUEST, null, 1), '38x19');
    assert.equal(short.denseBarcode, false);
    const long = await labelPdf(
      labelsFor({ ...REQUEST, barcode_number: 'LAB-2026-ABCDEFGHIJKLMNOP-0001' }, null, 1),
      '38x19',
    );
    assert.equal(long.denseBarcode, true);
  });

  test('a long name is cut with ... and names outside Latin-1 still print', async () => {
    const request = {
      ...REQUEST,
      patient_first_name: 'Łucja Wolfeschlegelsteinhausenbergerdorff',
      patient_last_name: 'Ōtsuka-Ngozi',
    };
    const [page] = await pdfOf(request, '38x19', 1);
    const [name] = pageTexts(page!);
    assert.match(name!, /^Lucja Wolfe\S*\.\.\.$/);
  });

  test('the default compressed PDF is a PDF', async () => {
    const { document } = await labelPdf(labelsFor(REQUEST, null, 2), '50x25');
    const bytes = new Uint8Array(document.output('arraybuffer'));
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), '%PDF-');
  });
});
