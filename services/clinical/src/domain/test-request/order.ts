/**
 * The order form's rules (spec 1 §5, issue 12 item 2): what a test request form must name and what each
 * choice must be, checked against facts the command looked up, giving the request's snapshot. Pure.
 */
import {
  canReadPatient,
  deviceCapacityExceeded,
  DEFAULT_DEVICE_CAPACITY_UL,
  ERRORS,
  deviceDoesNotHoldSample,
  fitsDevice,
  holdsSampleType,
  isExpectedTestTooSoon,
  labNotAssigned,
  orderInstitution,
  TEST_REQUEST_FIELD_ERRORS,
  type Caller,
  type PatientAccessFacts,
  type TestRequestInput,
  type TestRequestSnapshot,
} from '@labline/contracts';
import { RuleViolation } from '@labline/eventstore';

/** A catalogue item as the rules look at it. */
export interface OrderItemFacts {
  id: number;
  name: string;
  active: boolean;
  /** Empty: global. */
  institution_ids: readonly number[];
}

/** What the command handler looked up for the institution the form orders for. */
export interface OrderFacts {
  /** identity has registered the institution. */
  institutionExists: boolean;
  /** The patient the form names, or null when there is none. */
  patient: PatientAccessFacts | null;
  /** The active clinicians of the institution. */
  institutionClinicianIds: readonly number[];
  sampleType: OrderItemFacts | null;
  lab: OrderItemFacts | null;
  /** The lab serves the institution for the sample type (a lab assignment). */
  labAssigned: boolean;
  panel: (OrderItemFacts & { sample_type_id: number; marker_ids: readonly number[] }) | null;
  /** The markers the form names and the panel's. */
  markers: readonly (OrderItemFacts & { sample_type_ids: readonly number[]; value: number | null })[];
  /** The devices the form names, with the sample types each of their tube types holds. */
  devices: readonly (OrderItemFacts & {
    max_capacity: number | null;
    tube_types: readonly { sample_type_ids: readonly number[] }[];
  })[];
  /** The fulfillment partner the form names, as identity describes them. */
  partner: { id: number; role: string; is_active: boolean; institution_id: number | null } | null;
}

const invalid = (message: string) => new RuleViolation('invalid', message);

const availableTo = (item: OrderItemFacts, institutionId: number) =>
  item.active && (item.institution_ids.length === 0 || item.institution_ids.includes(institutionId));

/** The institution, patient and ordering clinician of an order (`current`: the request being edited). */
function placement(caller: Caller, input: TestRequestInput, facts: OrderFacts, current: TestRequestSnapshot | null) {
  const requested = input.institution_id ?? current?.institution_id ?? null;
  const institution = orderInstitution(caller, requested);
  if ('problem' in institution) throw invalid(institution.problem);
  const { institutionId } = institution;
  if (!facts.institutionExists) throw invalid(TEST_REQUEST_FIELD_ERRORS.unknownInstitution);
  if (input.patient_id === null) throw invalid(ERRORS.pleaseSelectPatient);
  if (!facts.patient || !canReadPatient(caller, facts.patient)) throw invalid(TEST_REQUEST_FIELD_ERRORS.unknownPatient);
  if (!facts.patient.institution_ids.includes(institutionId)) {
    throw invalid(TEST_REQUEST_FIELD_ERRORS.patientNotOfInstitution);
  }
  // A clinician orders as themself (spec 1 §6), and editing a colleague's order for their patient keeps the
  // colleague as its clinician; everyone else names an active clinician of the institution.
  if (caller.role === 'clinician') return { institutionId, clinicianId: current?.clinician_id ?? caller.userId };
  if (input.clinician_id === null) throw invalid(ERRORS.selectOrderingClinician);
  if (!facts.institutionClinicianIds.includes(input.clinician_id)) {
    throw invalid(TEST_REQUEST_FIELD_ERRORS.notAClinicianOfInstitution);
  }
  return { institutionId, clinicianId: input.clinician_id };
}

/** The sample type, lab, panel or markers of an order, with the test's name. */
function tests(input: TestRequestInput, facts: OrderFacts, institutionId: number) {
  if (input.sample_type === null && input.sample_type_id === null) {
    throw invalid(TEST_REQUEST_FIELD_ERRORS.sampleTypeRequired);
  }
  const sampleType = facts.sampleType;
  if (!sampleType || !availableTo(sampleType, institutionId)) {
    throw invalid(TEST_REQUEST_FIELD_ERRORS.sampleTypeNotAvailable);
  }
  if (input.lab_id === null) throw invalid(ERRORS.selectLaboratoryForAllTests);
  if (!facts.lab?.active || !facts.labAssigned) throw invalid(labNotAssigned(sampleType.name));
  const markerOf = (id: number) => facts.markers.find((marker) => marker.id === id);
  let markerIds = [...new Set(input.marker_ids)];
  let testName: string;
  if (input.panel_id !== null) {
    const panel = facts.panel;
    if (!panel || !availableTo(panel, institutionId) || panel.sample_type_id !== sampleType.id) {
      throw invalid(TEST_REQUEST_FIELD_ERRORS.panelNotAvailable);
    }
    if (markerIds.some((id) => !panel.marker_ids.includes(id)))
      throw invalid(TEST_REQUEST_FIELD_ERRORS.panelMarkersOnly);
    markerIds = [...panel.marker_ids];
    testName = panel.name;
  } else {
    if (markerIds.length === 0) throw invalid(TEST_REQUEST_FIELD_ERRORS.testsRequired);
    const usable = markerIds.every((id) => {
      const marker = markerOf(id);
      return marker && availableTo(marker, institutionId) && marker.sample_type_ids.includes(sampleType.id);
    });
    if (!usable) throw invalid(TEST_REQUEST_FIELD_ERRORS.markerNotAvailable);
    testName = markerIds.map((id) => markerOf(id)?.name ?? `#${id}`).join(', ');
  }
  const volume = markerIds.reduce((sum, id) => sum + (markerOf(id)?.value ?? 0), 0);
  return { sampleType, labId: facts.lab.id, markerIds, testName, volume };
}

