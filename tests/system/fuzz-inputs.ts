/**
 * What the fuzz test sends (fuzz.int.test.ts): valid-ish bodies, query strings and ids per route, mutated with
 * what a browser never sends but an attacker or a broken client does — NUL and other control characters, lone
 * UTF-16 surrogates, bidirectional overrides, huge strings, wrong types, numbers as text, unknown fields.
 */
import { CMS_SUB_PERMISSIONS, INSTITUTION_TYPES, PATIENT_GENDERS, ROLES, SECTIONS } from '@labline/contracts';
import fc from 'fast-check';

/** Characters that break storage (NUL, lone surrogates), hide text (bidi overrides) or need normalising. */
const NASTY = [
  // One character each (a string spreads into code points): controls, bidi controls, line and paragraph
  // separators, a BOM and a noncharacter, an emoji, and what SQL LIKE and JSON give meaning to.
  ...'\u0000\u0001\u0007\t\n\r\u001b\u007f\u0085\u009f\u202a\u202e\u2066\u2069\u200f\u2028\ufeff\uffff\u{1f600}%_\\\'" \u00a0',
  ...['\ud800', '\udbff', '\udfff', 'e\u0301', '\u0958'],
];
/** Numbers as a careless parser reads them: `0x10` as 16, `1e3` as 1000, ` 7` as 7. */
const NUMBER_TEXTS = ['0x10', '0X1', '1e3', '-1', '01', '007', '+1', ' 7', '7 ', '1.0', '1.5', '0', '', 'NaN'];
const LARGE_NUMBER_TEXTS = ['2147483647', '2147483648', '99999999999999999999', 'Infinity', '1e999'];

const plain = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 16 });
const nastyText = fc
  .array(fc.oneof(fc.constantFrom(...NASTY), plain), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));
/** Mostly what a form sends, some of it any Unicode, some of it hostile. */
export const text = fc.oneof(
  { weight: 6, arbitrary: plain },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  { weight: 1, arbitrary: nastyText },
);
/** What breaks storage weighs more: NUL and lone surrogates answered 500 on every write. */
const inserted = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e') },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
);
const huge = fc
  .tuple(fc.constantFrom('x', '\u0000', '\u00e9', '\ud800'), fc.constantFrom(1_000, 50_000, 600_000))
  .map(([unit, times]) => unit.repeat(times));
/** Nested arrays as deep as the test's own JSON.stringify goes; deeper ones travel as raw text (RAW_BODIES). */
const deep = fc.constantFrom(100, 2_000).map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`));

/** A value of any type where a field expects something else. */
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  huge,
  deep,
  fc.constantFrom(...NUMBER_TEXTS, ...LARGE_NUMBER_TEXTS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), text), { maxLength: 3 }),
  fc.dictionary(plain, fc.oneof(fc.integer(), text), { maxKeys: 2 }),
);

type Body = Record<string, unknown>;
type Mutation =
  | { kind: 'insert'; field: number; at: number; character: string }
  | { kind: 'set'; field: number; value: unknown }
  | { kind: 'drop'; field: number }
  | { kind: 'extra'; name: string; value: unknown }
  | { kind: 'replace'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('insert'),
      field: fc.nat(),
      at: fc.nat(),
      character: inserted,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('set'), field: fc.nat(), value: weirdValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop'), field: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra'),
      name: fc.oneof(fc.constantFrom('is_admin', 'id', 'role', 'institution_id', '__proto__', 'constructor'), plain),
      value: weirdValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace'), value: fc.oneof(weirdValue, fc.constant([])) }) },
) as fc.Arbitrary<Mutation>;

/** Sets a key as JSON would (an own property, even `__proto__`). */
function withKey(body: Body, key: string, value: unknown): Body {
  const copy = { ...body };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function applyMutation(body: unknown, change: Mutation): unknown {
  if (change.kind === 'replace') return change.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Body;
  const keys = Object.keys(record);
  if (change.kind === 'extra') return withKey(record, change.name, change.value);
  if (keys.length === 0) return record;
  if (change.kind === 'insert') {
    const texts = keys.filter((key) => typeof record[key] === 'string');
    const key = texts[change.field % Math.max(texts.length, 1)];
    if (key === undefined) return record;
    const value = record[key] as string;
    const at = change.at % (value.length + 1);
    return withKey(record, key, value.slice(0, at) + change.character + value.slice(at));
  }
  const key = keys[change.field % keys.length]!;
  if (change.kind === 'set') return withKey(record, key, change.value);
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/** A valid-ish body, sometimes as it is, mostly with one mutation (that one decides), else two or three. */
export function mutated(valid: fc.Arbitrary<Body>): fc.Arbitrary<unknown> {
  const changes = fc.oneof(
    { weight: 2, arbitrary: fc.constant([]) },
    { weight: 5, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
    { weight: 3, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
  );
  return fc.tuple(valid, changes).map(([body, list]) => list.reduce<unknown>(applyMutation, body));
}

/** How a body travels: JSON as a client sends it, or raw text with its own content type. */
export type Payload = { json: unknown } | { raw: string; contentType: string | null };

const RAW_BODIES = [
  '{"email": ',
  '{"__proto__": {"is_admin": true}}',
  '{"constructor": {"prototype": {"is_admin": true}}}',
  '{"first_name": "\\u0000"}',
  '{"first_name": "\\ud800"}',
  '{"a": 1, "a": 2}',
  'null',
  '[]',
  '"text"',
  '1e999',
  '\u0000',
  '{"first_name": "Amelia"}\u0000',
  `{"first_name": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  null,
];

