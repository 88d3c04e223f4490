/**
 * The results pages' pure parts (spec 2 §2.7–2.9, §4): names as the pages show them, the filters' chips, the
 * cards, the Review menu's moves and texts, the form's body and the structured values' check.
 */
import {
  RESULT_CARD_STATUSES,
  RESULT_STATUS_LABELS,
  RESULT_TRANSITIONS,
  needsAmendmentReason,
  type ResultBody,
  type ResultList,
  type ResultRecord,
  type ResultStatus,
  type TestRequestPriority,
} from '@labline/contracts';

export const NONE = '—';

/** "Jane Doe", '' when neither part is known. */
export const personName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last].filter((part) => part !== null && part !== undefined && part !== '').join(' ');

export const patientName = (result: Pick<ResultRecord, 'patient_first_name' | 'patient_last_name'>): string =>
  personName(result.patient_first_name, result.patient_last_name);

/** The priorities a test request has (spec 1 §4), as the side panel and the detail tag them. */
const PRIORITIES: readonly string[] = ['normal', 'urgent', 'stat'] satisfies TestRequestPriority[];
export const isPriority = (value: string | null): value is TestRequestPriority =>
  value !== null && PRIORITIES.includes(value);

/** The list's filters as the page reads them from the address. */
export interface ResultFilterValues {
  search: string;
  status: ResultStatus | undefined;
}

export type FilterChipKey = keyof ResultFilterValues;

/** One removable chip per applied filter. */
export function filterChips(filters: ResultFilterValues): { key: FilterChipKey; label: string }[] {
  const chips: { key: FilterChipKey; label: string }[] = [];
  if (filters.search !== '') chips.push({ key: 'search', label: `Search: ${filters.search}` });
  if (filters.status !== undefined)
    chips.push({ key: 'status', label: `Status: ${RESULT_STATUS_LABELS[filters.status]}` });
  return chips;
}

/** spec 2 §2.7: the cards count Draft, Reviewed, Final and Total (the server's counts for the search). */
export function statusCards(
  counts: ResultList['counts'] | undefined,
): { key: string; label: string; count: number | null }[] {
  return [
    ...RESULT_CARD_STATUSES.map((status) => ({
      key: status,
      label: RESULT_STATUS_LABELS[status],
      count: counts === undefined ? null : counts[status],
    })),
    { key: 'total', label: 'Total', count: counts === undefined ? null : counts.total },
  ];
}

/**
 * The Review menu's moves from a status (spec 2 §4, along contracts' table): every move of the table but the
 * one into amended, which needs its reason and is made on the edit form. Empty for a final result.
 */
export const reviewMoves = (status: ResultStatus): ResultStatus[] =>
  RESULT_TRANSITIONS[status].filter((to) => !needsAmendmentReason(to));

/** The Review menu's entries, and what each asks before it moves the result. */
export const REVIEW_LABELS: Readonly<Record<ResultStatus, string>> = {
  draft: 'Back to Draft',
  reviewed: 'Mark as Reviewed',
  final: 'Release as Final',
  amended: 'Amend',
};
export const reviewQuestion = (displayId: string, to: ResultStatus): string =>
  to === 'final'
    ? `Release ${displayId} as final? The clinician can then download its report.`
    : `Mark ${displayId} as ${RESULT_STATUS_LABELS[to].toLowerCase()}?`;
export const reviewDone = (displayId: string, to: ResultStatus): string =>
  `${displayId} is now ${RESULT_STATUS_LABELS[to].toLowerCase()}`;

/** The result form's fields (spec 2 §2.9). */
export interface ResultFormValues {
  test_request_id: number | null;
  result_data: string;
  result_values: string;
  interpretation: string;
  status: ResultStatus;
  amendment_reason: string;
}

/** The form's labels by request field, for the server's field errors. */
export const RESULT_FORM_LABELS = {
  test_request_id: 'Test Request',
  result_data: 'Result Data',
  result_values: 'Structured Values',
  interpretation: 'Clinical Interpretation',
  status: 'Status',
  amendment_reason: 'Reason for Amendment',
} as const;

/** Structured values are optional; when given they must be valid JSON. */
export function structuredValuesProblem(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch {
    return 'Structured Values must be valid JSON (for example {"glucose": 5.4}).';
  }
}

const optional = (text: string): string | null => (text.trim() === '' ? null : text);

/** POST /results and PUT /results/{id}'s body (spec 2 §7): the reason only with a move into amended. */
export function resultBodyOf(values: ResultFormValues): ResultBody {
  return {
    test_request_id: values.test_request_id ?? 0,
    result_data: values.result_data,
    result_values: optional(values.result_values),
    interpretation: optional(values.interpretation),
    status: values.status,
    amendment_reason: needsAmendmentReason(values.status) ? optional(values.amendment_reason) : null,
  };
}

/** Whether Submit may be pressed (spec 2 §2.9: a test request and result data; an amendment's reason). */
export function canSubmit(values: Partial<ResultFormValues>): boolean {
  if (values.test_request_id === null || values.test_request_id === undefined) return false;
  if ((values.result_data ?? '').trim() === '') return false;
  if (values.status !== undefined && needsAmendmentReason(values.status))
    return (values.amendment_reason ?? '').trim() !== '';
  return true;
}

/** A marker template appended to what is typed already (a blank line between). */
export const withTemplate = (current: string, template: string): string =>
  current.trim() === '' ? template : `${current.replace(/\s+$/, '')}\n\n${template}`;
