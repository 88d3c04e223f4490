/// <reference types="node" />
/**
 * Issue 22: every label size at 203 and 300 dpi, with the longest values the validation allows, printed by the
 * real PDF code, rasterized as the printer would (pdftoppm at the printer's resolution), its barcode read by a real
 * decoder (ZXing) and its text by pdftotext. Each label either scans back to its barcode number with the whole
 * surname on it, or is refused before printing with the sentence the print dialog shows.
 */
import assert from 'node:assert/strict';
import {
  CATALOGUE_FIELD_LIMITS,
  FIELD_LIMITS,
  LABEL_PROBLEMS,
  MAX_ENTITY_ID,
  TEST_REQUEST_FIELD_LIMITS,
} from '@labline/contracts';
import { afterAll, describe, test } from 'vitest';
import { code128Bars } from './barcode';
import { labelsFor, type LabelledRequest } from './labelContent';
import {
  LABEL_SIZES,
  LABEL_SIZE_IDS,
  PRINTER_DPIS,
  barPlacement,
  barRoomMm,
  labelName,
  narrowestBarsWidthMm,
  type LabelSizeId,
  type PrinterDpi,
} from './labelLayout';
import { labelPdf, labelSizeProblems } from './labelPdf';
import { decodeCode128, pdfText, rasterizePdf } from './testing';

/** `pattern` repeated and cut to `length` characters. */
const filled = (pattern: string, length: number) => pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);

const LONGEST_NAME = FIELD_LIMITS.personName;
/** The patient: a long hyphenated first name, as long as a name may be. */
const LONGEST_FIRST_NAME = filled('Maximiliana-Alexandrina-Konstantina-', LONGEST_NAME);

/** Names: the issue's, the longest of both parts, and the widest surname (one word of Helvetica's widest capital). */
const NAMES = [
  { case: 'issue name', first: 'Maximiliana-Alexandrina-Konstantina', last: 'Okafor' },
  {
    case: 'longest names',
    first: LONGEST_FIRST_NAME,
    last: filled('Wolfeschlegelsteinhausen-Bergerdorff ', LONGEST_NAME),
  },
  { case: 'widest surname', first: LONGEST_FIRST_NAME, last: 'W'.repeat(LONGEST_NAME) },
] as const;

const LONGEST_MRN = filled('MRN-0123456789-', FIELD_LIMITS.medicalRecordNumber);
const LONGEST_BARCODE = filled('LAB-2026-ABCDEFGHIJ-', TEST_REQUEST_FIELD_LIMITS.barcode);

/**
 * The longest barcode number made of `pattern` whose bars a size takes at a resolution (counted down from the
 * longest allowed: with digits an odd count can be wider than the next even one), and the dialog's check agrees.
 */
async function longestFitting(pattern: string, sizeId: LabelSizeId, dpi: PrinterDpi): Promise<string> {
  let length = TEST_REQUEST_FIELD_LIMITS.barcode;
  while (barPlacement(LABEL_SIZES[sizeId], dpi, code128Bars(filled(pattern, length)).modules) === null) length -= 1;
  const barcode = filled(pattern, length);
  const problems = await labelSizeProblems(labelsFor(request(NAMES[0], barcode), null, 1), dpi);
  assert.equal(problems[sizeId], null);
  return barcode;
}

function request(name: { first: string; last: string }, barcode: string): LabelledRequest {
  return {
    id: MAX_ENTITY_ID,
    barcode_number: barcode,
    patient_first_name: name.first,
    patient_last_name: name.last,
    medical_record_number: LONGEST_MRN,
    sample_type: filled('Whole blood sample ', CATALOGUE_FIELD_LIMITS.name),
    priority: 'stat',
    device_selections: [],
    collection_devices: [
      { id: 1, name: filled('Lavender top EDTA tube ', CATALOGUE_FIELD_LIMITS.name), max_capacity: 5000 },
    ],
  };
}

const counts = { rendered: 0, decoded: 0, refused: 0 };
const capacity: string[] = [];

afterAll(() => {
  console.log(`labels: rendered ${counts.rendered} / decoded ${counts.decoded} / refused ${counts.refused}`);
  console.log(capacity.join('\n'));
});

/** Letters only is the worst case of Code 128 (one symbol per character); digits pack two per symbol. */
const LETTERS = 'LABXYZQWERTYUIOP';
const DIGITS = '2026112801234567';

describe.each(LABEL_SIZE_IDS)('%s mm labels', (sizeId) => {
  const size = LABEL_SIZES[sizeId];

  test.each(PRINTER_DPIS)(
    'at %i dpi: the longest values print and scan, or the size is refused with the dialog sentence',
    async (dpi) => {
      const fittingLetters = await longestFitting(LETTERS, sizeId, dpi);
      const fittingDigits = await longestFitting(DIGITS, sizeId, dpi);
      capacity.push(`${size.name} at ${dpi} dpi: ${fittingLetters.length} letters or ${fittingDigits.length} digits`);
      const barcodes = [LONGEST_BARCODE, 'LAB-2026-1128-ABCDEF-99', 'LBL-DEMO-0001', fittingLetters, fittingDigits];
      for (const name of NAMES) {
        for (const barcode of barcodes) {
          const what = `${name.case}, barcode ${barcode.length} characters, ${size.name} at ${dpi} dpi`;
          const labels = labelsFor(request(name, barcode), '1931-02-28', 1);
          const problem = (await labelSizeProblems(labels, dpi))[sizeId];
          const barsMm = narrowestBarsWidthMm(dpi, code128Bars(barcode).modules);
          if (barsMm > barRoomMm(size, dpi)) {
            // Too long a barcode is refused, and the dialog's sentence is what refuses the PDF.
            assert.equal(problem, LABEL_PROBLEMS.barcodeTooLong(size.name, dpi, barsMm, barRoomMm(size, dpi)), what);
            await assert.rejects(labelPdf(labels, sizeId, dpi), { name: 'RangeError', message: problem }, what);
            counts.refused += 1;
            continue;
          }
          if (name.case !== 'issue name' && sizeId === '38x19') {
            // A surname of a hundred capitals needs four or five lines at the smallest name size; this label has
            // room for two (50 × 25 mm has four).
            assert.equal(problem, LABEL_PROBLEMS.surnameTooLong(size.name), what);
            await assert.rejects(labelPdf(labels, sizeId, dpi), { name: 'RangeError', message: problem }, what);
            counts.refused += 1;
            continue;
          }
          assert.equal(problem, null, what);
          const pdf = new Uint8Array((await labelPdf(labels, sizeId, dpi)).output('arraybuffer'));
          counts.rendered += 1;
          const [page, ...others] = await rasterizePdf(pdf, dpi);
          assert.equal(others.length, 0);
          assert.equal(decodeCode128(page!), barcode, what);
          counts.decoded += 1;
          const text = (await pdfText(pdf)).replace(/\s+/g, '');
          const surname = labelName(name.last, null).text.replace(/\s+/g, '');
          assert.ok(text.includes(surname), `${what}: the whole surname ${surname} in ${text}`);
          for (const shown of ['REQ-2147483647', 'DOB28Feb1931', 'STAT'])
            assert.ok(text.includes(shown), `${what}: ${shown}`);
          if (sizeId === '50x25' && name.case === 'issue name') {
            // The longest MRN takes a line of its own and is whole there (38 mm is too narrow for 50 characters).
            assert.ok(text.includes(`MRN${LONGEST_MRN}`), `${what}: the whole MRN`);
          }
        }
      }
    },
    60_000,
  );
});
