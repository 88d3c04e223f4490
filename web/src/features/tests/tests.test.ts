/// <reference types="node" />
/**
 * The pure rules behind the test request pages: the list's counters, and the order form's volumes, automatic
 * device choice, missing items, checkout messages (spec 1 §5, word for word) and the body it POSTs (spec 1 §7).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  DEVICE_CAPACITY_DIALOG,
  ERRORS,
  callerFromUser,
  testRequestBodySchema,
  type TestFormFields,
} from '@labline/contracts';
import { countRequests } from './format';
import {
  automaticDevice,
  candidateDevices,
  capacityDialogOffer,
  decideTests,
  emptyTest,
  missingItems,
  offeredDevices,
  requestBodyOf,
  submitProblems,
  withDeviceFor,
  withSampleType,
  type TestDraft,
} from './order/orderModel';
import { institutionModeOf } from './order/useOrderState';
import {
  customDataEntriesOf,
  customDataOf,
  customDataProblems,
  emptyCustomDataEntry,
  type CustomDataEntry,
} from './order/customData';

const item = { description: null, active: true, sort_order: 0, institution_ids: [], institution_names: [] };
const dates = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
/** A device whose one tube type holds these sample types (none given: a device without tube types). */
const device = (id: number, name: string, max_capacity: number | null, sampleTypeIds?: number[]) => ({
  ...item,
  ...dates,
  kind: 'collection-devices' as const,
  id,
  name,
  max_capacity,
  tube_type_ids: sampleTypeIds === undefined ? [] : [id + 1000],
  tube_types:
    sampleTypeIds === undefined ? [] : [{ id: id + 1000, name: `${name} tube`, sample_type_ids: sampleTypeIds }],
});
const marker = (id: number, name: string, value: number, deviceIds: number[], sampleTypeId = 1) => ({
  ...item,
  ...dates,
  kind: 'markers' as const,
  id,
  name,
  marker_code: null,
  value,
  units: null,
  units_ucum: null,
  range_min: null,
  range_max: null,
  sample_type_ids: [sampleTypeId],
  tube_type_ids: [],
  collection_device_ids: deviceIds,
});

const FIELDS: TestFormFields = {
  sample_types: [
    { ...item, ...dates, kind: 'sample-types', id: 1, name: 'Blood' },
    { ...item, ...dates, kind: 'sample-types', id: 2, name: 'Stool' },
  ],
  markers: [
    marker(10, 'HbA1c', 50, [100, 101]),
    marker(11, 'Vitamin D', 460, [100, 101]),
    // Issue 22: a stool marker naming no device.
    marker(12, 'Calprotectin', 1000, [], 2),
  ],
  panels: [],
  collection_devices: [
    device(100, 'Capillary kit', 500, [1]),
    device(101, 'Venous set', 4000, [1]),
    device(102, 'Swab', null),
    device(103, 'Saliva kit', 2000, [3]),
    device(104, 'Stool kit', 5000, [2]),
  ],
};

const built = (changes: Partial<TestDraft>): TestDraft =>
  withDeviceFor({ ...withSampleType(emptyTest(), 1), lab_id: 7, ...changes }, FIELDS);

describe('the list counters (spec 1 §2)', () => {
  test('Urgent counts urgent and stat; the others count their status', () => {
    const requests = [
      { status: 'pending', priority: 'stat' },
      { status: 'pending', priority: 'normal' },
      { status: 'in_progress', priority: 'urgent' },
      { status: 'completed', priority: 'normal' },
    ] as const;
    assert.deepEqual(countRequests(requests), { pending: 2, inProgress: 1, completed: 1, urgent: 2 });
  });
});

