/** The catalogue, lab assignments and patients the test request tests order from, and a valid order form. */
import { afterAll, beforeAll } from 'vitest';
import {
  call,
  createItem,
  createPatient,
  NORTHWIND,
  RIVERSIDE,
  startClinical,
  USERS,
  type ClinicalTestContext,
  type TestUser,
} from './harness';

export interface OrderFixtures {
  blood: number;
  urine: number;
  /** 500 µL. */
  capillary: number;
  /** No max_capacity: the 100 µL default. */
  swab: number;
  /** Blood, 50 µL. */
  hba1c: number;
  /** Blood, 60 µL. */
  glucose: number;
  /** Blood, 450 µL: with HbA1c too much for the capillary kit. */
  ferritin: number;
  /** Urine. */
  albumin: number;
  /** Blood, inactive. */
  retired: number;
  /** Blood, Riverside's own. */
  riversideMarker: number;
  /** "Diabetes Panel": HbA1c and Glucose (110 µL). */
  diabetesPanel: number;
  /** Assigned to Northwind for blood, to Riverside for blood and urine. */
  meridian: number;
  /** Assigned to nobody. */
  northgate: number;
  /** Northwind patients: assigned to Emily Chen (northwindClinician), and to Ravi Shah (secondClinician). */
  emilysPatient: number;
  ravisPatient: number;
  riversidePatient: number;
}

export async function createOrderFixtures(context: ClinicalTestContext): Promise<OrderFixtures> {
  const create = async (kind: string, body: Record<string, unknown>) =>
    (await createItem(context, USERS.superAdmin, kind, body)).id;
  const blood = await create('sample-types', { name: 'Blood' });
  const urine = await create('sample-types', { name: 'Urine' });
  const capillary = await create('collection-devices', { name: 'Capillary kit', max_capacity: 500 });
  const swab = await create('collection-devices', { name: 'Swab kit' });
  const marker = (name: string, value: number, sample: number, extra: Record<string, unknown> = {}) =>
    create('markers', { name, value, sample_type_ids: [sample], ...extra });
  const hba1c = await marker('HbA1c', 50, blood);
  const glucose = await marker('Glucose', 60, blood);
  const ferritin = await marker('Ferritin', 450, blood);
  const albumin = await marker('Albumin', 100, urine);
  const retired = await marker('Retired', 10, blood, { active: false });
  const riversideMarker = await marker('Riverside only', 10, blood, { institution_ids: [RIVERSIDE] });
  const diabetesPanel = await create('panels', {
    name: 'Diabetes Panel',
    sample_type_id: blood,
    marker_ids: [hba1c, glucose],
  });
  const meridian = await create('labs', { name: 'Meridian Pathology' });
  const northgate = await create('labs', { name: 'Northgate Diagnostics' });
  for (const [institution, sample] of [
    [NORTHWIND, blood],
    [RIVERSIDE, blood],
    [RIVERSIDE, urine],
  ] as const) {
    const assigned = await call(context, USERS.superAdmin, 'POST', `/institutions/${institution}/labs`, {
      lab_id: meridian,
      sample_type_id: sample,
    });
    if (assigned.statusCode !== 201) throw new Error(assigned.body);
  }
  const patient = async (caller: TestUser, overrides: Record<string, unknown>) =>
    (await createPatient(context, caller, overrides)).id;
  const emilysPatient = await patient(USERS.northwindAdmin, { first_name: 'Amelia', last_name: 'Thompson' });
  const ravisPatient = await patient(USERS.northwindAdmin, {
    first_name: 'George',
    last_name: 'Walker',
    email: 'george@example.com',
    clinician_id: USERS.secondClinician.id,
  });
  const riversidePatient = await patient(USERS.riversideAdmin, {
    first_name: 'Isla',
    last_name: 'Hughes',
    email: 'isla@example.com',
    institution_ids: [RIVERSIDE],
    clinician_id: USERS.riversideClinician.id,
  });
  return {
    blood,
    urine,
    capillary,
    swab,
    hba1c,
    glucose,
    ferritin,
    albumin,
    retired,
    riversideMarker,
    diabetesPanel,
    meridian,
    northgate,
    emilysPatient,
    ravisPatient,
    riversidePatient,
  };
}

let barcodes = 0;
/** A barcode no other test has used. */
export const freshBarcode = () => `BC-${process.pid}-${(barcodes += 1)}`;

const inTwoDays = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A valid order form as the web sends it (list fields as JSON text): Emily's patient, HbA1c by capillary kit. */
export function orderForm(fixtures: OrderFixtures, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    patient_id: fixtures.emilysPatient,
    test_type_id: 1,
    priority: 'normal',
    sample_type: 'Blood',
    panel_id: null,
    marker_ids: JSON.stringify([fixtures.hba1c]),
    collection_device_ids: JSON.stringify([fixtures.capillary]),
    device_selections: JSON.stringify([
      {
        device_id: fixtures.capillary,
        device_name: 'Capillary kit',
        quantity: 1,
        required_volume: 50,
        total_capacity: 500,
      },
    ]),
    department: 'Outpatients',
    cms_priority: 'Routine',
    cms_status: 'Pending',
    notes: '',
    custom_data: '',
    barcode_number: freshBarcode(),
    expected_test_datetime: inTwoDays(),
    institution_id: NORTHWIND,
    fulfillment_by_partner: false,
    fulfillment_partner_id: null,
    clinician_id: USERS.northwindClinician.id,
    lab_id: fixtures.meridian,
    ...overrides,
  };
}

/** Orders a test as the caller; answers the request. */
export async function orderTest(
  context: ClinicalTestContext,
  fixtures: OrderFixtures,
  caller: TestUser = USERS.northwindAdmin,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number } & Record<string, unknown>> {
  const response = await call(context, caller, 'POST', '/tests/requests', orderForm(fixtures, overrides));
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { request: { id: number } & Record<string, unknown> }).request;
}

/** A test file's clinical app with the order fixtures. */
export function orderSuite(): { context: ClinicalTestContext; fixtures: OrderFixtures } {
  const suite = {} as { context: ClinicalTestContext; fixtures: OrderFixtures };
  beforeAll(async () => {
    suite.context = await startClinical();
    suite.fixtures = await createOrderFixtures(suite.context);
  });
  afterAll(() => suite.context.close());
  return suite;
}
