/** Dates typed by hand into a date box: what the box expects, and why a typed text is not a date it takes. */
import { DATE_OF_BIRTH_PROBLEMS } from '@labline/contracts';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formatDate } from './formatDate';

// Strict parsing with a format (the date picker's own parsing relies on the same plugin).
dayjs.extend(customParseFormat);

/** How dates are typed in the app's date boxes (en-GB). */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
const DATE_INPUT_SHAPE = /^\d{2}\/\d{2}\/\d{4}$/;

export interface TypedDateRules {
  /** What the date is, as the start of a sentence ("Date of birth"). */
  subject: string;
  /** The earliest date allowed (YYYY-MM-DD). */
  earliest?: string;
  /** Whether a date after `today` is refused. */
  notInFuture?: boolean;
  today?: Date;
}

/**
 * Why the typed text is not taken (a sentence for the field), or null when it is empty or a date the box takes.
 * The date picker keeps an impossible date as typed (31/02/2000) but does not take it: without this message it
 * would be dropped unnoticed, or an earlier date kept in its place.
 */
export function typedDateProblem(text: string, rules: TypedDateRules): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (!DATE_INPUT_SHAPE.test(typed)) return `Enter the ${rules.subject.toLowerCase()} as ${DATE_INPUT_FORMAT}.`;
  const date = dayjs(typed, DATE_INPUT_FORMAT, true);
  if (!date.isValid()) return `${typed} is not a real date.`;
  if (rules.earliest !== undefined && date.isBefore(rules.earliest, 'day')) {
    return `${rules.subject} must be on or after ${formatDate(rules.earliest)}.`;
  }
  if (rules.notInFuture && date.isAfter(dayjs(rules.today), 'day')) {
    return `${rules.subject} ${DATE_OF_BIRTH_PROBLEMS.inFuture}.`;
  }
  return null;
}
