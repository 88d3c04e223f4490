/**
 * Marker units checked against UCUM (the Unified Code for Units of Measure) with the NLM's ucum-lhc. The text
 * typed stays the display; the UCUM code is kept beside it. Here, not in contracts: the library carries the
 * whole UCUM table, which the web's bundle must not.
 */
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { UnitCheck } from './domain/catalogue/decide';

interface UcumUtilities {
  validateUnitString(unit: string, suggest: boolean): unknown;
}

// A CommonJS package without type declarations: loaded through require and its answers checked with zod.
const ucumPackage = createRequire(import.meta.url)('@lhncbc/ucum-lhc') as {
  UcumLhcUtils: { getInstance(): UcumUtilities };
};
let utilities: UcumUtilities | null = null;

const validationSchema = z.object({
  status: z.enum(['valid', 'invalid', 'error']),
  ucumCode: z.string().nullable(),
  suggestions: z.array(z.object({ units: z.array(z.tuple([z.string()]).rest(z.unknown())) })).optional(),
});

/** UCUM writes micro as "u"; people type "µ" (micro sign) or "μ" (Greek mu). */
const withUcumMicro = (units: string) => units.replace(/[\u00b5\u03bc]/g, 'u');

/**
 * The UCUM code of units as typed: valid UCUM as it is ("mg/dL", "m[IU]/L"), µ read as u ("µL"), and the
 * library's one unambiguous correction ("IU/L" is "[IU]/L"). Anything else is refused, with the library's
 * first suggestion when it has one ("mIU/L": "m[IU]/L").
 */
export function checkUcumUnits(units: string): UnitCheck {
  utilities ??= ucumPackage.UcumLhcUtils.getInstance();
  const result = validationSchema.parse(utilities.validateUnitString(withUcumMicro(units), true));
  if (result.ucumCode !== null && result.status !== 'error') return { valid: true, code: result.ucumCode };
  const suggestion = result.suggestions?.[0]?.units[0]?.[0] ?? null;
  return { valid: false, suggestion };
}
