/**
 * The limits and character rules of text fields, without the schema library: the request schemas (fields.ts) are
 * built on them, and the web's forms use them as they are (maxLength, the same character checks), so a page that
 * needs a limit does not load zod with it.
 */

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
  /** A list's search text. */
  search: 200,
  password: 1024,
} as const;

/**
 * The country of a phone number written without its country code (spec 1 §3: "Default phone country GB"): the
 * phone input's first choice, and how the services read a number that has no `+` (contracts' phone.ts).
 */
export const DEFAULT_PHONE_COUNTRY = 'GB';

/** Database ids are Postgres `integer`s: 1 to 2^31 - 1. */
export const MAX_ENTITY_ID = 2_147_483_647;
/** The earliest date of birth a form may give. */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** A date of birth's problems, after the field's name ("date_of_birth: must not be in the future"). */
export const DATE_OF_BIRTH_PROBLEMS = {
  tooEarly: `must be on or after ${EARLIEST_DATE_OF_BIRTH}`,
  inFuture: 'must not be in the future',
} as const;

/** Why a text is refused (the first problem found), for the field's error. */
export const TEXT_PROBLEMS = {
  controlCharacter: 'must not contain control characters',
  lineBreak: 'must be a single line',
  loneSurrogate: 'must be valid Unicode text',
  bidirectionalControl: 'must not contain bidirectional control characters',
} as const;

const isLineBreak = (unit: number) => unit === 0x0a || unit === 0x0d || unit === 0x2028 || unit === 0x2029;
/** C0 controls (NUL included), DEL and C1 controls. */
const isControl = (unit: number) => unit < 0x20 || (unit >= 0x7f && unit <= 0x9f);
/** The embeddings, overrides and isolates that reorder how text reads (the "Trojan Source" characters). */
const isBidirectionalControl = (unit: number) =>
  (unit >= 0x202a && unit <= 0x202e) || (unit >= 0x2066 && unit <= 0x2069);
const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

interface CharacterRules {
  /** Line breaks (\n, \r, U+2028, U+2029) are allowed: a text area. */
  multiline?: boolean;
  /** Bidirectional controls are allowed: a password, which is never displayed. */
  allowBidirectionalControls?: boolean;
}

function unitProblem(unit: number, rules: CharacterRules): string | null {
  if (isHighSurrogate(unit) || isLowSurrogate(unit)) return TEXT_PROBLEMS.loneSurrogate;
  if (isLineBreak(unit)) return rules.multiline ? null : TEXT_PROBLEMS.lineBreak;
  if (isControl(unit)) return TEXT_PROBLEMS.controlCharacter;
  if (isBidirectionalControl(unit) && !rules.allowBidirectionalControls) return TEXT_PROBLEMS.bidirectionalControl;
  return null;
}

/**
 * What is wrong with a text's characters, or null. NUL and lone surrogates cannot be stored in Postgres (they
 * answered 500); other controls and bidirectional controls make a name display as something it is not.
 */
export function textProblem(value: string, rules: CharacterRules = {}): string | null {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    // A surrogate pair is one character beyond U+FFFF (an emoji, a rare CJK name): it passes whole.
    if (isHighSurrogate(unit) && isLowSurrogate(value.charCodeAt(index + 1))) index += 1;
    else {
      const problem = unitProblem(unit, rules);
      if (problem) return problem;
    }
  }
  return null;
}
