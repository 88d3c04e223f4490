/**
 * A result's data (spec 2 §5 marker template and the result_data parsing rule, §9 PDF; issue 26 items 4 and 5): the
 * reference-range flag, the marker template, the parsing of result_data into the rows the detail and the report
 * show, and the report's constants and file name. Pure and zod-free, so the web app bundles it.
 */
import { RESULT_LIMITS } from './results';

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
