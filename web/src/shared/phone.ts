/** Phone numbers as spec 1 §3 has them: a country (default GB) with its dial code, and the number. */
import { DEFAULT_PHONE_COUNTRY, FIELD_LIMITS } from '@labline/contracts';
import { DIAL_CODES, MAIN_COUNTRY_OF_SHARED_DIAL_CODE, type PhoneCountryCode } from './phoneCountries';

export type { PhoneCountryCode } from './phoneCountries';

export interface PhoneCountry {
  code: PhoneCountryCode;
  name: string;
  dialCode: string;
  flag: string;
}

export interface PhoneParts {
  country: PhoneCountryCode;
  /** The national number as typed (or as stored, without the dial code). */
  number: string;
}

/** Regional-indicator emoji of a two-letter country code. */
function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

export const PHONE_COUNTRIES: readonly PhoneCountry[] = (Object.keys(DIAL_CODES) as PhoneCountryCode[])
  .map((code) => ({ code, name: regionNames.of(code) ?? code, dialCode: `+${DIAL_CODES[code]}`, flag: flagOf(code) }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The country of a dial code (digits); a code several countries share gives its main one (+1 → US). */
const COUNTRY_OF_DIAL_CODE: ReadonlyMap<string, PhoneCountryCode> = new Map(
  (Object.entries(DIAL_CODES) as [PhoneCountryCode, string][])
    .filter(([code, dial]) => (MAIN_COUNTRY_OF_SHARED_DIAL_CODE[dial] ?? code) === code)
    .map(([code, dial]) => [dial, code]),
);
/** ITU dial codes are one to three digits and none is the start of another. */
const LONGEST_DIAL_CODE = 3;

/**
 * Splits a stored number ("+44 7700 900123") into its country, found by the dial code, and the rest as stored;
 * a number without a known dial code keeps the default country.
 */
export function splitPhoneNumber(value: string | null | undefined): PhoneParts {
  const text = value?.trim() ?? '';
  if (!text.startsWith('+')) return { country: DEFAULT_PHONE_COUNTRY, number: text };
  const digits = text.slice(1).match(/^\d+/)?.[0] ?? '';
  for (let length = 1; length <= Math.min(LONGEST_DIAL_CODE, digits.length); length += 1) {
    const country = COUNTRY_OF_DIAL_CODE.get(digits.slice(0, length));
    if (country !== undefined) return { country, number: text.slice(1 + length).trim() };
  }
  return { country: DEFAULT_PHONE_COUNTRY, number: text };
}

/** "+44 7700 900123"; empty when there is no number. */
export function joinPhoneNumber({ country, number }: PhoneParts): string {
  const trimmed = number.trim();
  return trimmed === '' ? '' : `+${DIAL_CODES[country]} ${trimmed}`;
}

/** The longest national number that, joined with the country's dial code, fits the contracts' phone limit. */
export function nationalNumberMaxLength(country: PhoneCountryCode): number {
  return FIELD_LIMITS.phone - `+${DIAL_CODES[country]} `.length;
}

/** A stored number as spec 1 §3 shows it: flag, dial code, number ("🇬🇧 +44 7700 900123"); empty for none. */
export function formatPhoneNumber(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const { country, number } = splitPhoneNumber(value);
  return `${flagOf(country)} +${DIAL_CODES[country]} ${number}`;
}
