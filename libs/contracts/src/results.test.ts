import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { canMoveResult, canReadResult, resultStatusOptions } from './results';
import {
  formatRange,
  markerTemplate,
  parseResultData,
  referenceFlag,
  resultDataPreview,
  resultReportFileName,
  resultRows,
  type ResultMarker,
} from './result-data';
import { callerAs, OWN } from './access-matrix.fixture';

const range = (range_min: number | null, range_max: number | null) => ({ range_min, range_max });
const glucose: ResultMarker = {
  marker_id: 21,
  name: 'Glucose',
  description: null,
  units: 'mg/dL',
  units_ucum: 'mg/dL',
  ...range(70, 99),
};
const tsh: ResultMarker = { ...glucose, marker_id: 23, name: 'TSH', units: 'mIU/L', ...range(null, 4) };

describe('reference flags', () => {
  it('flags H above the maximum and L below the minimum, within and at the bounds nothing', () => {
    assert.deepEqual(
      ['130', '69.9', '70', '99', '85', ' 100 ', '+120', '-1'].map((value) => referenceFlag(value, glucose)),
      ['H', 'L', null, null, null, 'H', 'H', 'L'],
    );
  });

  it('leaves a value that is not a number unflagged, and a side without a bound', () => {
    assert.deepEqual(
      ['<5', 'positive', '', '1e3', '12 mg', '0x10'].map((value) => referenceFlag(value, glucose)),
      [null, null, null, null, null, null],
    );
    assert.equal(referenceFlag('0.01', tsh), null);
    assert.equal(referenceFlag('4.5', tsh), 'H');
  });

  it('writes a range with ? for a missing bound', () => {
    assert.deepEqual([formatRange(glucose), formatRange(tsh), formatRange(range(null, null))], ['70-99', '?-4', '?']);
  });
});

describe('result_data (spec 2 §5)', () => {
  it("parses the marker template's blocks back into markers", () => {
    const template = markerTemplate([glucose, tsh]);
    assert.equal(
      template,
      'Glucose:\nValue: \nUnits: mg/dL\nRange: 70-99\nStatus: [normal/high/low/critical]\n\n' +
        'TSH:\nValue: \nUnits: mIU/L\nRange: ?-4\nStatus: [normal/high/low/critical]\n',
    );
    assert.deepEqual(
      parseResultData(template.replace('Value: \n', 'Value: 130\n')).map((marker) => [marker.name, marker.value]),
      [
        ['Glucose', '130'],
        ['TSH', ''],
      ],
    );
  });

  it('reads only the five lines after a marker, and skips lines without a colon', () => {
    const text = 'Note without colon\nA:\nValue: 1\n\n\n\n\nValue: 2\nB : x\nvalue:3\nSTATUS: high';
    assert.deepEqual(parseResultData(text), [
      { name: 'A', value: '1', units: '', range: '', status: '' },
      { name: 'B', value: '3', units: '', range: '', status: 'high' },
    ]);
  });

  it('flags each row against the range carried with the result, else the typed one', () => {
    const text =
      'Glucose:\nValue: 130\nRange: 0-500\n\nCRP:\nValue: 12\nUnits: mg/L\nRange: 0-10\nStatus: high\n\n' +
      'Culture:\nValue: no growth\nStatus: normal';
    assert.deepEqual(
      resultRows(text, [glucose]).map((row) => [row.biomarker, row.units, row.range, row.flag, row.interpretation]),
      [
        ['Glucose', 'mg/dL', '70-99', 'H', 'H High'],
        ['CRP', 'mg/L', '0-10', 'H', 'H High'],
        ['Culture', '', '', null, 'normal'],
      ],
    );
  });
});

describe('the report', () => {
  it('names the file test-result-{id}-{patient name in lowercase with hyphens}.pdf', () => {
    assert.equal(resultReportFileName(12, 'Amelia', 'Thompson'), 'test-result-12-amelia-thompson.pdf');
    assert.equal(resultReportFileName(3, ' Mary-Jane ', "O'Brien Ávila"), 'test-result-3-mary-jane-o-brien-ávila.pdf');
  });

  it('shows the first 20 characters and an ellipsis when no marker parses', () => {
    assert.equal(resultDataPreview('No growth after 48 hours'), 'No growth after 48 h...');
    assert.equal(resultDataPreview('Negative'), 'Negative');
  });
});

describe('the status table and who reads', () => {
  it('offers a new result draft only, and the table moves and in-place edits after', () => {
    assert.deepEqual(resultStatusOptions(null), ['draft']);
    assert.deepEqual(resultStatusOptions('draft'), ['draft', 'reviewed']);
    assert.deepEqual(resultStatusOptions('reviewed'), ['final']);
    assert.deepEqual(resultStatusOptions('final'), ['amended']);
    assert.deepEqual(resultStatusOptions('amended'), ['reviewed', 'final', 'amended']);
    assert.equal(canMoveResult('final', 'final'), false);
  });

  it('lets the result roles of the institution read, super_admin every one, nobody else', () => {
    const northwind = { institution_id: OWN };
    assert.deepEqual(
      (['super_admin', 'institution_admin', 'clinician', 'client_admin', 'fulfillment_agent', 'lab_user'] as const).map(
        (role) => canReadResult(callerAs(role), northwind),
      ),
      [true, true, true, false, false, true],
    );
    assert.equal(canReadResult({ ...callerAs('lab_user'), institutionIds: [OWN + 1] }, northwind), false);
  });
});
