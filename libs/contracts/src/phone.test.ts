import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { CLINICAL_EVENT_SCHEMAS } from './events/clinical';
import { IDENTITY_EVENT_SCHEMAS } from './events/identity';
import { mergedPhone, optionalPhone, PHONE_NUMBER_PROBLEM } from './http/fields';
import { e164PhoneNumber, phoneSearchDigits } from './phone';

describe('phone numbers', () => {
  it('are stored in E.164 from any spelling; without a country code they are GB numbers', () => {
    const spellings: [string, string][] = [
      ['+44 7700 900123', '+447700900123'],
      ['+44 (0) 7700 900123', '+447700900123'],
      ['07700 900123', '+447700900123'],
      ['7700 900123', '+447700900123'],
      ['0044 7700 900123', '+447700900123'],
      ['020 7946 0100', '+442079460100'],
      ['+1 (415) 555-2671', '+14155552671'],
      ['+1 212.555.0123', '+12125550123'],
      ['+353 85 123 4567', '+353851234567'],
    ];
    for (const [text, stored] of spellings) assert.equal(e164PhoneNumber(text), stored, text);
  });

  it('refuse what is no number, or no possible number of its country', () => {
    for (const text of ['12ab', 'hello world', '', '+', '+44', '+44 12', '1', '+999 123456789', '0800 FLOWERS']) {
      assert.equal(e164PhoneNumber(text), null, text);
    }
    // An extension cannot be kept in E.164: refused rather than dropped.
    assert.equal(e164PhoneNumber('+44 20 7946 0100 ext. 12'), null);
  });

  it('of forms: empty is none, a number is E.164, anything else names the problem', () => {
    assert.equal(optionalPhone.parse(''), null);
    assert.equal(optionalPhone.parse(undefined), null);
    assert.equal(optionalPhone.parse(' +44 7700 900123 '), '+447700900123');
    assert.deepEqual(
      optionalPhone.safeParse('12ab').error?.issues.map((issue) => issue.message),
      [PHONE_NUMBER_PROBLEM],
    );
    assert.equal(mergedPhone.parse(undefined), undefined, 'absent keeps the stored one');
    assert.equal(mergedPhone.parse(''), null, 'empty clears it');
    assert.equal(mergedPhone.parse('7700 900123'), '+447700900123');
    assert.equal(mergedPhone.safeParse('hello world').success, false);
  });

  it('stored in events before the services checked them still load', () => {
    const patient = CLINICAL_EVENT_SCHEMAS.PatientRegistered.shape.phone;
    const user = IDENTITY_EVENT_SCHEMAS.UserProfileUpdated.shape.phone;
    for (const old of ['12ab', 'hello world', '+44 7700 900123', '07700 900123']) {
      assert.equal(patient.parse(old), old);
      assert.equal(user.parse(old), old);
    }
  });
});

describe('a search for a phone number', () => {
  it('gives the national number of a whole number in any spelling', () => {
    const spellings = ['+44 7700 900123', '+447700900123', '+44 (0)7700 900123', '07700900123', '7700 900123'];
    for (const text of [...spellings, '0044 7700 900123']) {
      assert.equal(phoneSearchDigits(text), '7700900123', text);
    }
  });

  it('gives the digits of a part of a number without its trunk or international prefix', () => {
    assert.equal(phoneSearchDigits('07700 9001'), '77009001');
    assert.equal(phoneSearchDigits('+44 7700'), '447700');
    assert.equal(phoneSearchDigits('900 123'), '900123');
  });

  it('is no phone search for text or fewer than three digits', () => {
    for (const text of ['cancelled', 'page3@example.test', '12ab', '42', '0', '+']) {
      assert.equal(phoneSearchDigits(text), null, text);
    }
  });
});