/**
 * The one collection device of an order (spec 1 §4: one device, quantity 1), which must hold the sample type
 * (issue 22) and the volume.
 */
function device(
  input: TestRequestInput,
  facts: OrderFacts,
  institutionId: number,
  { sampleType, volume }: { sampleType: OrderItemFacts; volume: number },
) {
  const ids = [...new Set([...input.collection_device_ids, ...input.device_selections.map((s) => s.device_id)])];
  if (ids.length === 0) throw invalid(TEST_REQUEST_FIELD_ERRORS.deviceRequired);
  if (ids.length > 1) throw invalid(TEST_REQUEST_FIELD_ERRORS.oneDevice);
  if (input.device_selections.some((selection) => selection.quantity !== 1)) {
    throw invalid(TEST_REQUEST_FIELD_ERRORS.deviceSelectionMismatch);
  }
  const chosen = facts.devices.find((candidate) => candidate.id === ids[0]);
  if (!chosen || !availableTo(chosen, institutionId)) throw invalid(TEST_REQUEST_FIELD_ERRORS.deviceNotAvailable);
  if (!holdsSampleType(chosen, sampleType.id)) throw invalid(deviceDoesNotHoldSample(chosen.name, sampleType.name));
  const capacity = chosen.max_capacity ?? DEFAULT_DEVICE_CAPACITY_UL;
  if (!fitsDevice(volume, chosen.max_capacity)) throw invalid(deviceCapacityExceeded(volume, capacity));
  const selection = {
    device_id: chosen.id,
    device_name: chosen.name,
    quantity: 1,
    required_volume: volume,
    total_capacity: capacity,
  };
  return { deviceIds: [chosen.id], selections: [selection] };
}

function partner(input: TestRequestInput, facts: OrderFacts, institutionId: number): number | null {
  if (!input.fulfillment_by_partner) return null;
  if (input.fulfillment_partner_id === null) throw invalid(TEST_REQUEST_FIELD_ERRORS.partnerRequired);
  const found = facts.partner;
  const usable =
    found?.id === input.fulfillment_partner_id &&
    found.role === 'fulfillment_agent' &&
    found.is_active &&
    (found.institution_id === null || found.institution_id === institutionId);
  if (!usable) throw invalid(TEST_REQUEST_FIELD_ERRORS.partnerNotAvailable);
  return found.id;
}

export interface OrderContext {
  testRequestId: number;
  caller: Caller;
  input: TestRequestInput;
  facts: OrderFacts;
  /** The decision's clock (ms since the epoch), for the expected date's lead. */
  now: number;
}

/**
 * The request an order form describes, or the first rule it breaks. `current` is the request being edited:
 * its institution when the form names none, its status and who ordered it, and an expected date left as it
 * was is not held to the one-hour lead again.
 */
export function orderedRequest(order: OrderContext, current: TestRequestSnapshot | null): TestRequestSnapshot {
  const { caller, input, facts } = order;
  const { institutionId, clinicianId } = placement(caller, input, facts, current);
  const chosen = tests(input, facts, institutionId);
  const { deviceIds, selections } = device(input, facts, institutionId, chosen);
  if (input.barcode_number === null) throw invalid(ERRORS.allTestsNeedBarcodes);
  const expected = input.expected_test_datetime;
  if (isExpectedTestTooSoon(expected, order.now, current?.expected_test_datetime ?? null)) {
    throw invalid(TEST_REQUEST_FIELD_ERRORS.expectedDateTooSoon);
  }
  return {
    testRequestId: order.testRequestId,
    patient_id: input.patient_id!,
    institution_id: institutionId,
    clinician_id: clinicianId,
    // The demo seed's system caller (id 0) orders as nobody.
    requested_by: current ? current.requested_by : caller.userId > 0 ? caller.userId : null,
    test_type_id: input.test_type_id,
    priority: input.priority,
    status: current?.status ?? 'pending',
    sample_type_id: chosen.sampleType.id,
    sample_type: chosen.sampleType.name,
    panel_id: input.panel_id,
    marker_ids: chosen.markerIds,
    collection_device_ids: deviceIds,
    device_selections: selections,
    test_name: chosen.testName,
    department: input.department,
    cms_priority: input.cms_priority,
    cms_status: input.cms_status,
    notes: input.notes,
    custom_data: input.custom_data,
    barcode_number: input.barcode_number,
    expected_test_datetime: expected,
    lab_id: chosen.labId,
    fulfillment_by_partner: input.fulfillment_by_partner,
    fulfillment_partner_id: partner(input, facts, institutionId),
  };
}
