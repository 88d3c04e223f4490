/**
 * The laboratory's results against the order (issue 27): each observation is taken into the marker the order asked
 * for by its LOINC code, in the marker's UCUM unit; one for a code the order did not ask for, or in another unit, is
 * refused with its reason (reported on the order's stream, never stored in the result). The values taken become the
 * draft's content in the marker template's shape (spec 2 §5), so the detail, the PDF and the reviewer read them as
 * any entered result.
 */
import {
  EXTERNAL_LAB_ERRORS,
  formatRange,
  referenceFlag,
  type ExternalAcceptedValue,
  type ExternalRefusedValue,
  type ResultMarker,
} from '@labline/contracts';
import type { ExternalResults } from '@labline/external-lab';
import type { ResultContent } from '../result/state';

/** A marker as it went to the laboratory. */
export interface SentMarker {
  marker_id: number;
  loinc: string;
  unit_ucum: string | null;
}

export function matchObservations(
  markers: readonly (SentMarker & { name: string })[],
  results: Pick<ExternalResults, 'observations'>,
): { accepted: ExternalAcceptedValue[]; refused: ExternalRefusedValue[] } {
  const accepted: ExternalAcceptedValue[] = [];
  const refused: ExternalRefusedValue[] = [];
  for (const observation of results.observations) {
    const marker = markers.find((candidate) => candidate.loinc === observation.loinc);
    const refuse = (reason: string) => refused.push({ loinc: observation.loinc, name: observation.name, reason });
    if (!marker) {
      refuse(EXTERNAL_LAB_ERRORS.markerNotOrdered(observation.loinc));
    } else if (marker.unit_ucum !== null && observation.unitUcum !== marker.unit_ucum) {
      refuse(EXTERNAL_LAB_ERRORS.unitMismatch(observation.loinc, observation.unitUcum, marker.unit_ucum));
    } else if (accepted.some((value) => value.marker_id === marker.marker_id)) {
      refuse(`${observation.loinc} came twice: the first value is kept`);
    } else {
      accepted.push({
        marker_id: marker.marker_id,
        loinc: marker.loinc,
        name: marker.name,
        value: String(observation.value),
        unit: observation.unitUcum,
      });
    }
  }
  return { accepted, refused };
}

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
