/**
 * The order form's model (spec 1 §4, §5): one test per request, built in the order sample type, lab, panel or
 * markers, collection device; the volumes and the automatic device choice; what is missing; the §5 messages of
 * the checkout; and the body POSTed for each test. Pure, so the rules read apart from the screens.
 */
import {
  DEFAULT_DEVICE_CAPACITY_UL,
  DEFAULT_TEST_TYPE_ID,
  DEVICE_CAPACITY_DIALOG,
  ERRORS,
  fitsDevice,
  holdsSampleType,
  type CollectionDeviceItem,
  type TestFormFields,
  type TestRequestBody,
  type TestRequestDetail,
  type TestRequestPriority,
} from '@labline/contracts';
import { customDataEntriesOf, customDataOf, type CustomDataEntry } from './customData';

/** The request-wide choices: one patient, institution and ordering clinician for every test of the order. */
export interface OrderDraft {
  patient_id: number | null;
  institution_id: number | null;
  clinician_id: number | null;
}

/** One test of the order: what step 1 builds and the checkout lists. */
export interface TestDraft {
  key: number;
  sample_type_id: number | null;
  lab_id: number | null;
  /** The lab's name as step 1 offered it, for the checkout. */
  lab_name: string | null;
  panel_id: number | null;
  /** The markers chosen one by one (empty while a panel is chosen: the panel's markers are ordered). */
  marker_ids: number[];
  device_id: number | null;
  /** The user chose the device; otherwise it follows the volume (spec 1 §4: chosen automatically). */
  device_chosen_by_user: boolean;
  barcode_number: string;
  /**
   * YYYY-MM-DD, or the text typed when it is not a date (kept, and the field says why: shared/DateInput); the
   * time is fixed at 12:00 PM (spec 1 §5).
   */
  expected_date: string | null;
  /** The edited request's expected time as saved: kept, it is not held to the one-hour lead again (spec 1 §5). */
  kept_expected_datetime: string | null;
  priority: TestRequestPriority;
  notes: string;
  department: string;
  /** The names of the CMS catalogue's priority and status chosen (spec 1 §7 CMS lookups). */
  cms_priority: string | null;
  cms_status: string | null;
  custom_data: CustomDataEntry[];
  fulfillment_by_partner: boolean;
  fulfillment_partner_id: number | null;
}

let nextKey = 1;

export function emptyTest(): TestDraft {
  nextKey += 1;
  return {
    key: nextKey,
    sample_type_id: null,
    lab_id: null,
    lab_name: null,
    panel_id: null,
    marker_ids: [],
    device_id: null,
    device_chosen_by_user: false,
    barcode_number: '',
    expected_date: null,
    kept_expected_datetime: null,
    priority: 'normal',
    notes: '',
    department: '',
    cms_priority: null,
    cms_status: null,
    custom_data: [],
    fulfillment_by_partner: false,
    fulfillment_partner_id: null,
  };
}

/** spec 1 §4: a new sample type starts the test's lab, panel, markers and device afresh; its details stay. */
export function withSampleType(test: TestDraft, sampleTypeId: number | null): TestDraft {
  return {
    ...test,
    sample_type_id: sampleTypeId,
    lab_id: null,
    lab_name: null,
    panel_id: null,
    marker_ids: [],
    device_id: null,
    device_chosen_by_user: false,
  };
}

/** A marker as the volumes count it. */
export interface ChosenMarker {
  id: number;
  name: string;
  value: number | null;
}

/** The markers the test orders: the panel's, or those chosen one by one. */
export function chosenMarkers(test: TestDraft, fields: TestFormFields | undefined): ChosenMarker[] {
  if (fields === undefined) return [];
  if (test.panel_id !== null) return fields.panels.find((panel) => panel.id === test.panel_id)?.markers ?? [];
  return fields.markers.filter((marker) => test.marker_ids.includes(marker.id));
}

/** µL the markers need (a marker without a volume needs none). */
export const volumeOf = (markers: readonly Pick<ChosenMarker, 'value'>[]): number =>
  markers.reduce((sum, marker) => sum + (marker.value ?? 0), 0);

export const capacityOf = (device: Pick<CollectionDeviceItem, 'max_capacity'>): number =>
  device.max_capacity ?? DEFAULT_DEVICE_CAPACITY_UL;

/**
 * The devices the test may use: those that hold its sample type (issue 22: one of their tube types holds it),
 * and of them the ones the chosen markers name (a marker lists the devices it is collected with), or every
 * fitting device when they name none of them. None before a sample type is chosen.
 */
export function candidateDevices(test: TestDraft, fields: TestFormFields | undefined): CollectionDeviceItem[] {
  const sampleTypeId = test.sample_type_id;
  if (fields === undefined || sampleTypeId === null) return [];
  const fitting = fields.collection_devices.filter((device) => holdsSampleType(device, sampleTypeId));
  const named = new Set(
    chosenMarkers(test, fields).flatMap(
      (chosen) => fields.markers.find((marker) => marker.id === chosen.id)?.collection_device_ids ?? [],
    ),
  );
  const devices = fitting.filter((device) => named.has(device.id));
  return devices.length > 0 ? devices : fitting;
}

