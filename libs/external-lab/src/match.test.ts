import { describe, expect, test } from 'vitest';
import { matchResults } from './match';
import type { ExternalObservation, ExternalResults, LabOrder } from './provider';

const order: LabOrder = {
  testRequestId: 42,
  displayId: 'TR-000042',
  barcode: 'LBL42',
  sampleType: 'Blood',
  priority: 'normal',
  orderedAt: '2026-11-29T08:00:00.000Z',
  patient: { id: 1, displayId: 'PAT-000001', firstName: 'A', lastName: 'B', birthDate: null, gender: 'unknown' },
  requester: null,
  markers: [
    { markerId: 1, name: 'Glucose', loinc: '2345-7', unitUcum: 'mg/dL' },
    { markerId: 2, name: 'TSH', loinc: '3016-3', unitUcum: 'm[IU]/L' },
    { markerId: 3, name: 'Blood group', loinc: '882-1', unitUcum: null },
  ],
};

const observation = (overrides: Partial<ExternalObservation>): ExternalObservation => ({
  loinc: '2345-7',
  name: 'Glucose [Mass/volume] in Serum or Plasma',
  value: 104,
  unitUcum: 'mg/dL',
  referenceLow: 70,
  referenceHigh: 99,
  flag: 'H',
  ...overrides,
});

const results = (...observations: ExternalObservation[]): ExternalResults => ({
  externalId: 'sr-1',
  issuedAt: '2026-11-29T09:00:00.000Z',
  observations,
  conclusion: null,
});

describe('matchResults', () => {
  test("maps each observation to the order's marker by LOINC code, with its value, unit, range and flag", () => {
    const matched = matchResults(
      order,
      results(
        observation({}),
        observation({
          loinc: '3016-3',
          name: 'TSH',
          value: 2.1,
          unitUcum: 'm[IU]/L',
          referenceLow: 0.4,
          referenceHigh: 4,
          flag: 'N',
        }),
        observation({
          loinc: '882-1',
          name: 'ABO+Rh',
          value: 'O Rh(D) positive',
          unitUcum: null,
          referenceLow: null,
          referenceHigh: null,
          flag: null,
        }),
      ),
    );
    expect(matched.refused).toEqual([]);
    expect(matched.accepted).toEqual([
      { markerId: 1, value: 104, unitUcum: 'mg/dL', referenceLow: 70, referenceHigh: 99, flag: 'H' },
      { markerId: 2, value: 2.1, unitUcum: 'm[IU]/L', referenceLow: 0.4, referenceHigh: 4, flag: 'N' },
      { markerId: 3, value: 'O Rh(D) positive', unitUcum: null, referenceLow: null, referenceHigh: null, flag: null },
    ]);
  });

  test('refuses a code the order did not ask for, naming it and the order', () => {
    const matched = matchResults(order, results(observation({ loinc: '2160-0', name: 'Creatinine' })));
    expect(matched.accepted).toEqual([]);
    expect(matched.refused).toEqual([
      { loinc: '2160-0', name: 'Creatinine', reason: 'Creatinine (LOINC 2160-0) was not ordered in TR-000042' },
    ]);
  });

  test("refuses a value in another unit than the marker's, or in none", () => {
    const matched = matchResults(
      order,
      results(
        observation({ unitUcum: 'mmol/L', value: 5.8 }),
        observation({ loinc: '3016-3', name: 'TSH', unitUcum: null }),
      ),
    );
    expect(matched.accepted).toEqual([]);
    expect(matched.refused.map((refusal) => refusal.reason)).toEqual([
      'Glucose came in "mmol/L", but the marker is reported in "mg/dL" (UCUM)',
      'TSH came in no unit, but the marker is reported in "m[IU]/L" (UCUM)',
    ]);
  });

  test('refuses a text where the marker is measured, and a second value for one marker', () => {
    const matched = matchResults(
      order,
      results(observation({ value: 'no value (haemolysed)' }), observation({ value: 88 }), observation({ value: 90 })),
    );
    expect(matched.accepted).toEqual([expect.objectContaining({ markerId: 1, value: 88 })]);
    expect(matched.refused.map((refusal) => refusal.reason)).toEqual([
      'Glucose came without a numeric value (no value (haemolysed))',
      'a second value for Glucose (LOINC 2345-7): the first one is kept',
    ]);
  });

  test('leaves out nothing: every observation is accepted or refused', () => {
    const observations = [observation({}), observation({ loinc: '1234-5' }), observation({ unitUcum: 'g/L' })];
    const matched = matchResults(order, results(...observations));
    expect(matched.accepted.length + matched.refused.length).toBe(observations.length);
  });
});
