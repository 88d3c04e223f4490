/**
 * The building blocks of every request schema (bodies, query strings, path parameters): text, e-mail, ids,
 * numbers in query strings, dates and objects are checked by these alone, so one rule holds on every route.
 * Their messages are phrased to follow the field name ("first_name: is required").
 */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../errors';
import { e164PhoneNumber } from '../phone';
import { FIELD_LIMITS, MAX_ENTITY_ID, DATE_OF_BIRTH_PROBLEMS, EARLIEST_DATE_OF_BIRTH, textProblem } from './limits';

export {
  DEFAULT_PHONE_COUNTRY,
  FIELD_LIMITS,
  MAX_ENTITY_ID,
  DATE_OF_BIRTH_PROBLEMS,
  EARLIEST_DATE_OF_BIRTH,
  TEXT_PROBLEMS,
  textProblem,
} from './limits';

/**
 * Text as it is stored: trimmed, of acceptable characters only (textProblem), NFC-normalised (so that "é"
 * typed on two keyboards is one name to search and to compare), at most `max` characters. Line breaks only
 * where `multiline` (an address); they are stored as \n.
 */
export function safeText(max: number, options: { multiline?: boolean } = {}) {
  const text = z
    .string()
    .trim()
    .refine((value) => textProblem(value, options) === null, {
      abort: true,
      error: (issue) => textProblem(String(issue.input), options) ?? 'is invalid',
    })
    .normalize('NFC');
  return (options.multiline ? text.overwrite((value) => value.replace(/\r\n?/g, '\n')) : text).max(
    max,
    `must be at most ${max} characters`,
  );
}

/** Required text: safeText, not blank. */
export const requiredText = (max: number, options: { multiline?: boolean } = {}) =>
  safeText(max, options).min(1, 'is required');

/** Optional text from a form: safeText; an empty string, null or absence all mean "no value" (null). */
export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  safeText(max, options)
    .nullish()
    .transform((value) => (value ? value : null));

/** An e-mail address: safeText, lower-cased, a valid address. */
export const requiredEmail = safeText(FIELD_LIMITS.email).toLowerCase().pipe(z.email('must be a valid email address'));

/** Optional e-mail from a form: empty means none; anything else must be an address. */
export const optionalEmail = safeText(FIELD_LIMITS.email)
  .toLowerCase()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email('must be a valid email address').nullable());

/** Why a phone number is refused ("phone: must be a valid phone number"). */
export const PHONE_NUMBER_PROBLEM = 'must be a valid phone number';

/**
 * A phone number, stored in E.164 (`+447700900123`): safeText, then read by libphonenumber-js (contracts'
 * phone.ts says how; without a `+` it is a GB number). Every request field that takes a phone is this schema
 * (through optionalPhone and mergedPhone); `message` replaces the problem where the spec has its own text.
 */
export const phoneNumber = (message: string = PHONE_NUMBER_PROBLEM) =>
  safeText(FIELD_LIMITS.phone).transform((value, context) => {
    const number = e164PhoneNumber(value);
    if (number !== null) return number;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** Optional phone from a form: an empty string, null or absence all mean "no number" (null). */
export const optionalPhone = safeText(FIELD_LIMITS.phone)
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(phoneNumber().nullable());

/** Optional phone for a merge: absent keeps it (undefined), '' or null unsets it (null). */
export const mergedPhone = safeText(FIELD_LIMITS.phone)
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value))
  .pipe(phoneNumber().nullable().optional());

/** Search text in a query string: safeText, so that it reaches Postgres as valid UTF-8 without NUL. */
export const searchText = safeText(FIELD_LIMITS.search).optional();

/**
 * A password being tried (sign-in, the current password): as typed, never trimmed or normalised, since it
 * must match what was set.
 */
export const passwordAttempt = z
  .string()
  .min(1, 'is required')
  .max(FIELD_LIMITS.password, `must be at most ${FIELD_LIMITS.password} characters`);

/**
 * A password being set: as typed (not trimmed: spaces may be part of it), long enough, and of characters a
 * keyboard gives. A lone surrogate would be hashed as U+FFFD, making different passwords one.
 */
export const newPassword = z
  .string()
  .refine((value) => textProblem(value, { allowBidirectionalControls: true }) === null, {
    abort: true,
    error: (issue) => textProblem(String(issue.input), { allowBidirectionalControls: true }) ?? 'is invalid',
  })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(FIELD_LIMITS.password, `must be at most ${FIELD_LIMITS.password} characters`);

/** Database ids in JSON bodies and events: positive 32-bit integers. */
export const entityIdSchema = z
  .number()
  .int('must be an integer')
  .positive('must be positive')
  .max(MAX_ENTITY_ID, `must be at most ${MAX_ENTITY_ID}`);

/**
 * A positive whole number written in a path or query string: decimal digits only, without sign, spaces,
 * leading zeros, exponent or hex (`0x10` is not 16, `1e3` not 1000, `07` not 7), so each number has one
 * spelling.
 */
export const positiveIntegerText = (max: number) =>
  z
    .string()
    .regex(/^[1-9][0-9]*$/, { message: 'must be a positive integer in decimal digits', abort: true })
    .refine((value) => value.length <= String(max).length && Number(value) <= max, `must be at most ${max}`)
    .transform(Number);

/** An id in a path or query string. */
export const idText = positiveIntegerText(MAX_ENTITY_ID);

/**
 * The schema of a request's body, query string or path parameters: a field it does not name is refused
 * ("extra: is not allowed"), never silently dropped, so a client's typo or a forged field is seen at once.
 */
export const requestObject = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject(shape);

/**
 * A calendar date `YYYY-MM-DD` that exists (2023-02-30 is refused). Events keep this tolerant form: what was
 * stored before a rule tightened must still be read.
 */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date (YYYY-MM-DD)', abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { message: 'must be a real calendar date', abort: true },
  );

/** Today's date where it is already latest (UTC+14): a child born today anywhere is not "in the future". */
function latestToday(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A date of birth: a real date from 1900-01-01 to today. */
export const dateOfBirthSchema = calendarDateSchema
  .refine((value) => value >= EARLIEST_DATE_OF_BIRTH, {
    message: DATE_OF_BIRTH_PROBLEMS.tooEarly,
    abort: true,
  })
  .refine((value) => value <= latestToday(), DATE_OF_BIRTH_PROBLEMS.inFuture);

/** An optional date of birth from a form: empty, null or absent mean none (null). */
export const optionalDateOfBirth = z
  .string()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(dateOfBirthSchema.nullable());

/** Query-string booleans arrive as text. */
export const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');
