/**
 * The one date and time format of Labline (issue 22): a date reads "28 Nov 2026", a date and time
 * "28 Nov 2026, 14:05" on the 24-hour clock, in the web app, on specimen labels and in e-mails and SMS. Month
 * abbreviations are fixed English ("Sep", where Intl's follow the ICU data: "Sep" or "Sept"), so every browser
 * and server writes the same text. Plain code, no zod or dayjs: every page shows dates (what date boxes take is
 * typed-dates.ts, loaded by the forms alone).
 *
 * A calendar date as stored (YYYY-MM-DD: a date of birth) is that day wherever it is read; a timestamp is shown
 * in the reader's time zone (the browser's), or in the zone named (a message's, the scheduler's).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date as stored: YYYY-MM-DD. */
export const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The day of a year, month and day that exist (not 30 Feb), else null. */
export function realDay(year: number, month: number, day: number): DateParts | null {
  if (month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is this month's last day; UTC, so no time zone moves it.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay ? { year, month, day, hour: 0, minute: 0 } : null;
}

/** The numbers of a moment as the clock in `timeZone` shows it (numeric parts: no ICU month names). */
function zonedParts(date: Date, timeZone: string): DateParts {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/**
 * A calendar date's own day (no zone), or a timestamp's day and time in `timeZone` (the runtime's when none is
 * given: the viewer's in a browser). Null when the text is neither.
 */
function partsOf(value: string, timeZone: string | undefined): DateParts | null {
  const calendar = CALENDAR_DATE.exec(value);
  if (calendar) return realDay(Number(calendar[1]), Number(calendar[2]), Number(calendar[3]));
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone !== undefined) return zonedParts(date, timeZone);
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

const dayOf = (parts: DateParts) => `${parts.day} ${MONTHS[parts.month - 1]} ${parts.year}`;

/**
 * "28 Nov 2026" for a calendar date (YYYY-MM-DD) or a timestamp (its day in `timeZone`, else the viewer's zone);
 * the text itself when it is not a date.
 */
export function formatDate(value: string, timeZone?: string): string {
  const parts = partsOf(value, timeZone);
  return parts === null ? value : dayOf(parts);
}

/**
 * "28 Nov 2026, 14:05": 24-hour clock, in `timeZone` (else the viewer's zone); the text itself when it is not a
 * date. A calendar date reads as its midnight.
 */
export function formatDateTime(value: string, timeZone?: string): string {
  const parts = partsOf(value, timeZone);
  return parts === null ? value : `${dayOf(parts)}, ${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
}

/**
 * "1 Jun 2030, 13:00 BST": formatDateTime in `timeZone`, with the zone's short name, for a reader whose zone is
 * not known (an e-mail or SMS); the text itself when it is not a date-time.
 */
export function formatDateTimeInZone(value: string, timeZone: string): string {
  const shown = formatDateTime(value, timeZone);
  const date = new Date(value);
  if (shown === value || Number.isNaN(date.getTime())) return shown;
  const zone = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone === undefined ? shown : `${shown} ${zone}`;
}