describe('the order form (spec 1 §4, §5)', () => {
  test('the device is the smallest that holds the volume, and follows the markers', () => {
    assert.equal(automaticDevice(FIELDS.collection_devices, 100)?.name, 'Swab');
    assert.equal(automaticDevice(FIELDS.collection_devices, 101)?.name, 'Capillary kit');
    assert.equal(automaticDevice(FIELDS.collection_devices, 6000), null);
    assert.equal(built({ marker_ids: [10] }).device_id, 100);
    assert.equal(built({ marker_ids: [10, 11] }).device_id, 101);
  });

  test('only devices whose tube types hold the sample type are offered and chosen (issue 22)', () => {
    const stool = { ...withSampleType(emptyTest(), 2), lab_id: 7 };
    const offered = (test: TestDraft) => candidateDevices(test, FIELDS).map((offer) => offer.name);
    // The swab kit has no tube types: it suits every sample.
    assert.deepEqual(offered(stool), ['Swab', 'Stool kit']);
    assert.equal(withDeviceFor({ ...stool, marker_ids: [12] }, FIELDS).device_id, 104);
    assert.deepEqual(offered({ ...stool, sample_type_id: 1 }), ['Capillary kit', 'Venous set', 'Swab']);
    assert.deepEqual(offered(emptyTest()), []);
  });

  test('a device chosen by the user stays when the markers change', () => {
    const test = built({ marker_ids: [10], device_id: 101, device_chosen_by_user: true });
    assert.equal(withDeviceFor({ ...test, marker_ids: [10, 11] }, FIELDS).device_id, 101);
  });

  test("a marker beyond the user's device asks them: switch to the smallest that holds it, or keep theirs", () => {
    const current = built({ marker_ids: [10], device_id: 100, device_chosen_by_user: true });
    const next = { ...current, marker_ids: [10, 11] };
    const decision = decideTests(current, next, FIELDS);
    assert.deepEqual(decision, {
      kind: 'exceeds-chosen',
      volume: 510,
      device: FIELDS.collection_devices[0],
      alternative: FIELDS.collection_devices[1],
    });
    assert(decision.kind === 'exceeds-chosen');
    const offer = capacityDialogOffer(decision, next, 'Vitamin D');
    assert.equal(
      offer.content,
      'With Vitamin D the test needs 510 µL, more than Capillary kit holds (500 µL). ' +
        'Switch to Venous set (4000 µL), or keep Capillary kit and leave the addition out.',
    );
    assert.deepEqual([offer.okText, offer.cancelText], ['Switch to Venous set', 'Keep Capillary kit']);
    assert.deepEqual(
      [offer.switched?.marker_ids, offer.switched?.device_id, offer.switched?.device_chosen_by_user],
      [[10, 11], 101, true],
    );
    assert.equal(DEVICE_CAPACITY_DIALOG.title, 'Device Capacity Exceeded');
  });

  test('when no device holds it, the dialog is a notice and the device stays', () => {
    const stool = { ...withSampleType(emptyTest(), 2), lab_id: 7 };
    const current = { ...stool, device_id: 102, device_chosen_by_user: true };
    const next = { ...current, marker_ids: [12] };
    const decision = decideTests(current, next, FIELDS);
    assert(decision.kind === 'exceeds-chosen');
    assert.equal(decision.alternative?.name, 'Stool kit');
    // Beyond every stool device: nothing to switch to.
    const huge = {
      ...FIELDS,
      markers: FIELDS.markers.map((item) => (item.id === 12 ? { ...item, value: 9000 } : item)),
    };
    const none = decideTests(current, next, huge);
    assert(none.kind === 'exceeds-chosen');
    const offer = capacityDialogOffer(none, next, 'Calprotectin');
    assert.deepEqual([offer.okText, offer.cancelText, offer.switched], ['OK', null, null]);
    assert.equal(
      offer.content,
      'With Calprotectin the test needs 9000 µL, more than Swab holds (100 µL). ' +
        'No collection devices available with sufficient capacity for 9000µL.',
    );
  });

  test('the automatic device follows until the user picks one; fewer µL are always taken', () => {
    const auto = built({ marker_ids: [10] });
    const grown = decideTests(auto, { ...auto, marker_ids: [10, 11] }, FIELDS);
    assert(grown.kind === 'take');
    assert.equal(grown.test.device_id, 101);
    const stool = { ...withSampleType(emptyTest(), 2), lab_id: 7 };
    const huge = {
      ...FIELDS,
      markers: FIELDS.markers.map((item) => (item.id === 12 ? { ...item, value: 9000 } : item)),
    };
    assert.deepEqual(decideTests(stool, { ...stool, marker_ids: [12] }, huge), { kind: 'none-fits', volume: 9000 });
    // Taking a marker away never asks, even from a device it overfilled.
    const over = built({ marker_ids: [10, 11], device_id: 100, device_chosen_by_user: true });
    const fewer = decideTests(over, { ...over, marker_ids: [11] }, FIELDS);
    assert(fewer.kind === 'take');
    assert.deepEqual([fewer.test.device_id, fewer.test.marker_ids], [100, [11]]);
  });

  test("the device list keeps offering the user's device when the markers name others", () => {
    const test = built({ marker_ids: [10], device_id: 102, device_chosen_by_user: true });
    assert.deepEqual(
      offeredDevices(test, FIELDS).map((offer) => offer.name),
      ['Capillary kit', 'Venous set', 'Swab'],
    );
    assert.deepEqual(
      candidateDevices(test, FIELDS).map((offer) => offer.name),
      ['Capillary kit', 'Venous set'],
    );
  });

  test('missing items, and the checkout messages word for word', () => {
    const order = { patient_id: null, institution_id: null, clinician_id: null };
    assert.deepEqual(missingItems(order, emptyTest(), true), [
      'patient',
      'institution',
      'clinician',
      'sample_type',
      'lab',
      'tests',
      'device',
    ]);
    assert.deepEqual(
      submitProblems(order, [{ ...emptyTest(), lab_id: null }], { institutionChosen: true, clinicianRequired: true }),
      [
        ERRORS.pleaseSelectPatient,
        ERRORS.selectInstitutionForTestRequest,
        ERRORS.selectOrderingClinician,
        ERRORS.allTestsNeedBarcodes,
        ERRORS.selectLaboratoryForAllTests,
      ],
    );
  });

  test('the body: lists as JSON text, one device with quantity 1, test_type_id 1, accepted by the contract', () => {
    const test = { ...built({ marker_ids: [10, 11] }), barcode_number: ' BC-1 ', expected_date: '2030-01-02' };
    const body = requestBodyOf({ patient_id: 3, institution_id: 4, clinician_id: 5 }, test, FIELDS);
    assert.equal(body.marker_ids, '[10,11]');
    assert.equal(body.collection_device_ids, '[101]');
    assert.deepEqual(JSON.parse(body.device_selections as string), [
      { device_id: 101, device_name: 'Venous set', quantity: 1, required_volume: 510, total_capacity: 4000 },
    ]);
    const parsed = testRequestBodySchema.parse(body);
    assert.equal(parsed.test_type_id, 1);
    assert.equal(parsed.barcode_number, 'BC-1');
    assert.equal(parsed.expected_test_datetime, '2030-01-02T12:00:00.000Z');
  });

  test('the institution rule: super_admin chooses, a clinician of one institution does not', () => {
    const caller = (role: 'super_admin' | 'clinician', ids: number[]) =>
      callerFromUser({ id: 1, role, institution_id: null, clinician_institution_ids: ids, permissions: [] });
    assert.deepEqual(institutionModeOf(caller('super_admin', [])), { chosen: true, problem: null, fixed: null });
    assert.deepEqual(institutionModeOf(caller('clinician', [4])), { chosen: false, problem: null, fixed: 4 });
    assert.deepEqual(institutionModeOf(caller('clinician', [4, 5])), { chosen: true, problem: null, fixed: null });
    assert.equal(institutionModeOf(caller('clinician', [])).problem, ERRORS.institutionContextRequired);
  });
});

