/// <reference types="node" />
/**
 * The labels' PDF, built in Node by the same function the browser calls: one page per copy, each page the
 * label's size, the texts on it in order, bars of whole printer dots, and a refusal instead of a page when the
 * content does not fit. (labelScan.test.ts prints every size at both resolutions and scans them.)
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { labelsFor, type LabelledRequest } from './labelContent';
import { LABEL_SIZES, QUIET_ZONE_MODULES, dotMm, type LabelSizeId, type PrinterDpi } from './labelLayout';
import { labelPdf, labelSizeProblems } from './labelPdf';
import { POINT_IN_MM, pageBars, pageTexts, pdfPages } from './testing';

const REQUEST: LabelledRequest = {
  id: 123,
  barcode_number: 'LBL-DEMO-0001',
  patient_first_name: 'Maria',
  patient_last_name: 'Okafor',
  medical_record_number: 'MRN-778812',
  sample_type: 'Blood',
  priority: 'normal',
  device_selections: [],
  collection_devices: [
    { id: 1, name: 'Venous blood tube set', max_capacity: 5000 },
    { id: 2, name: 'Capillary blood collection kit', max_capacity: 500 },
  ],
};

async function pdfOf(request: LabelledRequest, sizeId: LabelSizeId, copies: number, dpi: PrinterDpi = 300) {
  const document = await labelPdf(labelsFor(request, '1980-04-12', copies), sizeId, dpi, { compress: false });
  return pdfPages(document.output());
}

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

  test('each page shows the name, DOB, MRN, barcode number, REQ id, priority, sample type and its own device', async () => {
    const pages = await pdfOf({ ...REQUEST, priority: 'urgent' }, '50x25', 3, 203);
    const devices = ['Venous blood tube set', 'Capillary blood collection kit', 'Venous blood tube set'];
    pages.forEach((page, index) => {
      assert.deepEqual(pageTexts(page), [
        'OKAFOR, Maria',
        'DOB 12 Apr 1980',
        'MRN MRN-778812',
        'LBL-DEMO-0001',
        'REQ-000123',
        'URGENT',
        'Blood',
        devices[index],
      ]);
    });
  });

  test.each([
    ['50x25', 203],
    ['50x25', 300],
    ['38x19', 300],
  ] as const)(
    '%s mm at %i dpi: every bar and space is whole printer dots, quiet zones inside the margins',
    async (sizeId, dpi) => {
      const size = LABEL_SIZES[sizeId];
      const [page] = await pdfOf(REQUEST, sizeId, 1, dpi);
      const bars = pageBars(page!).filter((bar) => bar.width < 2); // the bars, not the priority mark
      assert.ok(bars.length > 10);
      // jsPDF writes points with two decimals: 0.005 pt is 0.002 mm, a fiftieth of a 300 dpi dot.
      const inDots = (mm: number) => mm / dotMm(dpi);
      const offWholeDot = (mm: number) => Math.abs(inDots(mm) - Math.round(inDots(mm)));
      for (const bar of bars) {
        assert.ok(offWholeDot(bar.left) < 0.05 && offWholeDot(bar.width) < 0.05, `${bar.left} ${bar.width} mm`);
      }
      const narrowest = Math.min(...bars.map((bar) => bar.width));
      assert.ok(Math.round(inDots(narrowest)) >= 2);
      const first = Math.min(...bars.map((bar) => bar.left));
      const last = Math.max(...bars.map((bar) => bar.left + bar.width));
      assert.ok(first - QUIET_ZONE_MODULES * narrowest >= size.marginMm - 0.01);
      assert.ok(last + QUIET_ZONE_MODULES * narrowest <= size.widthMm - size.marginMm + 0.01);
    },
  );

  test('a size the barcode does not fit is refused, by the PDF and by the dialog check alike', async () => {
    const labels = labelsFor(REQUEST, null, 1);
    const problems = await labelSizeProblems(labels, 203);
    assert.equal(problems['50x25'], null);
    assert.equal(
      problems['38x19'],
      'The barcode number is too long for 38 × 19 mm labels at 203 dpi: its bars need 46.8 mm with their quiet zones and the label has 35.9 mm between its margins, so it would not scan',
    );
    await assert.rejects(labelPdf(labels, '38x19', 203), { name: 'RangeError', message: problems['38x19'] });
    assert.deepEqual(await labelSizeProblems(labels, 300), { '50x25': null, '38x19': null });
  });

  test('a long name keeps the whole surname and cuts the given name; names outside Latin-1 still print', async () => {
    const request = {
      ...REQUEST,
      patient_first_name: 'Łucja Wolfeschlegelsteinhausenbergerdorff Maximiliana-Alexandrina',
      patient_last_name: 'Ōtsuka-Ngozi-Wolfeschlegelsteinhausen',
    };
    const [page] = await pdfOf(request, '38x19', 1);
    const texts = pageTexts(page!);
    const nameLines = texts.slice(0, texts.indexOf('DOB 12 Apr 1980'));
    // The lines break after the surname's hyphens; the comma shows where the surname ends, '...' the cut.
    assert.ok(nameLines.join('').startsWith('OTSUKA-NGOZI-WOLFESCHLEGELSTEINHAUSEN,'), nameLines.join(' | '));
    assert.ok(nameLines.at(-1)!.endsWith('...'));
  });

  test('the default compressed PDF is a PDF', async () => {
    const document = await labelPdf(labelsFor(REQUEST, null, 2), '50x25', 203);
    const bytes = new Uint8Array(document.output('arraybuffer'));
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), '%PDF-');
  });
});
