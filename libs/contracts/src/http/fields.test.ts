import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { z } from 'zod';
import { ERRORS } from '../errors';
import { changePasswordBodySchema, loginBodySchema, updateProfileBodySchema } from './auth';
import { idParamSchema, pageQuerySchema } from './common';
import {
  calendarDateSchema,
  dateOfBirthSchema,
  idText,
  newPassword,
  optionalDateOfBirth,
  optionalText,
  requiredEmail,
  requiredText,
  safeText,
  TEXT_PROBLEMS,
} from './fields';
import { institutionBodySchema } from './institutions';
import { patientBodySchema, patientListQuerySchema } from './patients';
import { createUserBodySchema, userListQuerySchema } from './users';

/** The messages of a refused value, or 'accepted'. */
function refusal(schema: z.ZodType, value: unknown): string[] | 'accepted' {
  const result = schema.safeParse(value);
  return result.success ? 'accepted' : result.error.issues.map((issue) => issue.message);
}

const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('ids in paths and query strings', () => {
  it('are decimal digits only: no hex, exponent, sign, space or fraction', () => {
    assert.deepEqual(idParamSchema.parse({ id: '16' }), { id: 16 });
    for (const id of ['0x10', '0X10', '1e3', '1E1', '-1', '+1', ' 7', '7 ', '7.0', '1.5', '', 'abc', 'Infinity']) {
      assert.deepEqual(refusal(idText, id), ['must be a positive integer in decimal digits'], id);
    }
  });

  it('refuse leading zeros and zero, so that each id has one spelling', () => {
    for (const id of ['07', '007', '0', '00']) {
      assert.deepEqual(refusal(idText, id), ['must be a positive integer in decimal digits'], id);
    }
  });

  it('refuse digits outside ASCII and ids past a Postgres integer', () => {
    assert.notEqual(refusal(idText, '\uff11'), 'accepted');
    assert.notEqual(refusal(idText, '\u0663'), 'accepted');
    assert.equal(idText.parse('2147483647'), 2_147_483_647);
    for (const id of ['2147483648', '99999999999999999999']) {
      assert.deepEqual(refusal(idText, id), ['must be at most 2147483647'], id);
    }
  });

  it('refuse a number where text is expected, and fields the path does not have', () => {
    assert.notEqual(refusal(idParamSchema, { id: 16 }), 'accepted');
    assert.deepEqual(refusal(idParamSchema, { id: '1', extra: 'x' }), ['Unrecognized key: "extra"']);
  });

  it('hold for page, limit and list filters too', () => {
    assert.deepEqual(pageQuerySchema.parse({}), { page: 1, limit: 20 });
    assert.deepEqual(pageQuerySchema.parse({ page: '3', limit: '100' }), { page: 3, limit: 100 });
    for (const query of [{ page: '0x2' }, { page: '0' }, { limit: '1e2' }, { limit: '101' }, { page: ' 2' }]) {
      assert.notEqual(refusal(pageQuerySchema, query), 'accepted', JSON.stringify(query));
    }
    assert.notEqual(refusal(patientListQuerySchema, { institution_id: '0x1' }), 'accepted');
    assert.notEqual(refusal(userListQuerySchema, { institution_id: '01' }), 'accepted');
    assert.notEqual(refusal(userListQuerySchema, { sort: 'name' }), 'accepted');
  });
});