describe("the order form's additional fields (spec 1 §3, §7)", () => {
  const entry = (name: string, value: CustomDataEntry['value']): CustomDataEntry => ({
    ...emptyCustomDataEntry(),
    name,
    value,
  });

  test('department, CMS priority and status and custom_data go into the body, accepted by the contract', () => {
    const test = {
      ...built({ marker_ids: [10] }),
      barcode_number: 'BC-2',
      department: ' Outpatients ',
      cms_priority: 'Routine',
      cms_status: 'Sample Collected',
      custom_data: [entry(' Fasting ', 'Yes'), entry('', ''), entry('Visit', 3)],
    };
    const body = requestBodyOf({ patient_id: 3, institution_id: 4, clinician_id: 5 }, test, FIELDS);
    const parsed = testRequestBodySchema.parse(body);
    assert.equal(parsed.department, 'Outpatients');
    assert.equal(parsed.cms_priority, 'Routine');
    assert.equal(parsed.cms_status, 'Sample Collected');
    assert.deepEqual(parsed.custom_data, { Fasting: 'Yes', Visit: 3 });
    const empty = requestBodyOf({ patient_id: 3, institution_id: 4, clinician_id: 5 }, built({}), FIELDS);
    assert.deepEqual(
      [empty.department, empty.cms_priority, empty.cms_status, empty.custom_data],
      [null, null, null, null],
    );
  });

  test("a value needs a name, a name is used once, and the contract's lengths hold", () => {
    const entries = [
      entry('Fasting', 'Yes'),
      entry('', 'orphan'),
      entry('Fasting', 'No'),
      entry('', ''),
      entry('n'.repeat(101), 'x'),
      entry('Long', 'v'.repeat(2001)),
    ];
    assert.deepEqual(customDataProblems(entries), [
      'Each name may be used once',
      'Enter a name for this value',
      'Each name may be used once',
      '',
      'A name has at most 100 characters',
      'A value has at most 2000 characters',
    ]);
  });

  test("a sample type chosen again keeps the details, and an edited request keeps its values' types", () => {
    const details = { department: 'Ward 4', cms_priority: 'STAT', custom_data: [entry('Fasting', true)] };
    const test = withSampleType({ ...built({ marker_ids: [10] }), ...details }, 2);
    assert.deepEqual([test.department, test.cms_priority, test.marker_ids], ['Ward 4', 'STAT', []]);
    const rows = customDataEntriesOf({ Fasting: true, Visits: 2, Note: null });
    assert.deepEqual(customDataOf(rows), { Fasting: true, Visits: 2, Note: null });
    assert.equal(customDataOf([]), null);
  });
});
