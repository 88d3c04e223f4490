/// <reference types="node" />
/** The label rules: what a label says, how many copies and which device each names, the layout and fitting. */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  barcodeProblem,
  copiesProblem,
  defaultCopies,
  deviceSummary,
  labelDevices,
  labelFileName,
  labelsFor,
  type LabelledRequest,
} from './labelContent';
import {
  LABEL_SIZES,
  LABEL_SIZE_IDS,
  MIN_BAR_HEIGHT_MM,
  MIN_MODULE_DOTS,
  PRINTER_DPIS,
  QUIET_ZONE_MODULES,
  barPlacement,
  dotMm,
  fitName,
  fitText,
  isRefusal,
  labelName,
  planLabel,
  printableText,
  shrinkToFit,
  wrapText,
  type LabelPlan,
  type Measurer,
} from './labelLayout';

const REQUEST: LabelledRequest = {
  id: 42,
  barcode_number: 'LBL-DEMO-0042',
  patient_first_name: 'Maria',
  patient_last_name: 'Okafor',
  medical_record_number: ' 778812 ',
  sample_type: 'Urine',
  priority: 'normal',
  device_selections: [],
  collection_devices: [{ id: 7, name: 'Urine collection pot', max_capacity: null }],
};

const selection = (device_name: string, quantity: number) => ({
  device_id: 1,
  device_name,
  quantity,
  required_volume: 10,
  total_capacity: 100,
});

/** Every character 1 mm wide per point of font size / 10: easy sums. */
const monospace = (text: string, fontSize: number) => (Array.from(text).length * fontSize) / 10;

describe('label content', () => {
  test('a label carries the barcode number, names, DOB, MRN, REQ id, sample type, priority and device', () => {
    assert.deepEqual(labelsFor(REQUEST, '1980-04-12', 1), [
      {
        barcodeNumber: 'LBL-DEMO-0042',
        surname: 'Okafor',
        givenName: 'Maria',
        dateOfBirth: 'DOB 12 Apr 1980',
        medicalRecordNumber: 'MRN 778812',
        requestId: 'REQ-000042',
        sampleType: 'Urine',
        priority: 'normal',
        device: 'Urine collection pot',
      },
    ]);
  });

  test('an unknown DOB, a missing MRN, a nameless patient and no device say so', () => {
    const [label] = labelsFor(
      {
        ...REQUEST,
        medical_record_number: null,
        patient_first_name: null,
        patient_last_name: null,
        collection_devices: [],
      },
      null,
      1,
    );
    assert.equal(label!.dateOfBirth, 'DOB unknown');
    assert.equal(label!.medicalRecordNumber, 'No MRN');
    assert.equal(labelName(label!.surname, label!.givenName).text, 'Unknown patient');
    assert.equal(label!.device, null);
  });

  test('the file is named after the REQ id', () => {
    assert.equal(labelFileName(123), 'labels-REQ-000123.pdf');
  });

  test('a barcode number must be there and printable ASCII', () => {
    assert.equal(barcodeProblem('LBL-DEMO-0001'), null);
    assert.equal(barcodeProblem('Lab #12/B (a+b)'), null);
    assert.equal(barcodeProblem(''), 'No barcode number assigned');
    assert.equal(barcodeProblem('   '), 'No barcode number assigned');
    assert.match(barcodeProblem('Zoë-1')!, /cannot carry/);
  });
});

describe('copies', () => {
  test('one label per tube by default: device selections with their quantities, else the devices', () => {
    assert.deepEqual(labelDevices(REQUEST), ['Urine collection pot']);
    const selected = { ...REQUEST, device_selections: [selection('EDTA tube', 2), selection('Serum tube', 1)] };
    assert.deepEqual(labelDevices(selected), ['EDTA tube', 'EDTA tube', 'Serum tube']);
    assert.equal(defaultCopies(selected), 3);
    assert.equal(deviceSummary(labelDevices(selected)), 'EDTA tube × 2, Serum tube');
    assert.equal(defaultCopies({ ...REQUEST, collection_devices: [] }), 1);
    assert.equal(defaultCopies({ ...REQUEST, device_selections: [selection('Swab', 80)] }), 50);
  });

  test('each copy names a tube in turn; more copies than tubes start over', () => {
    const request = {
      ...REQUEST,
      collection_devices: [
        { id: 1, name: 'Tube A', max_capacity: null },
        { id: 2, name: 'Tube B', max_capacity: null },
      ],
    };
    assert.deepEqual(
      labelsFor(request, null, 5).map((label) => label.device),
      ['Tube A', 'Tube B', 'Tube A', 'Tube B', 'Tube A'],
    );
    assert.deepEqual(
      labelsFor(request, null, 1).map((label) => label.device),
      ['Tube A'],
    );
  });

  test('copies are a whole number from 1 to 50, with a clear message otherwise', () => {
    assert.equal(copiesProblem(1), null);
    assert.equal(copiesProblem(50), null);
    assert.equal(copiesProblem(undefined), 'Enter the number of copies');
    assert.equal(copiesProblem(null), 'Enter the number of copies');
    for (const wrong of [0, 51, -1, 2.5])
      assert.equal(copiesProblem(wrong), 'Copies must be a whole number from 1 to 50');
    assert.throws(() => labelsFor(REQUEST, null, 0), RangeError);
  });
});

