import type { ClinicalEventData } from '@labline/contracts';
import type { TestKeys } from '@labline/testkit';
import type { ResultsResources } from '../src/config';

/** The service's resources in a test that talks to no external laboratory: the test keys, no provider. */
export const withoutLaboratory = (keys: TestKeys): ResultsResources => ({
  keys: { jwks: keys.jwks },
  labProviders: new Map(),
});

/** A blood marker of the catalogue as clinical's CatalogueItemCreated describes it (its LOINC code when given). */
export interface TestMarker {
  id: number;
  name: string;
  units: string;
  ucum: string;
  range: readonly [number, number];
  loinc?: string;
}

export const markerCreatedData = (
  marker: TestMarker,
  sortOrder: number,
): ClinicalEventData<'CatalogueItemCreated'> => ({
  kind: 'markers',
  itemId: marker.id,
  name: marker.name,
  description: `${marker.name} in blood`,
  active: true,
  sort_order: sortOrder,
  institution_ids: [],
  marker_code: marker.loinc ?? null,
  value: 50,
  units: marker.units,
  units_ucum: marker.ucum,
  range_min: marker.range[0],
  range_max: marker.range[1],
  sample_type_ids: [11],
  tube_type_ids: [],
  collection_device_ids: [],
});