/** spec 1 §4: the smallest device whose capacity holds the volume; null when none does. */
export function automaticDevice(devices: readonly CollectionDeviceItem[], volume: number): CollectionDeviceItem | null {
  const fitting = devices.filter((device) => fitsDevice(volume, device.max_capacity));
  return fitting.reduce<CollectionDeviceItem | null>(
    (best, device) => (best === null || capacityOf(device) < capacityOf(best) ? device : best),
    null,
  );
}

/** The largest capacity on offer: a marker that would need more is disabled (spec 1 §5). */
export const maximumCapacity = (devices: readonly CollectionDeviceItem[]): number =>
  devices.reduce(
    (max, device) => Math.max(max, capacityOf(device)),
    devices.length > 0 ? 0 : DEFAULT_DEVICE_CAPACITY_UL,
  );

/** The test with its device following a new choice of markers or panel (unless the user chose the device). */
export function withDeviceFor(test: TestDraft, fields: TestFormFields | undefined): TestDraft {
  if (test.device_chosen_by_user) return test;
  const markers = chosenMarkers(test, fields);
  if (markers.length === 0) return { ...test, device_id: null };
  const device = automaticDevice(candidateDevices(test, fields), volumeOf(markers));
  return { ...test, device_id: device?.id ?? null };
}

/** The devices the device list offers: the candidates, and the test's own device when it is not one of them. */
export function offeredDevices(test: TestDraft, fields: TestFormFields | undefined): CollectionDeviceItem[] {
  const devices = candidateDevices(test, fields);
  const own = fields?.collection_devices.find((device) => device.id === test.device_id);
  return own === undefined || devices.includes(own) ? devices : [...devices, own];
}

/**
 * What a new choice of markers or panel (`next`, built from `current`) does (spec 1 §5; issue 22: a device the
 * user chose is never swapped silently). Fewer µL are always taken. More that the user's own device cannot
 * hold: the user is asked (`exceeds-chosen`, offering the smallest device that holds them, or none). More that
 * no device holds while none is the user's: refused (`none-fits`). Else taken, the automatic device following.
 */
export type TestsDecision =
  | { kind: 'take'; test: TestDraft }
  | { kind: 'exceeds-chosen'; volume: number; device: CollectionDeviceItem; alternative: CollectionDeviceItem | null }
  | { kind: 'none-fits'; volume: number };

export function decideTests(current: TestDraft, next: TestDraft, fields: TestFormFields | undefined): TestsDecision {
  const volume = volumeOf(chosenMarkers(next, fields));
  const grows = volume > volumeOf(chosenMarkers(current, fields));
  const own = next.device_chosen_by_user
    ? (fields?.collection_devices.find((device) => device.id === next.device_id) ?? null)
    : null;
  const fitting = () => automaticDevice(candidateDevices(next, fields), volume);
  if (grows && own !== null && !fitsDevice(volume, own.max_capacity)) {
    return { kind: 'exceeds-chosen', volume, device: own, alternative: fitting() };
  }
  if (grows && own === null && fitting() === null) return { kind: 'none-fits', volume };
  return { kind: 'take', test: withDeviceFor(next, fields) };
}

/** The 'Device Capacity Exceeded' dialog's text and buttons for a choice the user's device cannot hold. */
export interface CapacityDialogOffer {
  content: string;
  okText: string;
  /** null: a notice (no device holds it), the user's device stays. */
  cancelText: string | null;
  /** The test on the offered device (the user's choice from then on), taken on OK; null: nothing changes. */
  switched: TestDraft | null;
}

export function capacityDialogOffer(
  { volume, device, alternative }: Extract<TestsDecision, { kind: 'exceeds-chosen' }>,
  next: TestDraft,
  added: string,
): CapacityDialogOffer {
  const tooMuch = DEVICE_CAPACITY_DIALOG.tooMuch(added, volume, device.name, capacityOf(device));
  if (alternative === null) {
    const content = `${tooMuch} ${DEVICE_CAPACITY_DIALOG.noDeviceHolds(volume)}.`;
    return { content, okText: 'OK', cancelText: null, switched: null };
  }
  return {
    content: `${tooMuch} ${DEVICE_CAPACITY_DIALOG.choice(device.name, alternative.name, capacityOf(alternative))}`,
    okText: DEVICE_CAPACITY_DIALOG.switchTo(alternative.name),
    cancelText: DEVICE_CAPACITY_DIALOG.keep(device.name),
    switched: { ...next, device_id: alternative.id, device_chosen_by_user: true },
  };
}

/** The items spec 1 §5 requires before a test is added or confirmed, highlighted in red while missing. */
export type RequiredItem = 'patient' | 'institution' | 'clinician' | 'sample_type' | 'lab' | 'tests' | 'device';

