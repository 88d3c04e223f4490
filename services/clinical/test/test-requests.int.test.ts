/**
 * Test requests over HTTP: ordering as the spec's form posts it (JSON-text lists), the answer with its
 * derived and joined fields, who reads which request (another tenant's is not found), the list's filters,
 * search and pages, and the patient detail's requests. Changes are in test-requests-changes.int.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ERRORS, TEST_REQUEST_FIELD_ERRORS } from '@labline/contracts';
import { call, errorOf, NORTHWIND, refused, USERS, type TestUser } from './harness';
import { orderForm, orderSuite, orderTest } from './test-request-fixtures';

const suite = orderSuite();
const requestUrl = (id: number, rest = '') => `/tests/requests/${id}${rest}`;
const get = (caller: TestUser, url: string) => call(suite.context, caller, 'GET', url);

describe('ordering a test', () => {
  it('orders one test as the form posts it and answers the request as the detail shows it', async () => {
    const { fixtures } = suite;
    const form = orderForm(fixtures, { custom_data: JSON.stringify({ fasting: true }), notes: 'Morning draw' });
    const response = await call(suite.context, USERS.northwindAdmin, 'POST', '/tests/requests', form);
    assert.equal(response.statusCode, 201, response.body);
    const { request } = response.json();
    assert.match(request.display_id, /^REQ-\d{6}$/);
    assert.equal(request.display_id, `REQ-${String(request.id).padStart(6, '0')}`);
    assert.deepEqual(
      {
        status: request.status,
        priority: request.priority,
        test_name: request.test_name,
        category: request.category,
        patient: [request.patient_first_name, request.patient_last_name],
        clinician_name: request.clinician_name,
        requested_by: [request.requested_by_name, request.requested_by_lastname],
        institution_name: request.institution_name,
        lab_name: request.lab_name,
        marker_ids: request.marker_ids,
        markers: request.markers.map((marker: { name: string }) => marker.name),
        devices: request.collection_devices.map((device: { name: string }) => device.name),
        selections: request.device_selections,
        custom_data: request.custom_data,
        notes: request.notes,
        test_type_id: request.test_type_id,
        related: [request.test_results, request.fulfillment_requests, request.notification_logs],
      },
      {
        status: 'pending',
        priority: 'normal',
        test_name: 'HbA1c',
        category: 'Blood',
        patient: ['Amelia', 'Thompson'],
        clinician_name: 'Emily Chen',
        requested_by: ['James', 'Carter'],
        institution_name: 'Northwind General Hospital',
        lab_name: 'Meridian Pathology',
        marker_ids: [fixtures.hba1c],
        markers: ['HbA1c'],
        devices: ['Capillary kit'],
        selections: [
          {
            device_id: fixtures.capillary,
            device_name: 'Capillary kit',
            quantity: 1,
            required_volume: 50,
            total_capacity: 500,
          },
        ],
        custom_data: { fasting: true },
        notes: 'Morning draw',
        test_type_id: 1,
        related: [[], [], []],
      },
    );
    assert.equal(request.expected_test_datetime, `${String(form.expected_test_datetime)}T12:00:00.000Z`);
    assert.deepEqual((await get(USERS.northwindAdmin, requestUrl(request.id))).json(), { request });
  });

  it('takes the lists as JSON arrays too, and names a panel by its markers and name', async () => {
    const { fixtures } = suite;
    const request = await orderTest(suite.context, fixtures, USERS.superAdmin, {
      panel_id: fixtures.diabetesPanel,
      marker_ids: [],
      collection_device_ids: [fixtures.capillary],
      device_selections: [],
      priority: 'stat',
    });
    assert.equal(request.test_name, 'Diabetes Panel');
    assert.equal(request.panel_name, 'Diabetes Panel');
    assert.deepEqual(request.marker_ids, [fixtures.hba1c, fixtures.glucose]);
    assert.equal((request.device_selections as { required_volume: number }[])[0]?.required_volume, 110);
    const byMarkers = await orderTest(suite.context, fixtures, USERS.northwindAdmin, {
      marker_ids: [fixtures.hba1c, fixtures.glucose],
    });
    assert.equal(byMarkers.test_name, 'HbA1c, Glucose');
  });

  it('lets a clinician order as themself for their patient, whatever clinician the form names', async () => {
    const request = await orderTest(suite.context, suite.fixtures, USERS.northwindClinician, {
      clinician_id: USERS.secondClinician.id,
    });
    assert.equal(request.clinician_id, USERS.northwindClinician.id);
    assert.equal(request.institution_id, NORTHWIND);
    // The patient's own clinician comes with the request: the web offers them its actions by the same rules.
    assert.equal(request.patient_clinician_id, USERS.northwindClinician.id);
  });

  it('refuses the roles that do not order (403), storing nothing', async () => {
    for (const caller of [USERS.labUser, USERS.fulfillmentAgent]) {
      await refused(
        suite.context,
        () => call(suite.context, caller, 'POST', '/tests/requests', orderForm(suite.fixtures)),
        403,
      );
    }
    const clientAdmin = await orderTest(suite.context, suite.fixtures, USERS.clientAdmin);
    assert.equal(clientAdmin.status, 'pending');
  });

  it('answers a duplicate barcode 409 naming the field, storing nothing', async () => {
    const first = await orderTest(suite.context, suite.fixtures);
    await refused(
      suite.context,
      () =>
        call(
          suite.context,
          USERS.superAdmin,
          'POST',
          '/tests/requests',
          orderForm(suite.fixtures, { barcode_number: first.barcode_number }),
        ),
      409,
      TEST_REQUEST_FIELD_ERRORS.barcodeTaken,
    );
  });
});

describe('reading test requests', () => {
  it("answers another tenant's request, an unknown one and an out-of-scope one as not found", async () => {
    const request = await orderTest(suite.context, suite.fixtures, USERS.northwindAdmin, {
      patient_id: suite.fixtures.ravisPatient,
      clinician_id: USERS.secondClinician.id,
    });
    for (const caller of [USERS.riversideAdmin, USERS.riversideClinician, USERS.northwindClinician]) {
      const response = await get(caller, requestUrl(request.id));
      assert.equal(response.statusCode, 404, caller.role);
      assert.equal(errorOf(response), ERRORS.testRequestNotFound);
      for (const [method, url, body] of [
        ['PUT', requestUrl(request.id), orderForm(suite.fixtures)],
        ['PUT', requestUrl(request.id, '/status'), { status: 'cancelled' }],
        ['DELETE', requestUrl(request.id), undefined],
        ['GET', requestUrl(request.id, '/history'), undefined],
      ] as const) {
        const answer = await call(suite.context, caller, method, url, body);
        assert.equal(answer.statusCode, 404, `${caller.role} ${method} ${url}`);
      }
    }
    assert.equal((await get(USERS.superAdmin, requestUrl(999_999))).statusCode, 404);
    for (const caller of [USERS.secondClinician, USERS.labUser, USERS.clientAdmin, USERS.superAdmin]) {
      assert.equal((await get(caller, requestUrl(request.id))).statusCode, 200, caller.role);
    }
    assert.equal((await get(USERS.fulfillmentAgent, requestUrl(request.id))).statusCode, 403);
  });

  it('lists newest first with filters, search and pages; counts the whole scope', async () => {
    const { context, fixtures } = suite;
    const urgent = await orderTest(context, fixtures, USERS.northwindAdmin, {
      priority: 'urgent',
      barcode_number: 'FINDME-0042',
    });
    const list = async (query: string, caller: TestUser = USERS.northwindAdmin) => {
      const response = await get(caller, `/tests/requests${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as { requests: { id: number }[]; pagination: { total: number; pages: number } };
    };
    const all = await list('');
    assert.equal(all.requests[0]?.id, urgent.id);
    const ids = all.requests.map((request) => request.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    assert.ok(
      (await list('?priority=urgent')).requests.every((r) => (r as { priority?: string }).priority === 'urgent'),
    );
    assert.deepEqual(
      (await list('?search=findme')).requests.map((r) => r.id),
      [urgent.id],
    );
    assert.deepEqual(
      (await list(`?search=REQ-${String(urgent.id).padStart(6, '0')}`)).requests.map((r) => r.id),
      [urgent.id],
    );
    assert.ok((await list('?search=thompson')).requests.some((r) => r.id === urgent.id));
    assert.ok((await list('?search=hba1c&status=pending')).requests.length > 0);
    assert.equal((await list('?status=completed')).pagination.total, 0);
    const paged = await list('?limit=1&page=2');
    assert.equal(paged.requests.length, 1);
    assert.equal(paged.requests[0]?.id, ids[1]);
    assert.equal(paged.pagination.total, all.pagination.total);
    assert.equal((await list('', USERS.riversideAdmin)).pagination.total, 0);
    // A clinician lists the requests they ordered and those of their patients, not a colleague's.
    const ravis = await orderTest(context, fixtures, USERS.northwindAdmin, {
      patient_id: fixtures.ravisPatient,
      clinician_id: USERS.secondClinician.id,
    });
    const emilys = (await list('?limit=100', USERS.northwindClinician)).requests.map((r) => r.id);
    assert.ok(emilys.includes(urgent.id) && !emilys.includes(ravis.id));
    assert.ok((await list('?limit=100', USERS.secondClinician)).requests.some((r) => r.id === ravis.id));
    const bad = await get(USERS.northwindAdmin, '/tests/requests?status=lost');
    assert.equal(bad.statusCode, 400);
    assert.match(errorOf(bad), /^status: /);
  });

  it("lists a patient's requests on the patient detail", async () => {
    const request = await orderTest(suite.context, suite.fixtures, USERS.northwindAdmin, {
      patient_id: suite.fixtures.ravisPatient,
      clinician_id: USERS.secondClinician.id,
    });
    const detail = (await get(USERS.secondClinician, `/patients/${suite.fixtures.ravisPatient}`)).json().patient;
    assert.deepEqual(detail.test_requests[0], {
      id: request.id,
      test_name: 'HbA1c',
      status: 'pending',
      priority: 'normal',
      requested_at: request.requested_at,
      clinician_name: 'Ravi Shah',
    });
  });
});
