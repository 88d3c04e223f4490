import {
  CLINICAL_EVENT_SCHEMAS,
  labNotAssigned,
  orderInstitution,
  parseEventData,
  TEST_REQUEST_FIELD_ERRORS,
  type Caller,
  type TestRequestInput,
  type TestRequestSnapshot,
  type TestRequestStatus,
} from '@labline/contracts';
import { RuleViolation, type AppendMetadata, type RecordedEvent } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import type { DatabaseTransactionConnection } from 'slonik';
import { testRequestDecider, type OrderFacts, type TestRequestCommand } from '../domain/test-request/decide';
import { testRequestStream } from '../domain/test-request/events';
import type { TestRequestState } from '../domain/test-request/state';
import { lockReferencedItems, sampleTypeFor } from '../projections/catalogue/facts';
import { activeClinicianIds, knownInstitutionIds } from '../projections/directory/queries';
import {
  isLabAssigned,
  lockOrderedPatient,
  orderItems,
  partnerFacts,
  patientAccessFacts,
} from '../projections/test-requests/facts';
import type { CommandDependencies } from './patients';

const NO_FACTS: OrderFacts = {
  institutionExists: false,
  patient: null,
  institutionClinicianIds: [],
  sampleType: null,
  lab: null,
  labAssigned: false,
  panel: null,
  markers: [],
  devices: [],
  partner: null,
};

/** The facts the order rules need, for the institution the form orders for (none when it names none usable). */
async function orderFacts(
  deps: CommandDependencies,
  caller: Caller,
  input: TestRequestInput,
  current: TestRequestSnapshot | null,
): Promise<OrderFacts> {
  const institution = orderInstitution(caller, input.institution_id ?? current?.institution_id ?? null);
  if ('problem' in institution) return NO_FACTS;
  const { institutionId } = institution;
  const { pool } = deps;
  const sampleTypeChoice = { id: input.sample_type_id, name: input.sample_type };
  const deviceIds = [...input.collection_device_ids, ...input.device_selections.map((s) => s.device_id)];
  const [known, patient, clinicians, sampleType, partner, chosen] = await Promise.all([
    knownInstitutionIds(pool, [institutionId]),
    input.patient_id === null ? null : patientAccessFacts(pool, input.patient_id),
    activeClinicianIds(pool, institutionId),
    sampleTypeChoice.id === null && sampleTypeChoice.name === null
      ? null
      : sampleTypeFor(pool, institutionId, sampleTypeChoice),
    input.fulfillment_partner_id === null ? null : partnerFacts(pool, input.fulfillment_partner_id),
    orderItems(pool, [
      ...(input.lab_id === null ? [] : [input.lab_id]),
      ...(input.panel_id === null ? [] : [input.panel_id]),
      ...input.marker_ids,
      ...deviceIds,
    ]),
  ]);
  const ofKind = (kind: string) => chosen.filter((item) => item.kind === kind);
  const lab = ofKind('labs').find((item) => item.id === input.lab_id) ?? null;
  const panel = ofKind('panels').find((item) => item.id === input.panel_id) ?? null;
  const panelMarkers = panel ? await orderItems(pool, panel.marker_ids) : [];
  const markers = [...ofKind('markers'), ...panelMarkers.filter((item) => item.kind === 'markers')];
  const labAssigned =
    lab !== null && sampleType !== null && (await isLabAssigned(pool, institutionId, lab.id, sampleType.id));
  return {
    institutionExists: known.length === 1,
    patient,
    institutionClinicianIds: clinicians,
    sampleType,
    lab,
    labAssigned,
    panel: panel && { ...panel, sample_type_id: panel.sample_type_id ?? 0 },
    markers,
    devices: ofKind('collection-devices'),
    partner,
  };
}

/**
 * In the append transaction: the catalogue items and the patient the request names stay until it commits (a
 * catalogue or patient delete then finds the request and answers 409); one deleted meanwhile (or the patient
 * taken out of the institution) refuses the order, naming its field.
 */
async function lockOrderedItems(transaction: DatabaseTransactionConnection, events: readonly RecordedEvent[]) {
  for (const event of events) {
    if (event.type !== 'TestRequestCreated' && event.type !== 'TestRequestUpdated') continue;
    const request = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
    const fields: [number[], string][] = [
      [[request.sample_type_id], TEST_REQUEST_FIELD_ERRORS.sampleTypeNotAvailable],
      [[request.lab_id], labNotAssigned(request.sample_type)],
      [request.panel_id === null ? [] : [request.panel_id], TEST_REQUEST_FIELD_ERRORS.panelNotAvailable],
      [request.marker_ids, TEST_REQUEST_FIELD_ERRORS.markerNotAvailable],
      [request.collection_device_ids, TEST_REQUEST_FIELD_ERRORS.deviceNotAvailable],
    ];
    for (const [ids, problem] of fields) {
      if ((await lockReferencedItems(transaction, ids)).length > 0) throw new RuleViolation('invalid', problem);
    }
    const patientInstitutions = await lockOrderedPatient(transaction, request.patient_id);
    if (patientInstitutions === null) throw new RuleViolation('invalid', TEST_REQUEST_FIELD_ERRORS.unknownPatient);
    if (!patientInstitutions.includes(request.institution_id)) {
      throw new RuleViolation('invalid', TEST_REQUEST_FIELD_ERRORS.patientNotOfInstitution);
    }
  }
}