describe('text', () => {
  const name = requiredText(100);

  it('refuses NUL and other control characters', () => {
    for (const value of [
      'Ame\u0000lia',
      'Amelia\u0000',
      '\u0007bell',
      'tab\there',
      'esc\u001b[31m',
      'del\u007f',
      'nel\u0085',
    ]) {
      assert.deepEqual(refusal(name, value), [TEXT_PROBLEMS.controlCharacter], JSON.stringify(value));
    }
  });

  it('refuses lone UTF-16 surrogates and keeps paired ones', () => {
    for (const value of ['\ud800', 'Amelia\ud800', '\udc00x', 'x\udbff']) {
      assert.deepEqual(refusal(name, value), [TEXT_PROBLEMS.loneSurrogate], JSON.stringify(value));
    }
    assert.equal(name.parse('Amelia \u{1f600}'), 'Amelia \u{1f600}');
  });

  it('refuses bidirectional overrides, embeddings and isolates', () => {
    for (const value of [
      '\u202eAmelia',
      'A\u202a',
      'A\u202b',
      'A\u202c',
      'A\u202d',
      'A\u2066',
      'A\u2067',
      'A\u2068',
      'A\u2069',
    ]) {
      assert.deepEqual(refusal(name, value), [TEXT_PROBLEMS.bidirectionalControl], JSON.stringify(value));
    }
    // Right-to-left names are text like any other.
    assert.equal(name.parse('\u0633\u0627\u0631\u0629'), '\u0633\u0627\u0631\u0629');
  });

  it('is NFC-normalised and trimmed', () => {
    assert.equal(name.parse('e\u0301'), '\u00e9');
    assert.equal(name.parse('  Zoe\u0308 Hart \n'), 'Zo\u00eb Hart');
    assert.equal(name.parse('\u00a0Amelia\u00a0'), 'Amelia');
    assert.deepEqual(refusal(name, ' \n\t '), ['is required']);
  });

  it('counts length after normalising', () => {
    assert.equal(requiredText(1).parse('e\u0301'), '\u00e9');
    assert.deepEqual(refusal(requiredText(3), 'abcd'), ['must be at most 3 characters']);
  });

  it('allows line breaks only in fields declared multi-line, stored as \\n', () => {
    assert.deepEqual(refusal(name, 'first\nsecond'), [TEXT_PROBLEMS.lineBreak]);
    assert.deepEqual(refusal(name, 'first\r\nsecond'), [TEXT_PROBLEMS.lineBreak]);
    assert.deepEqual(refusal(name, 'first\u2028second'), [TEXT_PROBLEMS.lineBreak]);
    const address = safeText(500, { multiline: true });
    assert.equal(address.parse('1 Quay Street\r\nHarbour\rNW1'), '1 Quay Street\nHarbour\nNW1');
    assert.deepEqual(refusal(address, '1 Quay\u0000 Street'), [TEXT_PROBLEMS.controlCharacter]);
    assert.deepEqual(refusal(address, '1 Quay\tStreet'), [TEXT_PROBLEMS.controlCharacter]);
    assert.equal(institutionBodySchema.parse({ name: 'Harbour', address: 'a\nb' }).address, 'a\nb');
    assert.notEqual(refusal(institutionBodySchema, { name: 'Har\nbour' }), 'accepted');
  });

  it('applies to optional text, e-mail addresses and searches alike', () => {
    assert.equal(optionalText(40).parse(''), null);
    assert.deepEqual(refusal(optionalText(40), '+44\u0000'), [TEXT_PROBLEMS.controlCharacter]);
    assert.equal(requiredEmail.parse(' Amelia@Example.TEST '), 'amelia@example.test');
    assert.deepEqual(refusal(requiredEmail, 'amelia@example.test\u0000'), [TEXT_PROBLEMS.controlCharacter]);
    assert.deepEqual(patientListQuerySchema.parse({ search: ' e\u0301 ' }), { page: 1, limit: 20, search: '\u00e9' });
    assert.deepEqual(refusal(patientListQuerySchema, { search: 'a\u0000' }), [TEXT_PROBLEMS.controlCharacter]);
    assert.deepEqual(refusal(userListQuerySchema, { search: '\ud800' }), [TEXT_PROBLEMS.loneSurrogate]);
  });
});

describe('passwords', () => {
  it('are kept as typed, never trimmed or normalised', () => {
    assert.equal(newPassword.parse('  spaced e\u0301  '), '  spaced e\u0301  ');
    assert.equal(loginBodySchema.parse({ email: 'a@b.test', password: ' x ' }).password, ' x ');
  });

  it('refuse control characters and lone surrogates when set, not when tried', () => {
    assert.deepEqual(refusal(newPassword, 'long enough\u0000'), [TEXT_PROBLEMS.controlCharacter]);
    assert.deepEqual(refusal(newPassword, 'long enough\ud800'), [TEXT_PROBLEMS.loneSurrogate]);
    assert.equal(newPassword.parse('long \u202e enough'), 'long \u202e enough');
    assert.deepEqual(refusal(createUserBodySchema, { ...newUser(), password: 'long enough\n' }), [
      TEXT_PROBLEMS.lineBreak,
    ]);
    assert.deepEqual(refusal(createUserBodySchema, { ...newUser(), password: 'short' }), [
      'must be at least 8 characters',
    ]);
    assert.equal(createUserBodySchema.parse({ ...newUser(), password: '' }).password, null);
    // A password set before these rules must still sign in.
    assert.equal(loginBodySchema.parse({ email: 'a@b.test', password: 'old\u0007' }).password, 'old\u0007');
  });
});

