/**
 * What the sandbox laboratory can measure: LOINC code, name, UCUM unit and reference range (adult, typical), and
 * how a value is made up for an order: deterministic for the order and the code (so tests can assert it), mostly
 * within the range, some above or below it and flagged H or L as HL7's ObservationInterpretation does.
 */
import { createHash } from 'node:crypto';

export interface LabTest {
  name: string;
  /** UCUM code of the unit. */
  unit: string;
  low: number;
  high: number;
  /** Digits after the decimal point the laboratory reports. */
  decimals: number;
}

/** The demo catalogue's markers (services/clinical's seed) and a few other common tests. */
export const LAB_TESTS: Readonly<Record<string, LabTest>> = {
  '4548-4': { name: 'Hemoglobin A1c/Hemoglobin.total in Blood', unit: '%', low: 4, high: 5.6, decimals: 1 },
  '2345-7': { name: 'Glucose [Mass/volume] in Serum or Plasma', unit: 'mg/dL', low: 70, high: 99, decimals: 0 },
  '2093-3': { name: 'Cholesterol [Mass/volume] in Serum or Plasma', unit: 'mg/dL', low: 0, high: 200, decimals: 0 },
  '2085-9': {
    name: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
    unit: 'mg/dL',
    low: 40,
    high: 100,
    decimals: 0,
  },
  '2571-8': { name: 'Triglyceride [Mass/volume] in Serum or Plasma', unit: 'mg/dL', low: 0, high: 150, decimals: 0 },
  '3016-3': { name: 'Thyrotropin [Units/volume] in Serum or Plasma', unit: 'm[IU]/L', low: 0.4, high: 4, decimals: 2 },
  '3024-7': {
    name: 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma',
    unit: 'ng/dL',
    low: 0.8,
    high: 1.8,
    decimals: 2,
  },
  '1989-3': {
    name: '25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma',
    unit: 'ng/mL',
    low: 30,
    high: 100,
    decimals: 0,
  },
  '2276-4': { name: 'Ferritin [Mass/volume] in Serum or Plasma', unit: 'ng/mL', low: 30, high: 400, decimals: 0 },
  '2160-0': { name: 'Creatinine [Mass/volume] in Serum or Plasma', unit: 'mg/dL', low: 0.6, high: 1.2, decimals: 2 },
  '1742-6': {
    name: 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
    unit: 'U/L',
    low: 7,
    high: 56,
    decimals: 0,
  },
  '1920-8': {
    name: 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
    unit: 'U/L',
    low: 8,
    high: 48,
    decimals: 0,
  },
  '1988-5': {
    name: 'C reactive protein [Mass/volume] in Serum or Plasma',
    unit: 'mg/L',
    low: 0,
    high: 10,
    decimals: 1,
  },
  '2857-1': {
    name: 'Prostate specific Ag [Mass/volume] in Serum or Plasma',
    unit: 'ng/mL',
    low: 0,
    high: 4,
    decimals: 2,
  },
  '718-7': { name: 'Hemoglobin [Mass/volume] in Blood', unit: 'g/dL', low: 12, high: 17.5, decimals: 1 },
  '9318-7': { name: 'Albumin/Creatinine [Mass Ratio] in Urine', unit: 'mg/g', low: 0, high: 30, decimals: 0 },
  '38445-3': { name: 'Calprotectin [Mass/mass] in Stool', unit: 'ug/g', low: 0, high: 50, decimals: 0 },
  '6690-2': {
    name: 'Leukocytes [#/volume] in Blood by Automated count',
    unit: '10*3/uL',
    low: 4.5,
    high: 11,
    decimals: 1,
  },
  '777-3': {
    name: 'Platelets [#/volume] in Blood by Automated count',
    unit: '10*3/uL',
    low: 150,
    high: 400,
    decimals: 0,
  },
  '2951-2': { name: 'Sodium [Moles/volume] in Serum or Plasma', unit: 'mmol/L', low: 135, high: 145, decimals: 0 },
  '2823-3': { name: 'Potassium [Moles/volume] in Serum or Plasma', unit: 'mmol/L', low: 3.5, high: 5.1, decimals: 1 },
};

export interface MadeUpValue {
  value: number;
  /** H above the range, L below it, N within it. */
  flag: 'H' | 'L' | 'N';
}

/** A number in [0, 1) from the text, the same every time. */
function unitInterval(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * The value the laboratory reports for `loinc` in the order `orderKey` (the test request's identifier): one in
 * five above the range, one in ten below it (when the range has a lower limit), the rest within.
 */
export function madeUpValue(orderKey: string, loinc: string, test: LabTest): MadeUpValue {
  const pick = unitInterval(`${orderKey}|${loinc}|pick`);
  const spread = unitInterval(`${orderKey}|${loinc}|value`);
  const round = (value: number) => Number(value.toFixed(test.decimals));
  const step = 10 ** -test.decimals;
  let value: number;
  if (pick < 0.2) value = round(test.high * (1.1 + spread * 0.6) + step);
  else if (pick < 0.3 && test.low > 0) value = round(Math.max(0, test.low * (0.5 + spread * 0.4) - step));
  else value = round(test.low + (test.high - test.low) * (0.1 + spread * 0.8));
  return { value, flag: value > test.high ? 'H' : value < test.low ? 'L' : 'N' };
}