export function payloadOf(body: fc.Arbitrary<unknown>): fc.Arbitrary<Payload> {
  return fc.oneof(
    { weight: 8, arbitrary: body.map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc.record({
        raw: fc.oneof(
          fc.constantFrom(...RAW_BODIES),
          body.map((json) => JSON.stringify(json) ?? 'undefined'),
        ),
        contentType: fc.constantFrom(...CONTENT_TYPES),
      }),
    },
  );
}

/** Path ids: real ones, and the spellings a lenient parser reads as real ones. */
export function pathId(real: readonly number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real).map(String) },
    { weight: 3, arbitrary: fc.constantFrom(...NUMBER_TEXTS, ...LARGE_NUMBER_TEXTS).map(encodeURIComponent) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%E2%80%AE1', '%EF%BC%91', '%D9%A3', '1%00', '%', '%zz'),
    },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );
}

const ENCODED_NASTY = ['%00', '%ED%A0%80', '%E2%80%AE', '%0A', '%C0%80', '%FF', '%', '%zz', '+', '%2B', '%25'];
const queryValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom(...NUMBER_TEXTS, ...LARGE_NUMBER_TEXTS).map(encodeURIComponent),
  fc.constantFrom(...ROLES, 'true', 'false', '1', 'yes'),
  fc
    .array(fc.oneof(fc.constantFrom(...ENCODED_NASTY), plain.map(encodeURIComponent)), { maxLength: 4 })
    .map((parts) => parts.join('')),
);
const QUERY_KEYS = ['page', 'limit', 'search', 'role', 'institution_id', 'is_active', 'extra', 'search[]', '__proto__'];

/** A query string ('' or '?…'), with known and unknown keys, repeated keys and broken escapes. */
export const queryString: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), plain.map(encodeURIComponent)), queryValue), {
    maxLength: 4,
  })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`));

// ---- Valid-ish bodies per route ----

const email = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('Someone@Example.TEST', ' padded@example.test ', 'not-an-email', ''),
  text,
);
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(fc.oneof(value, fc.constant('')), { nil: undefined });
/** Phone numbers in the spellings people type (stored in E.164), and text that is none (refused). */
const phone = fc.oneof(
  fc.constantFrom('+44 7700 900123', '07700 900456', '+1 (415) 555-2671', '+353 85 123 4567', '12ab'),
  text,
);
const institutionIds = fc.constantFrom([1], [2], [1, 2], [], [99]);
const dateOfBirth = fc.oneof(
  fc
    .date({ min: new Date('1890-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('0000-01-01', '1899-12-31', '1900-01-01', '2999-01-01', '2023-02-30', '1980-4-12', '', null),
);

export const loginBody = fc.record({ email, password: text });
export const profileBody = fc.record(
  { first_name: text, last_name: text, phone: optional(phone) },
  { requiredKeys: ['first_name', 'last_name'] },
);
export const changePasswordBody = fc.record({ current_password: text, new_password: text });
export const institutionBody = fc.record(
  {
    name: text,
    institution_number: optional(text),
    address: optional(
      fc.oneof(
        text,
        fc.tuple(text, text).map(([a, b]) => `${a}\n${b}`),
      ),
    ),
    phone: optional(phone),
    email: optional(email),
    institution_type: fc.constantFrom(...INSTITUTION_TYPES),
  },
  { requiredKeys: ['name'] },
);
export function userBody(institutions: readonly number[]) {
  return fc.record(
    {
      email,
      first_name: text,
      last_name: text,
      phone: optional(phone),
      role: fc.constantFrom(...ROLES),
      institution_id: fc.option(fc.constantFrom(...institutions), { nil: null }),
      clinician_institution_ids: fc.subarray([...institutions]),
      permissions: fc.subarray([...SECTIONS, ...CMS_SUB_PERMISSIONS], { maxLength: 4 }),
      password: optional(fc.oneof(text, fc.constant('a long enough password'))),
      is_active: fc.boolean(),
    },
    { requiredKeys: ['email', 'first_name', 'last_name', 'role'] },
  );
}
export function patientBody(clinicians: readonly number[]) {
  return fc.record(
    {
      first_name: text,
      last_name: text,
      date_of_birth: dateOfBirth,
      gender: fc.constantFrom(...PATIENT_GENDERS, ''),
      phone: optional(phone),
      email: optional(email),
      insurance_number: optional(text),
      nhs_number: optional(text),
      street_address_1: optional(text),
      city: optional(text),
      postal_code: optional(text),
      country: optional(text),
      medical_record_number: optional(text),
      institution_ids: institutionIds,
      clinician_id: fc.option(fc.constantFrom(...clinicians), { nil: null }),
    },
    { requiredKeys: ['first_name', 'last_name', 'institution_ids'] },
  );
}
