/**
 * The order form's rules on the server (issue 12 item 2), each with its exact text and nothing stored: the
 * institution rule, patient, clinician, sample type, lab assignment, markers and panel, the one device and its
 * capacity, barcode, expected date, fulfillment partner, and the JSON-text lists.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import {
  catalogueDeleteInUse,
  deviceCapacityExceeded,
  deviceDoesNotHoldSample,
  ERRORS,
  labNotAssigned,
  TEST_REQUEST_FIELD_ERRORS as FIELD,
} from '@labline/contracts';
import { call, createItem, NORTHWIND, refused, RIVERSIDE, UNKNOWN_INSTITUTION, USERS, type TestUser } from './harness';
import { orderForm, orderSuite, orderTest } from './test-request-fixtures';

const suite = orderSuite();

/** The order is refused with 400 and this text (or a text matching it), storing nothing. */
async function refusedOrder(
  overrides: Record<string, unknown>,
  text: string | RegExp,
  caller: TestUser = USERS.northwindAdmin,
) {
  const error = await refused(
    suite.context,
    () => call(suite.context, caller, 'POST', '/tests/requests', orderForm(suite.fixtures, overrides)),
    400,
  );
  if (typeof text === 'string') assert.equal(error, text);
  else assert.match(error, text);
}

describe('the order form institution rule', () => {
  it('makes a super_admin choose, and a clinician of several institutions', async () => {
    await refusedOrder({ institution_id: null }, ERRORS.selectInstitutionForTestRequest, USERS.superAdmin);
    await refusedOrder({ institution_id: '' }, ERRORS.selectInstitutionForTestRequest, USERS.northwindClinician);
    const own = await orderTest(suite.context, suite.fixtures, USERS.secondClinician, {
      institution_id: null,
      patient_id: suite.fixtures.ravisPatient,
    });
    if (own.institution_id !== NORTHWIND) throw new Error('a clinician of one institution orders for it');
    const admins = await orderTest(suite.context, suite.fixtures, USERS.northwindAdmin, { institution_id: null });
    if (admins.institution_id !== NORTHWIND) throw new Error('others order for their own institution');
  });

  it('refuses an institution that is not the caller’s, or unknown', async () => {
    await refusedOrder({ institution_id: RIVERSIDE }, FIELD.unknownInstitution);
    await refusedOrder({ institution_id: UNKNOWN_INSTITUTION }, FIELD.unknownInstitution, USERS.superAdmin);
  });
});

describe('patient and clinician', () => {
  it('needs a patient the caller sees, of the institution', async () => {
    await refusedOrder({ patient_id: null }, ERRORS.pleaseSelectPatient);
    await refusedOrder({ patient_id: suite.fixtures.riversidePatient }, FIELD.unknownPatient);
    await refusedOrder({ patient_id: 987_654 }, FIELD.unknownPatient, USERS.superAdmin);
    await refusedOrder({ patient_id: suite.fixtures.ravisPatient }, FIELD.unknownPatient, USERS.northwindClinician);
    await refusedOrder(
      { patient_id: suite.fixtures.riversidePatient },
      FIELD.patientNotOfInstitution,
      USERS.superAdmin,
    );
  });

  it('needs an active clinician of the institution from everyone but clinicians', async () => {
    await refusedOrder({ clinician_id: null }, ERRORS.selectOrderingClinician);
    await refusedOrder({ clinician_id: USERS.riversideClinician.id }, FIELD.notAClinicianOfInstitution);
    await refusedOrder({ clinician_id: USERS.labUser.id }, FIELD.notAClinicianOfInstitution);
  });
});

