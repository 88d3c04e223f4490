import { FIELD_LABELS, KNOWN_FIELD_ERRORS } from '@labline/contracts';

/** A form's own labels by request field, where they differ from the contracts' FIELD_LABELS. */
export type FieldLabels = Readonly<Record<string, string>>;

/** A field's errors as antd's `form.setFields` takes them. */
export interface FieldErrors {
  name: string;
  errors: string[];
}

/** What a failure tells the user: sentences for the message above a form, and the same per field. */
export interface ErrorDescription {
  message: string;
  fields: FieldErrors[];
}

/** Answers that carry what the user typed wrong (a refused field, a rule, a conflict); others read as they are. */
const INPUT_STATUSES = new Set([400, 409, 422]);
/** "<field>[.<index or key>…]: <problem>", as every service phrases a field's error (service-kit errors.ts). */
const FIELD_PROBLEM = /^([a-z][a-z0-9_]*)((?:\.[A-Za-z0-9_]+)*): (.+)$/;
/** Zod's problems when nothing was sent, as the services rephrase them. */
const PROBLEM_REWORDING: Readonly<Record<string, string>> = { Required: 'is required' };
/** The request parts a service names when the problem is the request as a whole. */
const REQUEST_PARTS = new Set(['body', 'querystring', 'params', 'headers']);

/** The contracts' labels, looked up by any field name the server gives. */
const LABELS: FieldLabels = FIELD_LABELS;

const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A field without a label in the table reads as its words: "nhs_number" → "Nhs number". */
function labelOf(field: string, labels: FieldLabels): string {
  return labels[field] ?? LABELS[field] ?? capitalize(field.replaceAll('_', ' '));
}

/** One part of a server's error text as a sentence, with the field it concerns (null: none or unknown). */
function describePart(part: string, labels: FieldLabels): { field: string | null; sentence: string } {
  const known = KNOWN_FIELD_ERRORS[part];
  if (known !== undefined) return { field: known.field, sentence: known.sentence ?? part };
  const match = FIELD_PROBLEM.exec(part);
  if (match === null) return { field: null, sentence: part };
  const [, field = '', , rawProblem = ''] = match;
  const problem = PROBLEM_REWORDING[rawProblem] ?? rawProblem;
  if (REQUEST_PARTS.has(field)) return { field: null, sentence: endSentence(`The request ${problem}`) };
  return { field, sentence: endSentence(`${labelOf(field, labels)} ${problem}`) };
}

/**
 * A server's `error` text as the user reads it: "password: must be at least 8 characters" becomes "Password must
 * be at least 8 characters." on the Password field and in the message; several problems ("a: …; b: …") become
 * several sentences. Texts that are sentences already (the spec's, "Failed to save user") stay word for word.
 */
export function describeServerError(text: string, status: number, labels: FieldLabels = {}): ErrorDescription {
  if (!INPUT_STATUSES.has(status)) return { message: text, fields: [] };
  const parts = text.split('; ').map((part) => describePart(part.trim(), labels));
  const fields = new Map<string, string[]>();
  for (const { field, sentence } of parts) {
    if (field !== null) fields.set(field, [...(fields.get(field) ?? []), sentence]);
  }
  return {
    message: [...new Set(parts.map((part) => part.sentence))].join(' '),
    fields: [...fields].map(([name, errors]) => ({ name, errors })),
  };
}

/** A failed API call; `message` is the server's `error` text as a sentence, or the caller's default (spec 1 §8). */
export class ApiError extends Error {
  /** The server's `error` text as it came; '' when there was none (the default was used). */
  readonly serverText: string;

  /** `defaultMessage` is shown when the server gave no `error` text (`serverText` ''). */
  constructor(
    defaultMessage: string,
    readonly status: number,
    serverText = '',
  ) {
    super(serverText === '' ? defaultMessage : describeServerError(serverText, status).message);
    this.name = 'ApiError';
    this.serverText = serverText;
  }

  /** The failure under a form's own labels, with the errors of its fields. */
  describe(labels: FieldLabels = {}): ErrorDescription {
    return this.serverText === ''
      ? { message: this.message, fields: [] }
      : describeServerError(this.serverText, this.status, labels);
  }
}

/** What to show for any failure of a save: an ApiError as described, anything else as the page's default. */
export function describeFailure(error: unknown, defaultError: string, labels?: FieldLabels): ErrorDescription {
  return error instanceof ApiError ? error.describe(labels) : { message: defaultError, fields: [] };
}

/** Whether a failed load means the record does not exist (or is outside the caller's scope, which reads alike). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
