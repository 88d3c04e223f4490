/** The global catalogue items the catalogue tests start from, created by the super_admin. */
import { afterAll, beforeAll } from 'vitest';
import { createItem, startClinical, USERS, type ClinicalTestContext } from './harness';

export interface CatalogueFixtures {
  blood: number;
  urine: number;
  /** A tube type holding blood. */
  edta: number;
  /** A capillary kit of 500 µL with the EDTA tube. */
  capillary: number;
  /** HbA1c: blood, EDTA, the capillary kit, 50 µL, 4 to 5.6 %. */
  hba1c: number;
  /** "Diabetes Panel": blood, HbA1c. */
  diabetesPanel: number;
}

export async function createCatalogueFixtures(context: ClinicalTestContext): Promise<CatalogueFixtures> {
  const create = async (kind: string, body: Record<string, unknown>) =>
    (await createItem(context, USERS.superAdmin, kind, body)).id;
  const blood = await create('sample-types', { name: 'Blood', sort_order: 1 });
  const urine = await create('sample-types', { name: 'Urine', sort_order: 2 });
  const edta = await create('tube-types', { name: 'EDTA', sample_type_ids: [blood] });
  const capillary = await create('collection-devices', {
    name: 'Capillary kit',
    max_capacity: 500,
    tube_type_ids: [edta],
  });
  const hba1c = await create('markers', {
    name: 'HbA1c',
    marker_code: '4548-4',
    value: 50,
    units: '%',
    range_min: 4,
    range_max: 5.6,
    sample_type_ids: [blood],
    tube_type_ids: [edta],
    collection_device_ids: [capillary],
  });
  const diabetesPanel = await create('panels', { name: 'Diabetes Panel', sample_type_id: blood, marker_ids: [hba1c] });
  return { blood, urine, edta, capillary, hba1c, diabetesPanel };
}

/** A marker form of blood (Glucose), with the fields to change. */
export const markerForm = (blood: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Glucose',
  marker_code: '2345-7',
  value: '20',
  units: 'mg/dL',
  sample_type_ids: [blood],
  ...overrides,
});

/** A test file's clinical app with the fixtures, started before its tests and closed after them. */
export function catalogueSuite(): { context: ClinicalTestContext; fixtures: CatalogueFixtures } {
  const suite = {} as { context: ClinicalTestContext; fixtures: CatalogueFixtures };
  beforeAll(async () => {
    suite.context = await startClinical();
    suite.fixtures = await createCatalogueFixtures(suite.context);
  });
  afterAll(() => suite.context.close());
  return suite;
}