const currentOf = (state: TestRequestState) => (state.status === 'active' ? state.request : null);

/** POST /tests/requests: orders one test under a new id from the sequence; returns the id. */
export async function createTestRequest(
  deps: CommandDependencies,
  caller: Caller,
  input: TestRequestInput,
  metadata: AppendMetadata,
  now = Date.now(),
): Promise<number> {
  const facts = await orderFacts(deps, caller, input, null);
  const testRequestId = await nextId(deps.pool, 'test_request_id_seq');
  await deps.commands.handleCommand({
    stream: testRequestStream(testRequestId),
    decider: testRequestDecider,
    command: { type: 'CreateTestRequest', data: { testRequestId, caller, input, facts, now } },
    metadata,
    alsoInTransaction: lockOrderedItems,
  });
  return testRequestId;
}

/** The clinician of the request's patient, for the clinician's scope. */
const patientClinicianOf = async (deps: CommandDependencies, state: TestRequestState) => {
  const current = currentOf(state);
  return current ? ((await patientAccessFacts(deps.pool, current.patient_id))?.clinician_id ?? null) : null;
};

/** PUT /tests/requests/{id}: the whole form as the new order; an unchanged form records nothing. */
export async function updateTestRequest(
  deps: CommandDependencies,
  caller: Caller,
  testRequestId: number,
  input: TestRequestInput,
  metadata: AppendMetadata,
  now = Date.now(),
): Promise<void> {
  await deps.commands.handleCommand({
    stream: testRequestStream(testRequestId),
    decider: testRequestDecider,
    command: async (state) => ({
      type: 'UpdateTestRequest' as const,
      data: {
        testRequestId,
        caller,
        input,
        now,
        facts: await orderFacts(deps, caller, input, currentOf(state)),
        patientClinicianId: await patientClinicianOf(deps, state),
      },
    }),
    metadata,
    alsoInTransaction: lockOrderedItems,
  });
}

/** A command on an existing request that needs only who asks (status, archive, notification). */
async function actOn(
  deps: CommandDependencies,
  testRequestId: number,
  metadata: AppendMetadata,
  build: (patientClinicianId: number | null) => TestRequestCommand,
) {
  await deps.commands.handleCommand({
    stream: testRequestStream(testRequestId),
    decider: testRequestDecider,
    command: async (state) => build(await patientClinicianOf(deps, state)),
    metadata,
  });
}

/**
 * PUT /tests/requests/{id}/status: along the transition table; to cancelled is the Cancel action, with the
 * message its notification step sends the patient (null: the default wording).
 */
export const changeTestRequestStatus = (
  deps: CommandDependencies,
  caller: Caller,
  testRequestId: number,
  change: { status: TestRequestStatus; message?: string | null },
  metadata: AppendMetadata,
) =>
  actOn(deps, testRequestId, metadata, (patientClinicianId) => ({
    type: 'ChangeTestRequestStatus',
    data: { testRequestId, caller, patientClinicianId, status: change.status, message: change.message ?? null },
  }));

/** A command on an existing request that takes nothing but who asks. */
const askerCommand =
  (type: 'ArchiveTestRequest' | 'RestoreTestRequest') =>
  (deps: CommandDependencies, caller: Caller, testRequestId: number, metadata: AppendMetadata) =>
    actOn(deps, testRequestId, metadata, (patientClinicianId) => ({
      type,
      data: { testRequestId, caller, patientClinicianId },
    }));

/** DELETE /tests/requests/{id}: archives it. */
export const archiveTestRequest = askerCommand('ArchiveTestRequest');

/** POST /tests/requests/{id}/restore: an archived request back on the lists. */
export const restoreTestRequest = askerCommand('RestoreTestRequest');

/** POST /tests/requests/{id}/send-reminder: recorded for the notifications service to deliver. */
export const requestTestRequestNotification = (
  deps: CommandDependencies,
  caller: Caller,
  testRequestId: number,
  message: string | null,
  metadata: AppendMetadata,
) =>
  actOn(deps, testRequestId, metadata, (patientClinicianId) => ({
    type: 'RequestTestRequestNotification',
    data: { testRequestId, caller, patientClinicianId, message },
  }));

/**
 * Another service's fact moves the request forward (a kit delivered → fulfilled): in the reacting consumer's
 * transaction, so the move commits with the event's processed row and a redelivery moves nothing twice.
 */
export const advanceTestRequest = (
  deps: CommandDependencies,
  testRequestId: number,
  move: { to: TestRequestStatus; cause: string },
  metadata: AppendMetadata,
  transaction: DatabaseTransactionConnection,
) =>
  deps.commands.handleCommand({
    stream: testRequestStream(testRequestId),
    decider: testRequestDecider,
    command: { type: 'AdvanceTestRequest', data: { testRequestId, ...move } },
    metadata,
    transaction,
  });
