import { describe, it } from 'vitest';
import {
  deviceCapacityExceeded,
  deviceDoesNotHoldSample,
  ERRORS,
  statusChangeNotAllowed,
  TEST_REQUEST_FIELD_ERRORS as FIELD,
  testRequestBodySchema,
  type Caller,
  type TestRequestSnapshot,
} from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { admin, NORTHWIND, RIVERSIDE, superAdmin, violation } from '../callers.fixture';
import { testRequestDecider, type OrderFacts } from './decide';

const spec = deciderSpecification(testRequestDecider);

const clinician: Caller = {
  userId: 3,
  role: 'clinician',
  institutionId: NORTHWIND,
  institutionIds: [NORTHWIND],
  permissions: [],
};
const labUser: Caller = { ...admin, userId: 4, role: 'lab_user' };
const clientAdmin: Caller = { ...admin, userId: 5, role: 'client_admin' };
const riversideAdmin: Caller = { ...admin, userId: 6, institutionId: RIVERSIDE, institutionIds: [RIVERSIDE] };

const NOW = Date.parse('2030-01-01T08:00:00Z');
const item = (id: number, name: string) => ({ id, name, active: true, institution_ids: [] as number[] });
/** A device whose tube types hold these sample types each (none: a device without tube types). */
const kit = (id: number, name: string, max_capacity: number | null, tubes: number[][] = []) => ({
  ...item(id, name),
  max_capacity,
  tube_types: tubes.map((sample_type_ids) => ({ sample_type_ids })),
});

const facts: OrderFacts = {
  institutionExists: true,
  patient: { institution_ids: [NORTHWIND], clinician_id: 3 },
  institutionClinicianIds: [3],
  sampleType: item(10, 'Blood'),
  lab: item(20, 'Meridian'),
  labAssigned: true,
  panel: { ...item(30, 'Diabetes Panel'), sample_type_id: 10, marker_ids: [40, 41] },
  markers: [
    { ...item(40, 'HbA1c'), sample_type_ids: [10], value: 50 },
    { ...item(41, 'Glucose'), sample_type_ids: [10], value: 60 },
  ],
  devices: [kit(50, 'Capillary kit', 100)],
  partner: null,
};

const form = (overrides: Record<string, unknown> = {}) =>
  testRequestBodySchema.parse({
    patient_id: 7,
    sample_type: 'Blood',
    lab_id: 20,
    marker_ids: '[40]',
    collection_device_ids: '[50]',
    barcode_number: 'BC-1',
    expected_test_datetime: '2030-01-02',
    institution_id: NORTHWIND,
    clinician_id: 3,
    ...overrides,
  });

const created: TestRequestSnapshot = {
  testRequestId: 9,
  patient_id: 7,
  institution_id: NORTHWIND,
  clinician_id: 3,
  requested_by: 2,
  test_type_id: 1,
  priority: 'normal',
  status: 'pending',
  sample_type_id: 10,
  sample_type: 'Blood',
  panel_id: null,
  marker_ids: [40],
  collection_device_ids: [50],
  device_selections: [
    { device_id: 50, device_name: 'Capillary kit', quantity: 1, required_volume: 50, total_capacity: 100 },
  ],
  test_name: 'HbA1c',
  department: null,
  cms_priority: null,
  cms_status: null,
  notes: null,
  custom_data: null,
  barcode_number: 'BC-1',
  expected_test_datetime: '2030-01-02T12:00:00.000Z',
  lab_id: 20,
  fulfillment_by_partner: false,
  fulfillment_partner_id: null,
};

const create = (caller: Caller, overrides: Record<string, unknown> = {}, given: OrderFacts = facts) => ({
  type: 'CreateTestRequest' as const,
  data: { testRequestId: 9, caller, input: form(overrides), facts: given, now: NOW },
});
const update = (caller: Caller, overrides: Record<string, unknown> = {}, now = NOW) => ({
  type: 'UpdateTestRequest' as const,
  data: { testRequestId: 9, caller, input: form(overrides), facts, now, patientClinicianId: 3 },
});
const asker = (caller: Caller) => ({ testRequestId: 9, caller, patientClinicianId: 3 });
const move = (caller: Caller, status: TestRequestSnapshot['status'], message: string | null = null) => ({
  type: 'ChangeTestRequestStatus' as const,
  data: { ...asker(caller), status, message },
});
const history = [{ type: 'TestRequestCreated' as const, data: created }];
const filed = { testRequestId: 9, patient_id: 7, institution_id: NORTHWIND };