describe('sample type, lab and tests', () => {
  it('needs an available sample type and a lab assigned for it', async () => {
    const { fixtures } = suite;
    await refusedOrder({ sample_type: '' }, FIELD.sampleTypeRequired);
    await refusedOrder({ sample_type: 'Plasma' }, FIELD.sampleTypeNotAvailable);
    await refusedOrder({ lab_id: null }, ERRORS.selectLaboratoryForAllTests);
    await refusedOrder({ lab_id: fixtures.northgate }, labNotAssigned('Blood'));
    await refusedOrder(
      { sample_type: 'Urine', marker_ids: JSON.stringify([fixtures.albumin]) },
      labNotAssigned('Urine'),
    );
    await refusedOrder({ lab_id: fixtures.hba1c }, labNotAssigned('Blood'));
  });

  it('needs active markers of the sample type available to the institution, or a panel', async () => {
    const { fixtures } = suite;
    await refusedOrder({ marker_ids: '[]' }, FIELD.testsRequired);
    for (const marker of [fixtures.retired, fixtures.riversideMarker, fixtures.albumin, fixtures.capillary, 424_242]) {
      await refusedOrder({ marker_ids: JSON.stringify([fixtures.hba1c, marker]) }, FIELD.markerNotAvailable);
    }
    await refusedOrder({ panel_id: fixtures.hba1c }, FIELD.panelNotAvailable);
    await refusedOrder(
      { panel_id: fixtures.diabetesPanel, marker_ids: JSON.stringify([fixtures.ferritin]) },
      FIELD.panelMarkersOnly,
    );
    await refusedOrder(
      { sample_type: 'Urine', panel_id: fixtures.diabetesPanel, marker_ids: '[]' },
      labNotAssigned('Urine'),
    );
  });
});

describe('the collection device', () => {
  it('needs one available device, quantity 1', async () => {
    const { fixtures } = suite;
    await refusedOrder({ collection_device_ids: '[]', device_selections: '' }, FIELD.deviceRequired);
    await refusedOrder(
      { collection_device_ids: JSON.stringify([fixtures.capillary, fixtures.swab]), device_selections: null },
      FIELD.oneDevice,
    );
    await refusedOrder(
      { device_selections: JSON.stringify([{ device_id: fixtures.capillary, quantity: 2 }]) },
      FIELD.deviceSelectionMismatch,
    );
    await refusedOrder(
      { collection_device_ids: JSON.stringify([fixtures.hba1c]), device_selections: '[]' },
      FIELD.deviceNotAvailable,
    );
  });

  it("refuses tests whose volume exceeds the device's capacity, 100 µL when unset", async () => {
    const { fixtures } = suite;
    await refusedOrder(
      { marker_ids: JSON.stringify([fixtures.glucose, fixtures.ferritin]) },
      deviceCapacityExceeded(510, 500),
    );
    await refusedOrder(
      { panel_id: fixtures.diabetesPanel, collection_device_ids: `[${fixtures.swab}]`, device_selections: '' },
      deviceCapacityExceeded(110, 100),
    );
    const full = await orderTest(suite.context, fixtures, USERS.northwindAdmin, {
      marker_ids: JSON.stringify([fixtures.hba1c, fixtures.ferritin]),
    });
    assert.equal((full.device_selections as { required_volume: number }[])[0]?.required_volume, 500);
  });

  it('refuses a device whose tube types hold another sample type (issue 22)', async () => {
    const { context, fixtures } = suite;
    const urineTube = await createItem(context, USERS.superAdmin, 'tube-types', {
      name: 'Urine container',
      sample_type_ids: [fixtures.urine],
    });
    const pot = await createItem(context, USERS.superAdmin, 'collection-devices', {
      name: 'Urine pot',
      max_capacity: 60000,
      tube_type_ids: [urineTube.id],
    });
    const listed = (await call(context, USERS.northwindAdmin, 'GET', '/cms/collection-devices')).json().items;
    assert.deepEqual(listed.find((device: { id: number }) => device.id === pot.id).tube_types, [
      { id: urineTube.id, name: 'Urine container', sample_type_ids: [fixtures.urine] },
    ]);
    await refusedOrder(
      { collection_device_ids: `[${pot.id}]`, device_selections: '' },
      deviceDoesNotHoldSample('Urine pot', 'Blood'),
    );
  });
});

