/** What the app's date boxes take typed (issue 22), apart from the formatters: only forms load it. */
import { CALENDAR_DATE, realDay, twoDigits } from './dates';

/** The format, as a user is told it ("Enter the date as …"). */
export const DATE_FORMAT_EXAMPLE = '28 Nov 2026';

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/**
 * A date typed by hand, as the app's date boxes take it: the shown format ("28 Nov 2026", also "28 November 2026"
 * or "28-nov-2026", any case) or ISO (2026-11-28). Numbers only with slashes (01/02/2026) are refused: read as
 * day/month in one country and month/day in another, they would be taken as the wrong day.
 * `date` is YYYY-MM-DD; `unreal` is a date of the right shape that does not exist (31 Feb 2026).
 */
export type TypedDate = { kind: 'date'; date: string } | { kind: 'unreal' } | { kind: 'unreadable' };

const TYPED_DAY_MONTH_YEAR = /^(\d{1,2})[\s.-]*([a-z]+)\.?[\s.,-]*(\d{4})$/i;

export function readTypedDate(text: string): TypedDate {
  const typed = text.trim();
  let parts: [number, number, number] | null = null;
  const iso = CALENDAR_DATE.exec(typed);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const written = TYPED_DAY_MONTH_YEAR.exec(typed);
  if (written) {
    // A month's name or its first three letters ("Sept" too, as some write it).
    const word = written[2]!.toLowerCase().replace(/^sept$/, 'sep');
    const month = MONTH_NAMES.findIndex((name) => name === word || name.slice(0, 3) === word);
    if (month === -1) return { kind: 'unreadable' };
    parts = [Number(written[3]), month + 1, Number(written[1])];
  }
  if (parts === null) return { kind: 'unreadable' };
  const day = realDay(...parts);
  return day === null
    ? { kind: 'unreal' }
    : { kind: 'date', date: `${day.year}-${twoDigits(day.month)}-${twoDigits(day.day)}` };
}
