/** Dates typed by hand into a date box: what the box holds, and why a typed text is not a date it takes. */
import { DATE_FORMAT_EXAMPLE, DATE_OF_BIRTH_PROBLEMS, formatDate, readTypedDate } from '@labline/contracts';

/**
 * A date box's value: the date (YYYY-MM-DD) when the text typed is one, else the text as typed (kept, so the
 * field can say what is wrong with it and the user correct it), or null when the box is empty.
 */
export type DateBoxValue = string | null;

/** The value of a text typed into a date box. */
export function dateBoxValueOf(text: string): DateBoxValue {
  if (text.trim() === '') return null;
  const typed = readTypedDate(text);
  return typed.kind === 'date' ? typed.date : text;
}

/** The date of a date box's value (YYYY-MM-DD), or null when it holds none or a text that is not a date. */
export function dateOfDateBox(value: DateBoxValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  const typed = readTypedDate(value);
  return typed.kind === 'date' ? typed.date : null;
}

/** What the box shows for its value: the date in the app's format, or the text as typed. */
export function dateBoxText(value: DateBoxValue | undefined): string {
  const date = dateOfDateBox(value);
  return date === null ? (value ?? '') : formatDate(date);
}

export interface TypedDateRules {
  /** What the date is, as the start of a sentence ("Date of birth"). */
  subject: string;
  /** The earliest date allowed (YYYY-MM-DD). */
  earliest?: string;
  /** Whether a date after `today` is refused. */
  notInFuture?: boolean;
  today?: Date;
}

/** A day of the viewer's calendar as YYYY-MM-DD. */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * Why the box's value is not a date it takes (a sentence for the field), or null when it is empty or one. A text
 * that is not a date stays in the box with this sentence, rather than being dropped or replaced unnoticed.
 */
export function typedDateProblem(value: DateBoxValue | undefined, rules: TypedDateRules): string | null {
  const typed = (value ?? '').trim();
  if (typed === '') return null;
  const read = readTypedDate(typed);
  if (read.kind === 'unreadable')
    return `Enter the ${rules.subject.toLowerCase()} as day, month and year: ${DATE_FORMAT_EXAMPLE}.`;
  if (read.kind === 'unreal') return `${typed} is not a real date.`;
  if (rules.earliest !== undefined && read.date < rules.earliest) {
    return `${rules.subject} must be on or after ${formatDate(rules.earliest)}.`;
  }
  if (rules.notInFuture && read.date > isoDay(rules.today ?? new Date())) {
    return `${rules.subject} ${DATE_OF_BIRTH_PROBLEMS.inFuture}.`;
  }
  return null;
}
