/**
 * The app's one way of showing dates ("23 Nov 2026") and date-times ("23 Nov 2026, 14:05"), with fixed English
 * month abbreviations ("Sep"), where Intl's follow the browser's ICU data ("Sep" or "Sept"). Plain code, not
 * dayjs: most pages show dates and have no date picker, which is what brings dayjs.
 */
export const DATE_DISPLAY_FORMAT = 'D MMM YYYY';
export const DATE_TIME_DISPLAY_FORMAT = 'D MMM YYYY, HH:mm';

/** English month abbreviations as dayjs writes them (DATE_DISPLAY_FORMAT's MMM), whatever the browser's ICU. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date as stored (date of birth): a day, with no time zone to move it. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date (YYYY-MM-DD) is that day wherever the viewer is; a timestamp is read in the viewer's time
 * zone. Null when the text is neither.
 */
function parse(value: string): Date | null {
  const calendar = CALENDAR_DATE.exec(value);
  const date = calendar ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // new Date() rolls 2023-02-30 over to 2 March: such a "date" is shown as the text it is.
  if (calendar && (date.getMonth() !== Number(calendar[2]) - 1 || date.getDate() !== Number(calendar[3]))) return null;
  return date;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

/** "23 Nov 2026" for a calendar date or a timestamp; the text itself when it is not a date. */
export function formatDate(value: string): string {
  const date = parse(value);
  return date === null ? value : dayOf(date);
}

/** "23 Nov 2026, 14:05" (24-hour clock, the viewer's time zone); the text itself when it is not a date-time. */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date === null ? value : `${dayOf(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