describe('test request decider: ordering', () => {
  it('orders one test with its derived name, device selection and noon expected date', () => {
    spec
      .given([])
      .when(create(admin))
      .then([{ type: 'TestRequestCreated', data: created }]);
  });

  it('names a panel by its name and orders its markers', () => {
    spec
      .given([])
      .when(
        create(
          clinician,
          {
            panel_id: 30,
            marker_ids: '[]',
            collection_device_ids: '[]',
            device_selections: '[{"device_id":50,"quantity":1}]',
          },
          {
            ...facts,
            devices: [kit(50, 'Capillary kit', 500)],
          },
        ),
      )
      .then([
        {
          type: 'TestRequestCreated',
          data: {
            ...created,
            requested_by: 3,
            panel_id: 30,
            marker_ids: [40, 41],
            test_name: 'Diabetes Panel',
            device_selections: [{ ...created.device_selections[0]!, required_volume: 110, total_capacity: 500 }],
          },
        },
      ]);
  });

  it('refuses roles that do not order, and a second creation', () => {
    spec.given([]).when(create(labUser)).thenThrows(violation('forbidden'));
    spec.given(history).when(create(admin)).thenThrows(violation('conflict'));
  });

  it('refuses a device none of whose tube types holds the sample type (issue 22)', () => {
    const withDevice = (device: ReturnType<typeof kit>) => create(admin, {}, { ...facts, devices: [device] });
    spec
      .given([])
      .when(withDevice(kit(50, 'Saliva collection kit', 2000, [[11]])))
      .thenThrows(violation('invalid', deviceDoesNotHoldSample('Saliva collection kit', 'Blood')));
    // One fitting tube type is enough; a tube type naming no sample types (older events) holds any.
    const selection = { ...created.device_selections[0]!, device_name: 'Capillary kit', total_capacity: 500 };
    for (const tubes of [
      [[11], [10, 12]],
      [[11], []],
    ]) {
      spec
        .given([])
        .when(withDevice(kit(50, 'Capillary kit', 500, tubes)))
        .then([{ type: 'TestRequestCreated', data: { ...created, device_selections: [selection] } }]);
    }
  });

  it('holds the device capacity (100 µL when unset) and the expected date an hour ahead of its clock', () => {
    spec
      .given([])
      .when(create(admin, { marker_ids: '[40, 41]' }))
      .thenThrows(violation('invalid', deviceCapacityExceeded(110, 100)));
    spec
      .given([])
      .when(create(admin, { marker_ids: '[40, 41]' }, { ...facts, devices: [kit(50, 'Kit', null)] }))
      .thenThrows(violation('invalid', deviceCapacityExceeded(110, 100)));
    spec
      .given([])
      .when(create(admin, { expected_test_datetime: '2030-01-01T08:59:00Z' }))
      .thenThrows(violation('invalid', FIELD.expectedDateTooSoon));
    spec
      .given([])
      .when(create(admin, { expected_test_datetime: '2030-01-01T09:00:00Z' }))
      .then([{ type: 'TestRequestCreated', data: { ...created, expected_test_datetime: '2030-01-01T09:00:00.000Z' } }]);
  });

  it('refuses a lab that does not serve the institution for the sample type, and a patient elsewhere', () => {
    spec
      .given([])
      .when(create(admin, {}, { ...facts, labAssigned: false }))
      .thenThrows(violation('invalid', 'lab_id: is not a laboratory assigned to this institution for Blood samples'));
    spec
      .given([])
      .when(create(superAdmin, {}, { ...facts, patient: { institution_ids: [RIVERSIDE], clinician_id: 3 } }))
      .thenThrows(violation('invalid', FIELD.patientNotOfInstitution));
    spec
      .given([])
      .when(create(admin, { barcode_number: '' }))
      .thenThrows(violation('invalid', ERRORS.allTestsNeedBarcodes));
  });
});

