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
  QUIET_ZONE_MODULES,
  barPlacement,
  fitText,
  labelLayout,
  printableText,
  shrinkToFit,
} from './labelLayout';

const REQUEST: LabelledRequest = {
  id: 42,
  barcode_number: 'LBL-DEMO-0042',
  patient_first_name: 'Maria',
  patient_last_name: 'Okafor',
  medical_record_number: ' 778812 ',
  sample_type: 'Urine',
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
  test('a label carries the barcode number, name, DOB, MRN, REQ id, sample type and device', () => {
    assert.deepEqual(labelsFor(REQUEST, '1980-04-12', 1), [
      {
        barcodeNumber: 'LBL-DEMO-0042',
        patientName: 'Maria Okafor',
        dateOfBirth: 'DOB 12 Apr 1980',
        medicalRecordNumber: 'MRN 778812',
        requestId: 'REQ-000042',
        sampleType: 'Urine',
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
    assert.equal(label!.patientName, 'Unknown patient');
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

describe('layout', () => {
  test.each(LABEL_SIZE_IDS)('every row of a %s mm label fits inside its margins, top to bottom', (sizeId) => {
    const size = LABEL_SIZES[sizeId];
    const layout = labelLayout(size);
    const baselines = [layout.name, layout.identity, layout.barcodeNumber, layout.request, layout.device].map(
      (line) => line.baselineMm,
    );
    assert.deepEqual(
      [...baselines].sort((first, second) => first - second),
      baselines,
    );
    assert.ok(layout.identity.baselineMm < layout.bars.top);
    assert.ok(layout.bars.top + layout.bars.height < layout.barcodeNumber.baselineMm);
    assert.ok(layout.bottom <= size.heightMm - size.marginMm);
    assert.ok(layout.bars.height >= 5, 'bars tall enough to scan at an angle');
    assert.equal(layout.contentWidth, size.widthMm - 2 * size.marginMm);
  });

  test('the bars are centred and keep ten modules of quiet zone inside the margins', () => {
    const layout = labelLayout(LABEL_SIZES['38x19']);
    const { moduleMm, left } = barPlacement(layout, 167);
    assert.ok(Math.abs(left + (167 * moduleMm) / 2 - 19) < 1e-9);
    assert.ok(left - QUIET_ZONE_MODULES * moduleMm >= layout.left - 1e-9);
    // A short barcode does not get bars wider than 0.4 mm.
    assert.equal(barPlacement(layout, 35).moduleMm, 0.4);
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
