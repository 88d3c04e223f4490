import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { isLoincCode, loincCheckDigit } from './loinc';

/** Codes from the LOINC table (https://loinc.org), with what they name. */
const REAL_CODES = {
  '4548-4': 'Hemoglobin A1c/Hemoglobin.total in Blood',
  '2345-7': 'Glucose [Mass/volume] in Serum or Plasma',
  '2093-3': 'Cholesterol [Mass/volume] in Serum or Plasma',
  '2085-9': 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
  '2571-8': 'Triglyceride [Mass/volume] in Serum or Plasma',
  '3016-3': 'Thyrotropin [Units/volume] in Serum or Plasma',
  '3024-7': 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma',
  '1989-3': '25-Hydroxyvitamin D3+25-Hydroxyvitamin D2 [Mass/volume] in Serum or Plasma',
  '2276-4': 'Ferritin [Mass/volume] in Serum or Plasma',
  '2160-0': 'Creatinine [Mass/volume] in Serum or Plasma',
  '1742-6': 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
  '1920-8': 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
  '1988-5': 'C reactive protein [Mass/volume] in Serum or Plasma',
  '2857-1': 'Prostate specific Ag [Mass/volume] in Serum or Plasma',
  '718-7': 'Hemoglobin [Mass/volume] in Blood',
  '9318-7': 'Albumin/Creatinine [Mass Ratio] in Urine',
  '38445-3': 'Calprotectin [Mass/mass] in Stool',
  '94500-6': 'SARS-CoV-2 (COVID-19) RNA [Presence] in Respiratory specimen by NAA with probe detection',
} as const;

describe('LOINC check digits', () => {
  it('computes the check digit of real codes', () => {
    for (const code of Object.keys(REAL_CODES)) {
      const [number, digit] = code.split('-') as [string, string];
      assert.equal(loincCheckDigit(number), Number(digit), code);
      assert.equal(isLoincCode(code), true, code);
    }
  });

  it('refuses every wrong check digit of real codes', () => {
    for (const code of Object.keys(REAL_CODES)) {
      const [number, digit] = code.split('-') as [string, string];
      for (let wrong = 0; wrong <= 9; wrong += 1) {
        if (wrong !== Number(digit)) assert.equal(isLoincCode(`${number}-${wrong}`), false, `${number}-${wrong}`);
      }
    }
  });

  it('refuses what is not shaped like a LOINC code', () => {
    for (const text of [
      '',
      '2345',
      '2345-',
      '-7',
      '2345-77',
      '12345678-9',
      'LP2345-7',
      ' 2345-7',
      '2345–7',
      '2345-x',
    ]) {
      assert.equal(isLoincCode(text), false, JSON.stringify(text));
    }
    assert.throws(() => loincCheckDigit('12a'), RangeError);
  });
});
