import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, joinPhoneNumber, splitPhoneNumber } from './phone';
import { DIAL_CODES, MAIN_COUNTRY_OF_SHARED_DIAL_CODE } from './phoneCountries';

describe('the dial-code table', () => {
  it('lists every country of libphonenumber with its calling code', () => {
    const expected = Object.fromEntries(getCountries().map((code) => [code, getCountryCallingCode(code)]));
    expect({ ...DIAL_CODES }).toEqual(expected);
  });

  it("names, for each shared dial code, libphonenumber's main country", () => {
    const shared = Object.entries(metadata.country_calling_codes).filter(([, countries]) => countries.length > 1);
    expect(MAIN_COUNTRY_OF_SHARED_DIAL_CODE).toEqual(
      Object.fromEntries(shared.map(([callingCode, countries]) => [callingCode, countries[0]])),
    );
  });
});

describe('stored numbers', () => {
  it('are split by their dial code, the longest known one first', () => {
    expect(splitPhoneNumber('+44 7700 900123')).toEqual({ country: 'GB', number: '7700 900123' });
    expect(splitPhoneNumber('+1 416 555 0100')).toEqual({ country: 'US', number: '416 555 0100' });
    expect(splitPhoneNumber('+353 1 555 0100')).toEqual({ country: 'IE', number: '1 555 0100' });
    expect(splitPhoneNumber('+35315550100')).toEqual({ country: 'IE', number: '15550100' });
  });

  it('keep the default country when they have no known dial code', () => {
    expect(splitPhoneNumber('07700 900123')).toEqual({ country: 'GB', number: '07700 900123' });
    expect(splitPhoneNumber('+999 123')).toEqual({ country: 'GB', number: '+999 123' });
    expect(splitPhoneNumber(null)).toEqual({ country: 'GB', number: '' });
  });

  it('join back to what was stored', () => {
    for (const stored of ['+44 7700 900123', '+1 212 555 0100', '+358 40 123 4567'])
      expect(joinPhoneNumber(splitPhoneNumber(stored))).toBe(stored);
  });

  it('show as flag, dial code and number', () => {
    expect(formatPhoneNumber('+49 30 123456')).toBe('🇩🇪 +49 30 123456');
    expect(formatPhoneNumber('   ')).toBe('');
  });
});
