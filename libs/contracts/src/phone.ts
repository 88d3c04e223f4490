/**
 * Phone numbers on the server: read with libphonenumber-js and its `max` metadata, stored in E.164
 * (`+447700900123`). The web app does not load this module's library: it shows a stored number by its dial code
 * alone (web/src/shared/phone.ts), and the build drops what no page reads (contracts and libphonenumber-js are
 * side-effect free), so the metadata stays out of the browser.
 *
 * How a number is read:
 * - with a leading `+` (or the international prefix `00`), by its own country code: `+44 7700 900123`;
 * - without one, as a national number of the default country, GB (spec 1: "Default phone country GB"):
 *   `07700 900123` and `7700 900123` are both +447700900123. The web form always sends the country it shows.
 * - It must be written with digits, spaces, dashes, dots and brackets only (a `+` first), and be a possible
 *   number of its country: the length its numbering plan allows. "12ab", "hello world", "+44 12" are refused.
 *   Whether a range is assigned today ("valid" in libphonenumber's terms) is not asked: the fictional ranges
 *   Ofcom keeps for drama and tests (07700 900xxx), which the demo data and the tests use, are not assigned, and
 *   a range assigned after the library's release would be refused until it is updated.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_COUNTRY } from './http/limits';

/** What a phone number may be written with: digits, spaces, dashes, dots and brackets, a `+` first. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** The number in E.164 (`+447700900123`), or null when the text is not a possible phone number. */
export function e164PhoneNumber(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_CHARACTERS.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  return parsed !== undefined && parsed.isPossible() ? parsed.number : null;
}

/** A phone search shorter than this matches too much to be read as a number (the text search still runs). */
const MIN_SEARCH_DIGITS = 3;

/**
 * The digits a search text looks for in stored phone numbers, or null when it is not a phone number (letters, or
 * fewer than three digits). A whole number with its country code (`+44 7700 900123`, `0044 7700 900123`,
 * `+44 (0)7700 900123`) gives its national significant number, `7700900123`; any other text gives its digits
 * without leading zeros (a trunk `0`, or an international `00` before a part of a number): `07700900123` and
 * `7700 900123` give `7700900123` too. Each is found in +447700900123, and in a number kept before E.164 as
 * `07700 900123`. (A national number is not parsed: libphonenumber reads a part of one, `07700 9001`, as a whole
 * number of another length.)
 */
export function phoneSearchDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_CHARACTERS.test(trimmed)) return null;
  const international = /^(?:\+|00)/.test(trimmed)
    ? parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY)
    : undefined;
  const digits = international?.isPossible()
    ? international.nationalNumber
    : trimmed.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= MIN_SEARCH_DIGITS ? digits : null;
}
