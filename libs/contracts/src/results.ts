/**
 * Results' policy (spec 2 §2.7–2.9, §4 result status, §5 result form, §6, §8, §9; issue 26 items 2 and 3): the
 * statuses and the one table of moves the service enforces and the pages offer, who works with results, the limits
 * and the texts. zod-free, so the web app bundles it. A result's data (flags, template, parsing, the report) is
 * result-data.ts.
 */
import type { Role } from './access';
import type { Caller } from './records';
import type { TestRequestStatus } from './test-requests';

/** spec 2 §4. */
export const RESULT_STATUSES = ['draft', 'reviewed', 'final', 'amended'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const RESULT_STATUS_LABELS: Readonly<Record<ResultStatus, string>> = {
  draft: 'Draft',
  reviewed: 'Reviewed',
  final: 'Final',
  amended: 'Amended',
};

/** spec 2 §2.7: the cards count these (and the total). */
export const RESULT_CARD_STATUSES: readonly ResultStatus[] = ['draft', 'reviewed', 'final'];

/**
 * The moves a result may make (issue 26 item 2): draft → reviewed → final, final → amended (a correction, with
 * its reason), amended → reviewed or final. A new result is entered as a draft. Editing without a move is a
 * draft's or an amended result's (a reviewed or final one changes only by moving on).
 */
export const RESULT_TRANSITIONS: Readonly<Record<ResultStatus, readonly ResultStatus[]>> = {
  draft: ['reviewed'],
  reviewed: ['final'],
  final: ['amended'],
  amended: ['reviewed', 'final'],
};
/** The status a result is entered in. */
export const RESULT_INITIAL_STATUS: ResultStatus = 'draft';
/** The statuses whose content may be edited in place. */
export const RESULT_EDITABLE_STATUSES: readonly ResultStatus[] = ['draft', 'amended'];

/** Whether a result in `from` may be saved in `to` (a move of the table, or an edit in place). */
export const canMoveResult = (from: ResultStatus, to: ResultStatus): boolean =>
  from === to ? RESULT_EDITABLE_STATUSES.includes(from) : RESULT_TRANSITIONS[from].includes(to);

/** The statuses the form offers for a result in `from` (its own when editable, then the table's moves). */
export const resultStatusOptions = (from: ResultStatus | null): ResultStatus[] =>
  from === null ? [RESULT_INITIAL_STATUS] : RESULT_STATUSES.filter((to) => canMoveResult(from, to));

/** spec 2 §4: the Review menu's move from a status (draft → reviewed, reviewed → final), or null. */
export function reviewMoveFrom(status: ResultStatus): ResultStatus | null {
  if (status === 'draft') return 'reviewed';
  if (status === 'reviewed') return 'final';
  if (status === 'amended') return 'reviewed';
  return null;
}

/** An amendment needs its reason: the move into amended, and every edit while amended. */
export const needsAmendmentReason = (to: ResultStatus): boolean => to === 'amended';

/** spec 2 §6: results list and entry, and the Review menu. */
export const RESULT_ROLES: readonly Role[] = ['super_admin', 'institution_admin', 'clinician', 'lab_user'];
export const canUseResults = (caller: Pick<Caller, 'role'>): boolean => RESULT_ROLES.includes(caller.role);

/**
 * Who reads and writes a result: super_admin every one, the other result roles those of their institutions
 * (the test request's). Anyone else and another institution's result answer 404 (or 403 at the route's guard).
 */
export function canReadResult(caller: Caller, result: { institution_id: number }): boolean {
  if (!canUseResults(caller)) return false;
  return caller.role === 'super_admin' || caller.institutionIds.includes(result.institution_id);
}

/** A result is entered for a test request that is not cancelled (a cancelled order has no result). */
export const RESULT_REFUSED_TEST_REQUEST_STATUSES: readonly TestRequestStatus[] = ['cancelled'];

/** spec 2 §9 and §2.7. */
export const RESULT_LIMITS = {
  pageSize: 20,
  recentActivity: 5,
  /** Result entry loads up to 100 completed test requests. */
  entryTestRequests: 100,
  resultDataMaxLength: 20_000,
  interpretationMaxLength: 5_000,
  amendmentReasonMaxLength: 1_000,
  /** The structured values as JSON text. */
  resultValuesMaxLength: 20_000,
  /** The PDF shows this much of result_data when no marker parses. */
  pdfPreviewLength: 20,
} as const;

/** spec 2 §2.7–2.9, §8: the pages' texts, word for word. */
export const RESULT_TEXTS = {
  title: 'Test Results',
  enterTitle: 'Enter New Test Result',
  editTitle: 'Edit Test Result',
  notFound: 'Result Not Found',
  notReviewed: 'Not reviewed',
  recentActivity: 'Recent Results Activity',
  addMarkerTemplate: '+ Add Marker Template',
  generatePdf: 'Generate PDF',
  failedToFetchResults: 'Failed to fetch test results',
  failedToMarkReviewed: 'Failed to mark as reviewed',
  failedToFetchDetails: 'Failed to fetch test result details',
  failedToFetchResult: 'Failed to fetch test result',
  failedToSave: 'Failed to save test result',
  failedToGeneratePdf: 'Failed to generate PDF',
  pdfNotFound: 'Test result not found',
  pdfForbidden: 'You do not have permission to download this PDF',
} as const;

/** The server's refusals (400/404/409), each a sentence saying why. */
export const RESULT_ERRORS = {
  notFound: RESULT_TEXTS.pdfNotFound,
  pdfForbidden: RESULT_TEXTS.pdfForbidden,
  testRequestNotFound: 'Test request not found',
  testRequestCancelled: 'A cancelled test request cannot have a result',
  testRequestHasResult: 'This test request already has a result: edit that one instead',
  testRequestLocked: 'The test request of a result cannot be changed',
  /** The structured values' problem (the answer names the field: `result_values: must be valid JSON`). */
  resultValuesNotJson: 'must be valid JSON',
  reviewIdMismatch: 'id: must be the id of the result in the path',
  amendmentReasonRequired: 'An amendment needs its reason: say what was corrected and why',
  mustStartAsDraft: (to: ResultStatus) =>
    `A new result is entered as a draft, not ${RESULT_STATUS_LABELS[to].toLowerCase()}: review it, then release it`,
  illegalTransition: (from: ResultStatus, to: ResultStatus) =>
    from === to
      ? `A ${RESULT_STATUS_LABELS[from].toLowerCase()} result cannot be edited: ${
          from === 'final' ? 'amend it with a reason' : 'release it or amend it after release'
        }`
      : `A ${RESULT_STATUS_LABELS[from].toLowerCase()} result cannot become ${RESULT_STATUS_LABELS[to].toLowerCase()}`,
} as const;

/** The history's field labels (the form's). */
export const RESULT_FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'Status',
  result_data: 'Result Data',
  result_values: 'Structured Values',
  interpretation: 'Clinical Interpretation',
};
