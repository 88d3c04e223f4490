/** Phone numbers as spec 1 §3 has them: a country (default GB) with its dial code, and the number. */
import { FIELD_LIMITS } from '@labline/contracts';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'GB';

export interface PhoneCountry {
  code: CountryCode;
  name: string;
  dialCode: string;
  flag: string;
}

export interface PhoneParts {
  country: CountryCode;
  /** The national number as typed (or as stored, without the dial code). */
  number: string;
}

/** Regional-indicator emoji of a two-letter country code. */
function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

export const PHONE_COUNTRIES: readonly PhoneCountry[] = getCountries()
  .map((code) => ({
    code,
    name: regionNames.of(code) ?? code,
    dialCode: `+${getCountryCallingCode(code)}`,
    flag: flagOf(code),
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The main country of a dial code shared by several (+1 → US, +44 → GB), as libphonenumber lists it first. */
function mainCountryOf(callingCode: string): CountryCode | undefined {
  return metadata.country_calling_codes[callingCode]?.[0];
}

/** Splits a stored number into country and national number; numbers without a dial code keep the default. */
export function splitPhoneNumber(value: string | null | undefined): PhoneParts {
  const text = value?.trim() ?? '';
  if (!text.startsWith('+')) return { country: DEFAULT_PHONE_COUNTRY, number: text };
  const parsed = parsePhoneNumberFromString(text);
  if (parsed === undefined) return { country: DEFAULT_PHONE_COUNTRY, number: text };
  const country = parsed.country ?? mainCountryOf(parsed.countryCallingCode) ?? DEFAULT_PHONE_COUNTRY;
  // The international format grouped as the country writes it, without the dial code: "20 7946 0103".
  const number = parsed.formatInternational().replace(`+${parsed.countryCallingCode}`, '').trim();
  return { country, number };
}

/** "+44 7700 900123"; empty when there is no number. */
export function joinPhoneNumber({ country, number }: PhoneParts): string {
  const trimmed = number.trim();
  return trimmed === '' ? '' : `+${getCountryCallingCode(country)} ${trimmed}`;
}

/** The longest national number that, joined with the country's dial code, fits the contracts' phone limit. */
export function nationalNumberMaxLength(country: CountryCode): number {
  return FIELD_LIMITS.phone - `+${getCountryCallingCode(country)} `.length;
}

/** A stored number as spec 1 §3 shows it: flag, dial code, number ("🇬🇧 +44 7700 900123"); empty for none. */
export function formatPhoneNumber(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const { country, number } = splitPhoneNumber(value);
  const entry = PHONE_COUNTRIES.find((candidate) => candidate.code === country);
  return entry === undefined ? value.trim() : `${entry.flag} ${entry.dialCode} ${number}`;
}
