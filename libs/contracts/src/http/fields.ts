import { z } from 'zod';

/**
 * Length limits (characters) of the text fields: the request schemas bound their fields with these, and the
 * web's forms stop typing at the same length (maxLength), so a form never sends what the service refuses.
 */
export const FIELD_LIMITS = {
  /** First and last names of users and patients. */
  personName: 100,
  email: 254,
  phone: 40,
  medicalRecordNumber: 50,
  insuranceNumber: 100,
  nhsNumber: 20,
  streetAddress: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  country: 100,
  institutionName: 200,
  institutionNumber: 100,
  institutionAddress: 500,
} as const;

/** Required text: trimmed, not blank, bounded. Zod messages are phrased to follow the field name. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** Optional text from a form: trimmed; an empty string, null or absence all mean "no value" (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional e-mail from a form: empty means none; anything else must be an address. */
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(FIELD_LIMITS.email, `must be at most ${FIELD_LIMITS.email} characters`)
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email('must be a valid email address').nullable());

export const requiredEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(FIELD_LIMITS.email, `must be at most ${FIELD_LIMITS.email} characters`)
  .pipe(z.email('must be a valid email address'));

/** Database ids: positive 32-bit integers. */
export const entityIdSchema = z.number().int('must be an integer').positive('must be positive').max(2_147_483_647);

/** A calendar date `YYYY-MM-DD` that exists (2023-02-30 is refused). */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a real calendar date');

/** Query-string booleans arrive as text. */
export const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');