describe('test request decider: changes', () => {
  it('edits, keeping status and who ordered it; an unchanged form records nothing', () => {
    const approved = [
      ...history,
      {
        type: 'TestRequestStatusChanged' as const,
        data: { ...filed, from: 'pending' as const, to: 'approved' as const },
      },
    ];
    spec
      .given(approved)
      .when(update(clinician, { priority: 'urgent' }))
      .then([{ type: 'TestRequestUpdated', data: { ...created, status: 'approved', priority: 'urgent' } }]);
    // A clinician editing a colleague's order for their own patient keeps the colleague as its clinician.
    const colleagues = [{ type: 'TestRequestCreated' as const, data: { ...created, clinician_id: 9 } }];
    spec
      .given(colleagues)
      .when(update(clinician, { priority: 'stat' }))
      .then([{ type: 'TestRequestUpdated', data: { ...created, clinician_id: 9, priority: 'stat' } }]);
    // A stored expected date is not held to the lead again once it has passed.
    spec
      .given(history)
      .when(update(admin, {}, Date.parse('2030-06-01T00:00:00Z')))
      .then([]);
  });

  it('answers 404 out of scope or archived, 403 to roles that do not edit, 409 once completed', () => {
    spec.given(history).when(update(riversideAdmin)).thenThrows(violation('not_found', ERRORS.testRequestNotFound));
    spec.given([]).when(update(superAdmin)).thenThrows(violation('not_found'));
    spec.given(history).when(update(labUser)).thenThrows(violation('forbidden'));
    const archived = [
      ...history,
      { type: 'TestRequestArchived' as const, data: { ...filed, status: 'pending' as const } },
    ];
    spec.given(archived).when(update(superAdmin)).thenThrows(violation('not_found'));
    const cancelled = [
      ...history,
      { type: 'TestRequestCancelled' as const, data: { ...filed, from: 'pending' as const } },
    ];
    spec.given(cancelled).when(update(admin)).thenThrows(violation('conflict', FIELD.notEditable));
  });

  it('moves along the transition table; to cancelled is a cancellation', () => {
    spec
      .given(history)
      .when(move(labUser, 'approved'))
      .then([{ type: 'TestRequestStatusChanged', data: { ...filed, from: 'pending', to: 'approved' } }]);
    spec
      .given(history)
      .when(move(labUser, 'completed'))
      .thenThrows(violation('conflict', statusChangeNotAllowed('pending', 'completed')));
    spec.given(history).when(move(clientAdmin, 'approved')).thenThrows(violation('forbidden'));
    spec
      .given(history)
      .when(move(clinician, 'cancelled'))
      .then([{ type: 'TestRequestCancelled', data: { ...filed, from: 'pending' } }]);
    const completed = [
      ...history,
      ...(['approved', 'fulfilled', 'in_progress', 'completed'] as const).map((to, index, steps) => ({
        type: 'TestRequestStatusChanged' as const,
        data: { ...filed, from: index === 0 ? ('pending' as const) : steps[index - 1]!, to },
      })),
    ];
    spec.given(completed).when(move(admin, 'cancelled')).thenThrows(violation('conflict', FIELD.notCancellable));
  });

  it("is moved forward by another service's fact one legal step at a time, and not at all once there or closed", () => {
    const cause = 'Kit delivered (FUL-000004)';
    const advance = (to: TestRequestSnapshot['status']) => ({
      type: 'AdvanceTestRequest' as const,
      data: { testRequestId: 9, to, cause },
    });
    spec
      .given(history)
      .when(advance('fulfilled'))
      .then([
        { type: 'TestRequestStatusChanged', data: { ...filed, from: 'pending', to: 'approved', cause } },
        { type: 'TestRequestStatusChanged', data: { ...filed, from: 'approved', to: 'fulfilled', cause } },
      ]);
    const fulfilled = [
      ...history,
      {
        type: 'TestRequestStatusChanged' as const,
        data: { ...filed, from: 'pending' as const, to: 'approved' as const },
      },
      {
        type: 'TestRequestStatusChanged' as const,
        data: { ...filed, from: 'approved' as const, to: 'fulfilled' as const },
      },
    ];
    spec.given(fulfilled).when(advance('fulfilled')).then([]);
    const cancelled = [
      ...history,
      { type: 'TestRequestCancelled' as const, data: { ...filed, from: 'pending' as const } },
    ];
    spec.given(cancelled).when(advance('fulfilled')).then([]);
    // Archived, it is still moved: the record shows what happened to the order.
    const archived = [
      ...history,
      { type: 'TestRequestArchived' as const, data: { ...filed, status: 'pending' as const } },
    ];
    spec
      .given(archived)
      .when(advance('approved'))
      .then([{ type: 'TestRequestStatusChanged', data: { ...filed, from: 'pending', to: 'approved', cause } }]);
    spec.given([]).when(advance('fulfilled')).thenThrows(violation('not_found', ERRORS.testRequestNotFound));
  });

  it("cancels with the patient's message on the one event, or without one for the default wording", () => {
    const text = 'Your appointment is cancelled; we will call you to rebook.';
    spec
      .given(history)
      .when(move(clinician, 'cancelled', `  ${text}\n`))
      .then([{ type: 'TestRequestCancelled', data: { ...filed, from: 'pending', custom_message: text } }]);
    // spec 1 §4, §6: a lab_user cancels through the same notification step.
    spec
      .given(history)
      .when(move(labUser, 'cancelled', text))
      .then([{ type: 'TestRequestCancelled', data: { ...filed, from: 'pending', custom_message: text } }]);
    spec
      .given(history)
      .when(move(clinician, 'cancelled'))
      .then([{ type: 'TestRequestCancelled', data: { ...filed, from: 'pending' } }]);
  });

  it('refuses a cancel, and so tells the patient nothing, when it may not happen or its message is blank', () => {
    const cancelled = [
      ...history,
      { type: 'TestRequestCancelled' as const, data: { ...filed, from: 'pending' as const } },
    ];
    const refusals = [
      [cancelled, move(admin, 'cancelled', 'Cancelled again'), violation('conflict', FIELD.notCancellable)],
      [history, move(clientAdmin, 'cancelled', 'Hi'), violation('forbidden')],
      [history, move(riversideAdmin, 'cancelled', 'Hi'), violation('not_found', ERRORS.testRequestNotFound)],
      [history, move(admin, 'cancelled', '  '), violation('invalid', ERRORS.pleaseEnterMessage)],
      // A message goes only with a cancellation.
      [history, move(labUser, 'approved', 'Approved'), violation('invalid', FIELD.messageOnlyWhenCancelling)],
    ] as const;
    for (const [given, command, refusal] of refusals) spec.given(given).when(command).thenThrows(refusal);
  });

  it('archives for the cancelling roles (spec 1 §6 detail page) while neither completed nor cancelled', () => {
    const archive = (caller: Caller) => ({ type: 'ArchiveTestRequest' as const, data: asker(caller) });
    spec
      .given(history)
      .when(archive(labUser))
      .then([{ type: 'TestRequestArchived', data: { ...filed, status: 'pending' } }]);
    spec.given(history).when(archive(clientAdmin)).thenThrows(violation('forbidden', ERRORS.forbidden));
    const cancelled = [
      ...history,
      { type: 'TestRequestCancelled' as const, data: { ...filed, from: 'pending' as const } },
    ];
    spec.given(cancelled).when(archive(admin)).thenThrows(violation('conflict', FIELD.notArchivable));
  });

  it('restores an archived request for those who may archive it; to others it stays not found', () => {
    const restore = (caller: Caller) => ({ type: 'RestoreTestRequest' as const, data: asker(caller) });
    const archived = [
      ...history,
      { type: 'TestRequestArchived' as const, data: { ...filed, status: 'pending' as const } },
    ];
    spec
      .given(archived)
      .when(restore(admin))
      .then([{ type: 'TestRequestRestored', data: filed }]);
    spec
      .given(archived)
      .when(restore(labUser))
      .then([{ type: 'TestRequestRestored', data: filed }]);
    const refusals = [
      [archived, restore(clientAdmin), violation('not_found', ERRORS.testRequestNotFound)],
      [archived, restore(riversideAdmin), violation('not_found', ERRORS.testRequestNotFound)],
      [history, restore(admin), violation('conflict', FIELD.notArchived)],
      [history, restore(clientAdmin), violation('forbidden', ERRORS.forbidden)],
    ] as const;
    for (const [given, command, refusal] of refusals) spec.given(given).when(command).thenThrows(refusal);
    // Restored, it is active again: it can be archived (and acted on) once more.
    const restored = [...archived, { type: 'TestRequestRestored' as const, data: filed }];
    spec
      .given(restored)
      .when({ type: 'ArchiveTestRequest', data: asker(admin) })
      .then([{ type: 'TestRequestArchived', data: { ...filed, status: 'pending' } }]);
  });

  it('records a notification request with its message, which is required', () => {
    const notify = (caller: Caller, message: string | null) => ({
      type: 'RequestTestRequestNotification' as const,
      data: { ...asker(caller), message },
    });
    spec
      .given(history)
      .when(notify(clinician, ' Bring the kit '))
      .then([
        {
          type: 'TestRequestNotificationRequested',
          data: { ...filed, reminder_type: 'custom_notification', custom_message: 'Bring the kit' },
        },
      ]);
    spec.given(history).when(notify(clinician, null)).thenThrows(violation('invalid', ERRORS.pleaseEnterMessage));
    spec.given(history).when(notify(labUser, 'Hi')).thenThrows(violation('forbidden'));
  });
});
