import type { ClinicalEventData, RESULTS_SERVICE_EVENT_SCHEMAS } from '@labline/contracts';
import type { ServiceUnderTest } from '@labline/service-kit/testing';
import { patientRegisteredData, testRequestCreatedData, waitFor, type TestKeys } from '@labline/testkit';
import { sql } from 'slonik';
import type { ResultsConfig, ResultsResources } from '../src/config';

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

type Suite = Pick<
  ServiceUnderTest<ResultsConfig, typeof RESULTS_SERVICE_EVENT_SCHEMAS, ResultsResources>,
  'publish' | 'pool'
>;

/**
 * A patient (id `id`) and their test request (the same id) as clinical publishes them, once results has projected
 * both.
 */
export async function publishOrder(
  suite: Suite,
  id: number,
  institutionId: number,
  request: Partial<ClinicalEventData<'TestRequestCreated'>>,
  patient: Partial<ClinicalEventData<'PatientRegistered'>> = {},
): Promise<number> {
  await suite.publish('clinical', {
    stream: `patient-${id}`,
    version: 0,
    type: 'PatientRegistered',
    data: patientRegisteredData(id, [institutionId], patient),
  });
  await suite.publish('clinical', {
    stream: `testRequest-${id}`,
    version: 0,
    type: 'TestRequestCreated',
    data: testRequestCreatedData(id, institutionId, { patient_id: id, ...request }),
  });
  await waitFor(
    async () =>
      await suite.pool.exists(sql.unsafe`
        SELECT 1 FROM test_request_summaries t
        JOIN results_patients p ON p.id = t.patient_id JOIN results_test_requests r ON r.id = t.id
        WHERE t.id = ${id}`),
    { description: `test request ${id}` },
  );
  return id;
}