/** Every character 1 mm wide per point of font size / 10, whatever the font: easy sums. */
const monospaceFonts: Measurer = () => monospace;

const planOf = (request: LabelledRequest, sizeId: (typeof LABEL_SIZE_IDS)[number], dpi: 203 | 300 = 300) =>
  planLabel(labelsFor(request, '1980-04-12', 1)[0]!, LABEL_SIZES[sizeId], dpi, 79, monospaceFonts);

describe('layout', () => {
  test.each(LABEL_SIZE_IDS)('every row of a %s mm label fits inside its margins, top to bottom', (sizeId) => {
    const size = LABEL_SIZES[sizeId];
    const plan = planOf({ ...REQUEST, priority: 'stat' }, sizeId) as LabelPlan;
    assert.deepEqual(
      plan.texts.map((text) => text.text),
      [
        'OKAFOR, Maria',
        'DOB 12 Apr 1980',
        'MRN 778812',
        'LBL-DEMO-0042',
        'REQ-000042',
        'STAT',
        'Urine',
        'Urine collection pot',
      ],
    );
    const baselines = plan.texts.map((text) => text.baseline);
    assert.deepEqual(
      [...baselines].sort((first, second) => first - second),
      baselines,
    );
    const [, dateOfBirth, , number] = plan.texts;
    assert.ok(dateOfBirth!.baseline < plan.bars.top);
    assert.ok(plan.bars.top + plan.bars.height < number!.baseline);
    assert.ok(plan.bars.height >= MIN_BAR_HEIGHT_MM, 'bars tall enough to scan at an angle');
    assert.ok(baselines.at(-1)! <= size.heightMm - size.marginMm);
    // The STAT mark is a black box on the request line, at the right margin, its word white.
    assert.equal(plan.texts[5]!.white, true);
    assert.ok(Math.abs(plan.mark!.left + plan.mark!.width - (size.widthMm - size.marginMm)) < 1e-9);
    assert.equal((planOf(REQUEST, sizeId) as LabelPlan).mark, null);
  });

  test('an MRN too long to share the DOB line gets a line of its own, whole; the tube then joins the sample type', () => {
    const wide: Measurer = () => (text, fontSize) => (text.length * fontSize) / 5;
    const mrn = '012345678901234567890123456789';
    const label = labelsFor({ ...REQUEST, medical_record_number: mrn }, '1980-04-12', 1)[0]!;
    const plan = planLabel(label, LABEL_SIZES['38x19'], 300, 79, wide) as LabelPlan;
    const [, dateOfBirth, shownMrn] = plan.texts;
    assert.equal(shownMrn!.text, `MRN ${mrn}`);
    assert.equal(shownMrn!.x, LABEL_SIZES['38x19'].marginMm);
    assert.ok(shownMrn!.baseline > dateOfBirth!.baseline && shownMrn!.baseline < plan.bars.top);
    assert.equal(plan.texts.at(-1)!.align, 'right', 'no line of its own for the tube');
    assert.match(plan.texts.at(-1)!.text, /^Urine, Uri/);
  });

  test.each(PRINTER_DPIS)(
    'at %i dpi the bars are whole dots, centred, with ten modules of quiet zone inside the margins',
    (dpi) => {
      const size = LABEL_SIZES['38x19'];
      const dot = dotMm(dpi);
      for (const modules of [35, 79, 100]) {
        const bars = barPlacement(size, dpi, modules)!;
        assert.ok(Number.isInteger(bars.moduleDots) && bars.moduleDots >= MIN_MODULE_DOTS);
        assert.ok(Math.abs(bars.moduleMm - bars.moduleDots * dot) < 1e-12);
        assert.ok(Math.abs(bars.left / dot - Math.round(bars.left / dot)) < 1e-9, 'the first bar on a whole dot');
        assert.ok(bars.left - QUIET_ZONE_MODULES * bars.moduleMm >= size.marginMm - 1e-9);
        const right = bars.left + (modules + QUIET_ZONE_MODULES) * bars.moduleMm;
        assert.ok(right <= size.widthMm - size.marginMm + 1e-9);
        assert.ok(Math.abs(bars.left + (modules * bars.moduleMm) / 2 - size.widthMm / 2) <= bars.moduleMm, 'centred');
        assert.ok(bars.moduleMm <= 0.4);
      }
    },
  );

  test('bars that need less than two dots a module are refused with the sentence the dialog shows', () => {
    // 36 mm between the margins are 287 dots at 203 dpi: 143 modules at two dots, 123 without the quiet zones.
    assert.notEqual(barPlacement(LABEL_SIZES['38x19'], 203, 123), null);
    assert.equal(barPlacement(LABEL_SIZES['38x19'], 203, 124), null);
    const refused = planLabel(labelsFor(REQUEST, null, 1)[0]!, LABEL_SIZES['38x19'], 203, 167, monospaceFonts);
    assert.ok(isRefusal(refused));
    assert.equal(
      refused.problem,
      'The barcode number is too long for 38 × 19 mm labels at 203 dpi: its bars need 46.8 mm with their quiet zones and the label has 35.9 mm between its margins, so it would not scan',
    );
  });

  test('a name is "SURNAME, Given" in the characters the label can draw', () => {
    assert.deepEqual(labelName(' Okafor ', 'Maria'), { text: 'OKAFOR, Maria', keep: 7 });
    assert.deepEqual(labelName('Ōtsuka-ÿ', 'Łucja'), { text: 'OTSUKA-Y, Lucja', keep: 9 });
    assert.deepEqual(labelName(null, 'Maria'), { text: 'Maria', keep: 5 });
    assert.deepEqual(labelName('Okafor', null), { text: 'OKAFOR', keep: 6 });
  });

  test('text wraps at spaces and after hyphens, and inside a word only when the word is wider than a line', () => {
    const lines = (text: string, width: number) => wrapText(text, width, 10, monospace).map((line) => line.text);
    assert.deepEqual(lines('OKAFOR, Maximiliana-Alexandrina', 15), ['OKAFOR,', 'Maximiliana-', 'Alexandrina']);
    assert.deepEqual(lines('ABCDEFGHIJ KL', 4), ['ABCD', 'EFGH', 'IJ', 'KL']);
    assert.deepEqual(
      wrapText('AB CD', 10, 10, monospace).map((line) => line.end),
      [5],
    );
  });

  test('a long name shrinks, then wraps, then cuts only the given name; a surname too long refuses', () => {
    const size = LABEL_SIZES['50x25']; // the name from 8 pt down to 5 pt
    const name = labelName('Okafor', 'Maximiliana-Alexandrina'); // 31 characters: 24.8 mm at 8 pt
    assert.deepEqual(fitName(name, 25, 10, size, monospace, false), { lines: [name.text], fontSize: 8 });
    // Shrunk to the smallest size before it wraps.
    assert.deepEqual(fitName(name, 15.5, 10, size, monospace, false), { lines: [name.text], fontSize: 5 });
    // Wrapped at the largest size whose lines fit the height: two lines of 21 characters at 6 pt in 7 mm.
    assert.deepEqual(fitName(name, 12.8, 7, size, monospace, false), {
      lines: ['OKAFOR, Maximiliana-', 'Alexandrina'],
      fontSize: 6,
    });
    // One line's height: the given name is cut, never the surname; without the cut, no fit.
    assert.equal(fitName(name, 12.8, 3, size, monospace, false), null);
    assert.deepEqual(fitName(name, 12.8, 3, size, monospace, true), { lines: ['OKAFOR, Maximil...'], fontSize: 7 });
    // A surname that does not fit whole is not placed at all: the label size is refused.
    assert.equal(fitName(labelName('ABCDEFGHIJKLMNOPQRST', 'Ann'), 10, 3, size, monospace, true), null);
    // A hundred characters 1 mm wide at 5 pt need three lines of a 38 × 19 mm label, which has room for two.
    const refused = planLabel(
      labelsFor({ ...REQUEST, patient_last_name: 'W'.repeat(100) }, null, 1)[0]!,
      LABEL_SIZES['38x19'],
      300,
      79,
      () => (text, fontSize) => (text.length * fontSize) / 5,
    );
    assert.ok(isRefusal(refused));
    assert.equal(refused.problem, "The patient's surname is too long to print in full on 38 × 19 mm labels");
  });

  test('long texts are cut with ... to fit, short ones kept', () => {
    assert.equal(fitText('Maria Okafor', 12, 10, monospace), 'Maria Okafor');
    assert.equal(fitText('Maria Okafor-Whitfield', 12, 10, monospace), 'Maria Oka...');
    assert.equal(fitText('Maria Okafor', 5, 10, monospace), 'Ma...');
    assert.equal(fitText('Maria Okafor', 1, 10, monospace), '...');
    // The cut drops the space before the ellipsis.
    assert.equal(fitText('Maria Okafor', 9, 10, monospace), 'Maria...');
  });

  test('a barcode number shrinks to fit before it would be cut, down to a smallest size', () => {
    assert.equal(shrinkToFit('ABCDEFGHIJ', 10, 7, 4, monospace), 7);
    assert.equal(shrinkToFit('ABCDEFGHIJ', 5, 7, 4, monospace), 5);
    assert.equal(shrinkToFit('ABCDEFGHIJ', 1, 7, 4, monospace), 4);
  });

  test('texts are turned into what the standard PDF fonts can draw (Latin-1 kept, other accents dropped)', () => {
    assert.equal(printableText('Zoë Ångström'), 'Zoë Ångström');
    assert.equal(printableText('Łucja Ōtsuka–Dvořák…'), 'Lucja Otsuka-Dvorák...');
    assert.equal(printableText('王 Wei'), '? Wei');
    assert.equal(printableText('Tab\tand\nnew line'), 'Tab and new line');
  });
});
