/**
 * Results' policy (spec 2 §2.7–2.9, §4 result status, §5 result form, marker template and the result_data parsing
 * rule, §6, §8, §9; issue 26 items 2–5): the statuses and the one table of moves the service enforces and the
 * pages offer, who works with results, the reference-range flag, the parsing of result_data into the report's
 * rows, the marker template, the report's file name and the texts. zod-free, so the web app bundles it.
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

// ------------------------------------------------------------------------------------- ranges and flags

/** A marker's reference range as the catalogue gave it (min, max, units in UCUM) when the result was entered. */
export interface ReferenceRange {
  range_min: number | null;
  range_max: number | null;
}

export type ResultFlag = 'H' | 'L';
export const RESULT_FLAG_LABELS: Readonly<Record<ResultFlag, string>> = { H: 'High', L: 'Low' };

/** A value as a number, or null when it does not read as one ('<5', 'positive', '' stay text). */
export function numericValue(value: string): number | null {
  const text = value.trim();
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/**
 * The flag of a value against its range (issue 26 item 4): H above the maximum, L below the minimum, null when
 * within it, when a bound is missing on that side, or when the value is not a number (shown as entered).
 */
export function referenceFlag(value: string, range: ReferenceRange): ResultFlag | null {
  const number = numericValue(value);
  if (number === null) return null;
  if (range.range_max !== null && number > range.range_max) return 'H';
  if (range.range_min !== null && number < range.range_min) return 'L';
  return null;
}

/** A range as the template, the detail and the report show it: `min-max`, `?` for a missing bound. */
export const formatRange = (range: ReferenceRange): string =>
  range.range_min === null && range.range_max === null ? '?' : `${range.range_min ?? '?'}-${range.range_max ?? '?'}`;

// ------------------------------------------------------------------------------ template and parsing

/** A marker carried with its result: the catalogue's name, description, units and range when entered. */
export interface ResultMarker extends ReferenceRange {
  marker_id: number;
  name: string;
  description: string | null;
  units: string | null;
  units_ucum: string | null;
}

type FieldLine = 'value' | 'units' | 'range' | 'status';
/** The Status line's choices in the template. */
export const MARKER_TEMPLATE_STATUSES = '[normal/high/low/critical]';

/** spec 2 §5 Marker template: per marker a block of Value (blank), Units, Range (? if missing) and Status. */
export const markerTemplate = (markers: readonly Pick<ResultMarker, 'name' | 'units' | keyof ReferenceRange>[]) =>
  markers
    .map((marker) =>
      [
        `${marker.name}:`,
        'Value: ',
        `Units: ${marker.units ?? ''}`,
        `Range: ${formatRange(marker)}`,
        `Status: ${MARKER_TEMPLATE_STATUSES}`,
        '',
      ].join('\n'),
    )
    .join('\n');

/** One marker as result_data gives it (spec 2 §5 PDF parsing). */
export interface ParsedMarker {
  name: string;
  value: string;
  units: string;
  range: string;
  status: string;
}

function fieldLine(line: string): { field: FieldLine; text: string } | null {
  const match = /^\s*(value|units|range|status)\s*:(.*)$/i.exec(line);
  if (!match) return null;
  return { field: match[1]!.toLowerCase() as FieldLine, text: match[2]!.trim() };
}

/**
 * spec 2 §5: result_data read line by line; a line with a colon that is not a Value/Units/Range/Status line
 * starts a marker (its name is the text before the colon), and the next five lines supply its Value, Units,
 * Range and Status (up to the next marker's line, when it comes sooner).
 */
export function parseResultData(resultData: string): ParsedMarker[] {
  const lines = resultData.split(/\r\n?|\n/);
  const markers: ParsedMarker[] = [];
  const startsMarker = (line: string) => line.includes(':') && fieldLine(line) === null;
  lines.forEach((line, index) => {
    if (!startsMarker(line)) return;
    const name = line.slice(0, line.indexOf(':')).trim();
    if (name === '') return;
    const marker: ParsedMarker = { name, value: '', units: '', range: '', status: '' };
    for (const next of lines.slice(index + 1, index + 6)) {
      // a marker written without its blank line or some of its lines ends where the next one starts
      if (startsMarker(next)) break;
      const field = fieldLine(next);
      if (field) marker[field.field] = field.text;
    }
    markers.push(marker);
  });
  return markers;
}

/** A row of the report's table and of the detail's results (BioMarker, Value, Units, Range, Interpretation). */
export interface ResultRow {
  biomarker: string;
  value: string;
  units: string;
  range: string;
  flag: ResultFlag | null;
  interpretation: string;
}

/** A range typed as `min-max` in result_data (the template's form), for a marker the result does not carry. */
function typedRange(text: string): ReferenceRange {
  const match = /^\s*([-+]?[\d.]+|\?)\s*-\s*([-+]?[\d.]+|\?)\s*$/.exec(text);
  if (!match) return { range_min: null, range_max: null };
  const bound = (part: string) => (part === '?' ? null : numericValue(part));
  return { range_min: bound(match[1]!), range_max: bound(match[2]!) };
}

const statusWord = (status: string) => (status === MARKER_TEMPLATE_STATUSES ? '' : status);

/**
 * The rows of result_data: each parsed marker with the range the result carries for it (by name; else the range
 * typed in result_data), its flag and its interpretation (High or Low with the flag, Normal within a range,
 * else the Status typed). Empty when no marker parses.
 */
export function resultRows(resultData: string, markers: readonly ResultMarker[]): ResultRow[] {
  return parseResultData(resultData).map((parsed) => {
    const carried = markers.find((marker) => marker.name.toLowerCase() === parsed.name.toLowerCase());
    const range = carried ?? typedRange(parsed.range);
    const flag = referenceFlag(parsed.value, range);
    const hasRange = range.range_min !== null || range.range_max !== null;
    const numeric = numericValue(parsed.value) !== null;
    return {
      biomarker: parsed.name,
      value: parsed.value,
      units: carried?.units ?? parsed.units,
      range: carried ? formatRange(carried) : parsed.range,
      flag,
      interpretation:
        flag !== null
          ? `${flag} ${RESULT_FLAG_LABELS[flag]}`
          : numeric && hasRange
            ? 'Normal'
            : statusWord(parsed.status),
    };
  });
}

// ---------------------------------------------------------------------------------------------- report

/** spec 2 §9: the report's defaults. */
export const RESULT_REPORT_DEFAULTS = { specimenType: 'BLOOD', labName: 'Laboratory' } as const;
export const RESULT_REPORT_COLUMNS = ['BioMarker', 'Value', 'Units', 'Range', 'Interpretation'] as const;
export const RESULT_REPORT_TEXTS = {
  title: 'Laboratory Test Report',
  correctedTitle: 'Corrected report',
  correction: 'Correction',
  correctionReason: 'Reason for correction',
  originalRelease: 'Originally released',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

/** spec 2 §9: `test-result-{id}-{patient name in lowercase with hyphens}.pdf`. */
export function resultReportFileName(id: number, firstName: string, lastName: string): string {
  const name = `${firstName} ${lastName}`
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `test-result-${id}-${name}.pdf`;
}

/** spec 2 §9: without structured markers, the first 20 characters of result_data and an ellipsis. */
export const resultDataPreview = (resultData: string): string =>
  resultData.length > RESULT_LIMITS.pdfPreviewLength
    ? `${resultData.slice(0, RESULT_LIMITS.pdfPreviewLength)}...`
    : resultData;

/** The history's field labels (the form's). */
export const RESULT_FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'Status',
  result_data: 'Result Data',
  result_values: 'Structured Values',
  interpretation: 'Clinical Interpretation',
};