export function missingItems(order: OrderDraft, test: TestDraft, clinicianRequired: boolean): RequiredItem[] {
  const missing: [RequiredItem, boolean][] = [
    ['patient', order.patient_id === null],
    ['institution', order.institution_id === null],
    ['clinician', clinicianRequired && order.clinician_id === null],
    ['sample_type', test.sample_type_id === null],
    ['lab', test.lab_id === null],
    ['tests', test.panel_id === null && test.marker_ids.length === 0],
    ['device', test.device_id === null],
  ];
  return missing.filter(([, isMissing]) => isMissing).map(([item]) => item);
}

/** Whether step 1 holds nothing of a test yet (checkout then needs no test from it). */
export const isUntouched = (test: TestDraft): boolean =>
  test.sample_type_id === null && test.panel_id === null && test.marker_ids.length === 0;

interface SubmitContext {
  /** The institution is the caller's choice (super_admin, a clinician of several institutions). */
  institutionChosen: boolean;
  clinicianRequired: boolean;
}

/** spec 1 §5: the checkout's messages, word for word, for what the order still lacks. */
export function submitProblems(order: OrderDraft, tests: readonly TestDraft[], context: SubmitContext): string[] {
  const problems: string[] = [];
  if (order.patient_id === null) problems.push(ERRORS.pleaseSelectPatient);
  if (order.institution_id === null) {
    problems.push(
      context.institutionChosen ? ERRORS.selectInstitutionForTestRequest : ERRORS.institutionContextRequired,
    );
  }
  if (context.clinicianRequired && order.clinician_id === null) problems.push(ERRORS.selectOrderingClinician);
  if (tests.some((test) => test.barcode_number.trim() === '')) problems.push(ERRORS.allTestsNeedBarcodes);
  if (tests.some((test) => test.lab_id === null)) problems.push(ERRORS.selectLaboratoryForAllTests);
  return problems;
}

/** The test's name as the checkout lists it: the panel's, or the markers' names. */
export function testName(test: TestDraft, fields: TestFormFields | undefined): string {
  const panel = fields?.panels.find((item) => item.id === test.panel_id);
  if (panel !== undefined) return panel.name;
  const names = chosenMarkers(test, fields).map((marker) => marker.name);
  return names.length > 0 ? names.join(', ') : 'No markers chosen';
}

/** spec 1 §7: the body of one POST (or the PUT), list fields as JSON text, test_type_id always 1. */
export function requestBodyOf(order: OrderDraft, test: TestDraft, fields: TestFormFields | undefined): TestRequestBody {
  const markers = chosenMarkers(test, fields);
  const volume = volumeOf(markers);
  const device = fields?.collection_devices.find((item) => item.id === test.device_id);
  const selections =
    device === undefined
      ? []
      : [
          {
            device_id: device.id,
            device_name: device.name,
            quantity: 1,
            required_volume: volume,
            total_capacity: capacityOf(device),
          },
        ];
  return {
    patient_id: order.patient_id,
    test_type_id: DEFAULT_TEST_TYPE_ID,
    priority: test.priority,
    sample_type: fields?.sample_types.find((item) => item.id === test.sample_type_id)?.name ?? null,
    sample_type_id: test.sample_type_id,
    panel_id: test.panel_id,
    marker_ids: JSON.stringify(markers.map((marker) => marker.id)),
    collection_device_ids: JSON.stringify(test.device_id === null ? [] : [test.device_id]),
    device_selections: JSON.stringify(selections),
    notes: test.notes.trim() === '' ? null : test.notes,
    department: test.department.trim() === '' ? null : test.department.trim(),
    cms_priority: test.cms_priority,
    cms_status: test.cms_status,
    custom_data: customDataOf(test.custom_data),
    barcode_number: test.barcode_number.trim() === '' ? null : test.barcode_number.trim(),
    expected_test_datetime: test.expected_date,
    institution_id: order.institution_id,
    fulfillment_by_partner: test.fulfillment_by_partner,
    fulfillment_partner_id: test.fulfillment_by_partner ? test.fulfillment_partner_id : null,
    clinician_id: order.clinician_id,
    lab_id: test.lab_id,
  };
}

/** The request being edited as the form's order and single test. */
export function draftsOf(request: TestRequestDetail): { order: OrderDraft; test: TestDraft } {
  return {
    order: {
      patient_id: request.patient_id,
      institution_id: request.institution_id,
      clinician_id: request.clinician_id,
    },
    test: {
      ...emptyTest(),
      sample_type_id: request.sample_type_id,
      lab_id: request.lab_id,
      lab_name: request.lab_name,
      panel_id: request.panel_id,
      marker_ids: request.panel_id === null ? request.marker_ids : [],
      device_id: request.collection_device_ids[0] ?? null,
      device_chosen_by_user: true,
      barcode_number: request.barcode_number,
      expected_date: request.expected_test_datetime?.slice(0, 10) ?? null,
      kept_expected_datetime: request.expected_test_datetime,
      priority: request.priority,
      notes: request.notes ?? '',
      department: request.department ?? '',
      cms_priority: request.cms_priority,
      cms_status: request.cms_status,
      custom_data: customDataEntriesOf(request.custom_data),
      fulfillment_by_partner: request.fulfillment_by_partner,
      fulfillment_partner_id: request.fulfillment_partner_id,
    },
  };
}