describe('the password change', () => {
  it('checks a confirmation when one is sent, rather than ignoring it', () => {
    const body = { current_password: 'x', new_password: 'long enough' };
    assert.equal(refusal(changePasswordBodySchema, { ...body, confirm_password: 'long enough' }), 'accepted');
    assert.deepEqual(refusal(changePasswordBodySchema, { ...body, confirm_password: 'long enuogh' }), [
      ERRORS.newPasswordsDoNotMatch,
    ]);
    assert.deepEqual(refusal(changePasswordBodySchema, { ...body, confirm: 'long enough' }), [
      'Unrecognized key: "confirm"',
    ]);
  });
});

describe('dates of birth', () => {
  it('lie between 1900-01-01 and today', () => {
    assert.equal(dateOfBirthSchema.parse('1900-01-01'), '1900-01-01');
    assert.equal(dateOfBirthSchema.parse(isoDate(0)), isoDate(0));
    assert.deepEqual(refusal(dateOfBirthSchema, '1899-12-31'), ['must be on or after 1900-01-01']);
    assert.deepEqual(refusal(dateOfBirthSchema, '0000-01-01'), ['must be on or after 1900-01-01']);
    assert.deepEqual(refusal(dateOfBirthSchema, '2999-01-01'), ['must not be in the future']);
  });

  it('allow today wherever it is already today (UTC+14), not the day after', () => {
    // At 10:00 UTC or later it is already tomorrow in Kiribati; the day after that is the future everywhere.
    assert.deepEqual(refusal(dateOfBirthSchema, isoDate(2)), ['must not be in the future']);
    const latest = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
    assert.equal(dateOfBirthSchema.parse(latest), latest);
  });

  it('are real calendar dates in one format, with one message each', () => {
    assert.deepEqual(refusal(dateOfBirthSchema, '2023-02-30'), ['must be a real calendar date']);
    assert.deepEqual(refusal(dateOfBirthSchema, '12/04/1980'), ['must be a date (YYYY-MM-DD)']);
    assert.deepEqual(refusal(dateOfBirthSchema, '+01980-04-12'), ['must be a date (YYYY-MM-DD)']);
    assert.equal(optionalDateOfBirth.parse(''), null);
    assert.equal(optionalDateOfBirth.parse(null), null);
    assert.equal(optionalDateOfBirth.parse(undefined), null);
  });

  it('stay tolerant in events, which must read what was stored before the range existed', () => {
    assert.equal(calendarDateSchema.parse('1899-12-31'), '1899-12-31');
  });
});

function newUser() {
  return { email: 'nina@example.test', first_name: 'Nina', last_name: 'Ward', role: 'lab_user' };
}

describe('request objects', () => {
  it('refuse every field they do not name, on every body', () => {
    const bodies: [z.ZodType, Record<string, unknown>][] = [
      [loginBodySchema, { email: 'a@b.test', password: 'x' }],
      [changePasswordBodySchema, { current_password: 'x', new_password: 'long enough' }],
      [updateProfileBodySchema, { first_name: 'A', last_name: 'B' }],
      [institutionBodySchema, { name: 'Harbour' }],
      [createUserBodySchema, newUser()],
      [patientBodySchema, { first_name: 'A', last_name: 'B', institution_ids: [1] }],
    ];
    for (const [schema, body] of bodies) {
      assert.equal(refusal(schema, body), 'accepted', JSON.stringify(body));
      assert.deepEqual(refusal(schema, { ...body, extra: 1 }), ['Unrecognized key: "extra"'], JSON.stringify(body));
    }
  });

  it('name numbers sent as text as the wrong type', () => {
    const body = { first_name: 'A', last_name: 'B', institution_ids: ['1'], clinician_id: '3' };
    assert.equal(patientBodySchema.safeParse(body).error?.issues.length, 2);
  });
});
