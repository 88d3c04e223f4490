/**
 * The laboratory's results in the result (issue 27): the values `matchResults` (@labline/external-lab) took for the
 * ordered markers become the draft's content in the marker template's shape (spec 2 §5), so the detail, the PDF and
 * the reviewer read them as any entered result; what it refused is reported on the order's stream, never stored here.
 */
import { formatRange, referenceFlag, type ExternalAcceptedValue, type ResultMarker } from '@labline/contracts';
import type { ResultContent } from '../result/state';

const STATUS_WORDS = { H: 'high', L: 'low' } as const;

/**
 * The draft's content from the values taken: every marker of the result in the template's order (a marker the
 * laboratory gave no value for keeps a blank Value), the values with their units as JSON, and the laboratory's
 * conclusion as the interpretation (else the draft's own).
 */
export function externalResultContent(
  markers: readonly ResultMarker[],
  accepted: readonly ExternalAcceptedValue[],
  conclusion: string | null,
  current: ResultContent,
): ResultContent {
  const blocks = markers.map((marker) => {
    const value = accepted.find((entry) => entry.marker_id === marker.marker_id);
    const flag = value ? referenceFlag(value.value, marker) : null;
    return [
      `${marker.name}:`,
      `Value: ${value?.value ?? ''}`,
      `Units: ${marker.units ?? ''}`,
      `Range: ${formatRange(marker)}`,
      `Status: ${value ? (flag ? STATUS_WORDS[flag] : 'normal') : ''}`,
      '',
    ].join('\n');
  });
  const values = Object.fromEntries(
    accepted.map((entry) => [entry.name, { value: entry.value, unit: entry.unit, loinc: entry.loinc }]),
  );
  return {
    result_data: blocks.join('\n').trim() === '' ? current.result_data : blocks.join('\n'),
    result_values: accepted.length === 0 ? current.result_values : JSON.stringify(values),
    interpretation: conclusion ?? current.interpretation,
  };
}