describe('barcode, expected date and fulfillment partner', () => {
  it('needs a barcode and an expected date at least an hour ahead', async () => {
    await refusedOrder({ barcode_number: '  ' }, ERRORS.allTestsNeedBarcodes);
    const soon = new Date(Date.now() + 30 * 60 * 1000).toISOString();
    await refusedOrder({ expected_test_datetime: soon }, FIELD.expectedDateTooSoon);
    await refusedOrder({ expected_test_datetime: '2020-01-01' }, FIELD.expectedDateTooSoon);
    await refusedOrder({ expected_test_datetime: '2030-02-30' }, /^expected_test_datetime: must be a date/);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const request = await orderTest(suite.context, suite.fixtures, USERS.northwindAdmin, {
      expected_test_datetime: later,
    });
    assert.equal(request.expected_test_datetime, later);
    // The order form's date: its time is 12:00 UTC, so tomorrow's date is always far enough ahead.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const dated = await orderTest(suite.context, suite.fixtures, USERS.northwindAdmin, {
      expected_test_datetime: tomorrow,
    });
    assert.equal(dated.expected_test_datetime, `${tomorrow}T12:00:00.000Z`);
    const none = await orderTest(suite.context, suite.fixtures, USERS.northwindAdmin, { expected_test_datetime: '' });
    assert.equal(none.expected_test_datetime, null);
  });

  it('needs an active fulfillment agent as the partner, cleared when not by partner', async () => {
    await refusedOrder({ fulfillment_by_partner: true }, FIELD.partnerRequired);
    await refusedOrder(
      { fulfillment_by_partner: 'true', fulfillment_partner_id: USERS.labUser.id },
      FIELD.partnerNotAvailable,
    );
    const partnered = await orderTest(suite.context, suite.fixtures, USERS.northwindAdmin, {
      fulfillment_by_partner: true,
      fulfillment_partner_id: USERS.fulfillmentAgent.id,
    });
    assert.equal(partnered.fulfillment_agent, 'Priya Patel');
    const cleared = await orderTest(suite.context, suite.fixtures, USERS.northwindAdmin, {
      fulfillment_by_partner: false,
      fulfillment_partner_id: USERS.fulfillmentAgent.id,
    });
    assert.equal(cleared.fulfillment_partner_id, null);
  });
});

describe('the JSON-text lists and the body', () => {
  it('names the field of text that is not a JSON list, or of a list of the wrong things', async () => {
    await refusedOrder({ marker_ids: '[1,' }, 'marker_ids: must be JSON text of a list, e.g. [1, 2]');
    await refusedOrder({ collection_device_ids: '{"id":1}' }, 'collection_device_ids: must be an array');
    await refusedOrder({ marker_ids: '["a"]' }, /^marker_ids\.0: /);
    await refusedOrder({ device_selections: '[{"device_id":1}]' }, /^device_selections\.0\.quantity: /);
    await refusedOrder({ custom_data: 'fasting' }, 'custom_data: must be JSON text of an object');
    await refusedOrder({ priority: 'whenever' }, /^priority: /);
    await refusedOrder({ colour: 'red' }, 'colour: is not allowed');
  });
});

describe('the catalogue items a request names', () => {
  it('cannot be deleted while a request names them (409)', async () => {
    const { context, fixtures } = suite;
    await orderTest(context, fixtures, USERS.northwindAdmin, { marker_ids: JSON.stringify([fixtures.glucose]) });
    await refused(
      context,
      () => call(context, USERS.superAdmin, 'DELETE', `/cms/markers/${fixtures.glucose}`),
      409,
      catalogueDeleteInUse('markers'),
    );
    const lab = (await call(context, USERS.superAdmin, 'GET', `/cms/labs/${fixtures.meridian}`)).json().item;
    assert.ok(lab.test_request_count > 0);
  });
});
