/**
 * The app's one way of showing dates ("23 Nov 2026") and date-times ("23 Nov 2026, 14:05"). dayjs's English
 * month abbreviations are fixed ("Sep"), where Intl's follow the browser's ICU data ("Sep" or "Sept").
 */
import dayjs, { type Dayjs } from 'dayjs';

export const DATE_DISPLAY_FORMAT = 'D MMM YYYY';
export const DATE_TIME_DISPLAY_FORMAT = 'D MMM YYYY, HH:mm';

/** A calendar date as stored (date of birth): a day, with no time zone to move it. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date (YYYY-MM-DD) is that day wherever the viewer is; a timestamp is read in the viewer's time
 * zone. Null when the text is neither.
 */
function parse(value: string): Dayjs | null {
  const calendar = CALENDAR_DATE.exec(value);
  const date = calendar
    ? dayjs(new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])))
    : dayjs(value);
  // new Date() rolls 2023-02-30 over to 2 March: such a "date" is shown as the text it is.
  if (!date.isValid() || (calendar && date.format('YYYY-MM-DD') !== value)) return null;
  return date.locale('en');
}

/** "23 Nov 2026" for a calendar date or a timestamp; the text itself when it is not a date. */
export function formatDate(value: string): string {
  return parse(value)?.format(DATE_DISPLAY_FORMAT) ?? value;
}

/** "23 Nov 2026, 14:05" (24-hour clock, the viewer's time zone); the text itself when it is not a date-time. */
export function formatDateTime(value: string): string {
  return parse(value)?.format(DATE_TIME_DISPLAY_FORMAT) ?? value;
}
