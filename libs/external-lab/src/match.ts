/**
 * The laboratory's values against what was ordered: each observation goes to the order's marker with its LOINC
 * code, in the marker's UCUM unit. What does not fit (a code the order did not ask for, another unit, a text where
 * a number is due, a second value for one marker) is refused with a reason to report; nothing of it is stored.
 */
import type { ExternalResults, LabOrder } from './provider';

export interface AcceptedResult {
  markerId: number;
  value: number | string;
  unitUcum: string | null;
  referenceLow: number | null;
  referenceHigh: number | null;
  flag: string | null;
}

export interface RefusedResult {
  loinc: string;
  name: string;
  reason: string;
}

export interface MatchedResults {
  accepted: AcceptedResult[];
  refused: RefusedResult[];
}

const shownUnit = (unit: string | null) => (unit === null ? 'no unit' : `"${unit}"`);

export function matchResults(order: LabOrder, results: ExternalResults): MatchedResults {
  const accepted: AcceptedResult[] = [];
  const refused: RefusedResult[] = [];
  const markers = new Map(order.markers.map((marker) => [marker.loinc, marker]));
  const taken = new Set<number>();
  for (const observation of results.observations) {
    const refuse = (reason: string) => refused.push({ loinc: observation.loinc, name: observation.name, reason });
    const marker = markers.get(observation.loinc);
    if (!marker) {
      refuse(`${observation.name} (LOINC ${observation.loinc || 'none'}) was not ordered in ${order.displayId}`);
      continue;
    }
    if (taken.has(marker.markerId)) {
      refuse(`a second value for ${marker.name} (LOINC ${marker.loinc}): the first one is kept`);
      continue;
    }
    if (observation.unitUcum !== marker.unitUcum) {
      refuse(
        `${marker.name} came in ${shownUnit(observation.unitUcum)}, but the marker is reported in ${shownUnit(marker.unitUcum)} (UCUM)`,
      );
      continue;
    }
    if (marker.unitUcum !== null && typeof observation.value !== 'number') {
      refuse(`${marker.name} came without a numeric value (${String(observation.value)})`);
      continue;
    }
    taken.add(marker.markerId);
    accepted.push({
      markerId: marker.markerId,
      value: observation.value,
      unitUcum: observation.unitUcum,
      referenceLow: observation.referenceLow,
      referenceHigh: observation.referenceHigh,
      flag: observation.flag,
    });
  }
  return { accepted, refused };
}
