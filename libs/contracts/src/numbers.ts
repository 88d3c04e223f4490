/**
 * The rules of a number field and their problems, free of zod: the services' schemas and the web's forms ask
 * the same function, so a form says what the server would answer (and never rounds or clamps a typed number).
 */

/** A number field's rules: the smallest value, the largest size (either sign), whether it is whole. */
export interface NumberRules {
  min?: number;
  /** The largest absolute value. */
  max?: number;
  integer?: boolean;
}

/** A number field's problems, after the field's name ("max_capacity: must be at least 1"). */
export const NUMBER_PROBLEMS = {
  notANumber: 'must be a number',
  notWhole: 'must be a whole number',
  tooSmall: (min: number) => `must be at least ${min}`,
  tooLarge: (max: number) => `must be at most ${max}`,
} as const;

/** What is wrong with a number under the rules, or null: whole first, then the smallest, then the size. */
export function numberProblem(value: number, rules: NumberRules): string | null {
  if (!Number.isFinite(value)) return NUMBER_PROBLEMS.notANumber;
  if (rules.integer && !Number.isInteger(value)) return NUMBER_PROBLEMS.notWhole;
  if (rules.min !== undefined && value < rules.min) return NUMBER_PROBLEMS.tooSmall(rules.min);
  if (rules.max !== undefined && Math.abs(value) > rules.max) return NUMBER_PROBLEMS.tooLarge(rules.max);
  return null;
}
