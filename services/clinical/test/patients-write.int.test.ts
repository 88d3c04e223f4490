/** POST/PUT/DELETE /patients per role: permissions, every validation message, record numbers, bad input. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  DATE_OF_BIRTH_PROBLEMS,
  EARLIEST_DATE_OF_BIRTH,
  ERRORS,
  PATIENT_FIELD_ERRORS,
  PHONE_NUMBER_PROBLEM,
} from '@labline/contracts';
import { patientRegisteredData } from '@labline/testkit';
import {
  createPatient,
  HARBOUR,
  NORTHWIND,
  patientForm,
  registerStoredPatient,
  RIVERSIDE,
  startClinical,
  storedState,
  UNKNOWN_INSTITUTION,
  USERS,
  type ClinicalTestContext,
  type TestUser,
} from './harness';

let context: ClinicalTestContext;
beforeAll(async () => {
  context = await startClinical();
});
afterAll(() => context.close());

async function post(caller: TestUser, payload: unknown) {
  return context.app.inject({
    method: 'POST',
    url: '/patients',
    headers: await context.as(caller),
    payload: payload as object,
  });
}
async function put(caller: TestUser, id: number, payload: unknown) {
  return context.app.inject({
    method: 'PUT',
    url: `/patients/${id}`,
    headers: await context.as(caller),
    payload: payload as object,
  });
}
async function del(caller: TestUser, id: number) {
  return context.app.inject({ method: 'DELETE', url: `/patients/${id}`, headers: await context.as(caller) });
}

/** The request is refused with this status and text, and nothing stored changes. */
async function refused(request: () => Promise<{ statusCode: number; body: string }>, status: number, text?: string) {
  const before = await storedState(context);
  const response = await request();
  assert.equal(response.statusCode, status, response.body);
  const { error } = JSON.parse(response.body) as { error: string };
  if (text !== undefined) assert.equal(error, text);
  assert.deepEqual(await storedState(context), before);
  return error;
}

describe('creating patients', () => {
  it('registers with a generated, readable record number and answers the patient with names', async () => {
    const response = await post(USERS.northwindAdmin, patientForm());
    assert.equal(response.statusCode, 201, response.body);
    const { patient } = response.json();
    assert.match(patient.medical_record_number, new RegExp(`^MRN-${NORTHWIND}-\\d{6}$`));
    assert.equal(patient.institution_name, 'Northwind General Hospital');
    assert.deepEqual(patient.institution_names, ['Northwind General Hospital']);
    assert.equal(patient.clinician_first_name, 'Emily');
    assert.equal(patient.insurance_number, null, 'an empty field is stored as no value');
    const read = await context.app.inject({
      url: `/patients/${patient.id}`,
      headers: await context.as(USERS.northwindAdmin),
    });
    assert.equal(read.statusCode, 200, 'read-your-writes');
    assert.deepEqual(read.json().patient.test_requests, []);
  });

  it('lets every role with the patients section but lab users create', async () => {
    await refused(() => post(USERS.labUser, patientForm()), 403, ERRORS.forbidden);
    await refused(() => post(USERS.fulfillmentAgent, patientForm()), 403, ERRORS.forbidden);
    for (const caller of [USERS.superAdmin, USERS.northwindAdmin, USERS.clientAdmin, USERS.northwindClinician]) {
      assert.ok((await createPatient(context, caller)).id > 0);
    }
  });

  it('needs an institution; a clinician may choose only one and is always the clinician', async () => {
    await refused(
      () => post(USERS.northwindAdmin, patientForm({ institution_ids: [] })),
      400,
      ERRORS.atLeastOneInstitution,
    );
    await refused(
      () => post(USERS.northwindClinician, patientForm({ institution_ids: [NORTHWIND, RIVERSIDE] })),
      400,
      ERRORS.cliniciansOneInstitution,
    );
    const response = await post(
      USERS.northwindClinician,
      patientForm({ institution_ids: [RIVERSIDE], clinician_id: USERS.riversideClinician.id }),
    );
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().patient.clinician_id, USERS.northwindClinician.id);
  });

  it('refuses unknown institutions and those outside the caller scope with the same field error', async () => {
    await refused(
      () => post(USERS.superAdmin, patientForm({ institution_ids: [UNKNOWN_INSTITUTION] })),
      400,
      PATIENT_FIELD_ERRORS.unknownInstitution,
    );
    await refused(
      () =>
        post(
          USERS.northwindAdmin,
          patientForm({ institution_ids: [RIVERSIDE], clinician_id: USERS.riversideClinician.id }),
        ),
      400,
      PATIENT_FIELD_ERRORS.unknownInstitution,
    );
    await refused(
      () => post(USERS.secondClinician, patientForm({ institution_ids: [RIVERSIDE] })),
      400,
      PATIENT_FIELD_ERRORS.unknownInstitution,
    );
  });

  it('requires an active clinician of the institution when it has clinicians', async () => {
    await refused(
      () => post(USERS.northwindAdmin, patientForm({ clinician_id: null })),
      400,
      PATIENT_FIELD_ERRORS.clinicianRequired,
    );
    await refused(
      () => post(USERS.northwindAdmin, patientForm({ clinician_id: USERS.riversideClinician.id })),
      400,
      PATIENT_FIELD_ERRORS.notAClinicianOfInstitution,
    );
    await refused(
      () => post(USERS.northwindAdmin, patientForm({ clinician_id: USERS.labUser.id })),
      400,
      PATIENT_FIELD_ERRORS.notAClinicianOfInstitution,
    );
    const withoutClinicians = await post(
      USERS.superAdmin,
      patientForm({ institution_ids: [HARBOUR], clinician_id: null }),
    );
    assert.equal(withoutClinicians.statusCode, 201, withoutClinicians.body);
  });

  it('keeps record numbers unique within each institution, not across them', async () => {
    await createPatient(context, USERS.superAdmin, { medical_record_number: 'NW-0001' });
    await refused(
      () => post(USERS.northwindAdmin, patientForm({ medical_record_number: 'NW-0001' })),
      409,
      PATIENT_FIELD_ERRORS.medicalRecordNumberTaken,
    );
    const elsewhere = await createPatient(context, USERS.riversideAdmin, {
      medical_record_number: 'NW-0001',
      institution_ids: [RIVERSIDE],
      clinician_id: USERS.riversideClinician.id,
    });
    assert.equal(elsewhere.medical_record_number, 'NW-0001');
    const other = await createPatient(context, USERS.northwindAdmin);
    await refused(
      () => put(USERS.northwindAdmin, other.id, patientForm({ medical_record_number: 'NW-0001' })),
      409,
      PATIENT_FIELD_ERRORS.medicalRecordNumberTaken,
    );
  });

  it('answers bad input with a 400 naming the field, storing nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ first_name: '' }, /^first_name: is required$/],
      [{ first_name: 42 }, /^first_name: /],
      [{ institution_ids: 'one' }, /^institution_ids: /],
      [{ institution_ids: [1.5] }, /^institution_ids\.0: /],
      [{ clinician_id: '3' }, /^clinician_id: /],
      [{ email: 'not-an-email' }, /^email: must be a valid email address$/],
      [{ date_of_birth: '2023-02-30' }, /^date_of_birth: /],
      [{ date_of_birth: '12/04/1980' }, /^date_of_birth: /],
      [{ gender: 'Unknown' }, /^gender: /],
      [{ is_admin: true }, /^is_admin: is not allowed$/],
    ];
    for (const [overrides, pattern] of cases) {
      assert.match(await refused(() => post(USERS.superAdmin, patientForm(overrides)), 400), pattern);
    }
    const malformed = async () =>
      context.app.inject({
        method: 'POST',
        url: '/patients',
        headers: { ...(await context.as(USERS.superAdmin)), 'content-type': 'application/json' },
        payload: '{"first_name": ',
      });
    await refused(malformed, 400, ERRORS.malformedJson);
  });
});

describe('dates of birth', () => {
  /** A day `days` after today (UTC), as YYYY-MM-DD. */
  const dayFromToday = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

  it('refuses a future date and one before the earliest with the sentence, storing nothing', async () => {
    // Two days ahead is tomorrow everywhere, even where the day is already latest (UTC+14).
    for (const date_of_birth of [dayFromToday(2), '2999-12-31']) {
      await refused(
        () => post(USERS.superAdmin, patientForm({ date_of_birth })),
        400,
        `date_of_birth: ${DATE_OF_BIRTH_PROBLEMS.inFuture}`,
      );
    }
    await refused(
      () => post(USERS.superAdmin, patientForm({ date_of_birth: '1899-12-31' })),
      400,
      `date_of_birth: ${DATE_OF_BIRTH_PROBLEMS.tooEarly}`,
    );
    const patient = await createPatient(context, USERS.northwindAdmin);
    await refused(
      () => put(USERS.northwindAdmin, patient.id, patientForm({ date_of_birth: dayFromToday(2) })),
      400,
      `date_of_birth: ${DATE_OF_BIRTH_PROBLEMS.inFuture}`,
    );
  });

  it('takes today and the earliest date as sent', async () => {
    for (const date_of_birth of [dayFromToday(0), EARLIEST_DATE_OF_BIRTH]) {
      const response = await post(USERS.superAdmin, patientForm({ date_of_birth }));
      assert.equal(response.statusCode, 201, response.body);
      assert.equal((response.json() as { patient: { date_of_birth: string } }).patient.date_of_birth, date_of_birth);
    }
  });
});

describe('phone numbers', () => {
  it('refuses what is not a phone number with a 400 naming the field, storing nothing', async () => {
    for (const phone of ['12ab', 'hello world', '+44 12', '+44 20 7946 0100 ext. 12']) {
      await refused(() => post(USERS.superAdmin, patientForm({ phone })), 400, `phone: ${PHONE_NUMBER_PROBLEM}`);
    }
    const { id } = await createPatient(context, USERS.northwindAdmin);
    await refused(
      () => put(USERS.northwindAdmin, id, patientForm({ phone: 'hello world' })),
      400,
      `phone: ${PHONE_NUMBER_PROBLEM}`,
    );
  });

  it('keeps a number stored before the check, and asks for a real one on the next edit', async () => {
    const patientId = await registerStoredPatient(context, (id) =>
      patientRegisteredData(id, [NORTHWIND], { phone: '12ab', clinician_id: USERS.northwindClinician.id }),
    );
    const read = async () =>
      (await context.app.inject({ url: `/patients/${patientId}`, headers: await context.as(USERS.superAdmin) })).json()
        .patient;
    assert.equal((await read()).phone, '12ab', 'nothing stored is lost');
    const form = (phone: string) =>
      patientForm({ phone, first_name: 'Ada', last_name: 'Lovelace', medical_record_number: `MRN-${patientId}` });
    await refused(() => put(USERS.northwindAdmin, patientId, form('12ab')), 400, `phone: ${PHONE_NUMBER_PROBLEM}`);
    const fixed = await put(USERS.northwindAdmin, patientId, form('07700 900123'));
    assert.equal(fixed.statusCode, 200, fixed.body);
    assert.equal((await read()).phone, '+447700900123');
  });

  it('stores a number in E.164, from any spelling; one without a country code is a GB number', async () => {
    const spellings: [string, string | null][] = [
      ['+44 7700 900123', '+447700900123'],
      ['07700 900123', '+447700900123'],
      ['+353 85 123 4567', '+353851234567'],
      ['+1 (415) 555-2671', '+14155552671'],
      ['', null],
    ];
    for (const [phone, stored] of spellings) {
      const response = await post(USERS.northwindAdmin, patientForm({ phone }));
      assert.equal(response.statusCode, 201, response.body);
      const { id } = response.json().patient;
      const read = await context.app.inject({ url: `/patients/${id}`, headers: await context.as(USERS.superAdmin) });
      assert.equal(read.json().patient.phone, stored, phone);
    }
  });
});

describe('editing and deleting patients', () => {
  it('lets administrators in scope and the assigned clinician edit; others get 403 or 404', async () => {
    const { id } = await createPatient(context, USERS.northwindAdmin);
    for (const caller of [USERS.superAdmin, USERS.northwindAdmin, USERS.northwindClinician]) {
      const response = await put(caller, id, patientForm({ first_name: `Amy ${caller.id}` }));
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().patient.first_name, `Amy ${caller.id}`);
    }
    await refused(() => put(USERS.labUser, id, patientForm()), 403, ERRORS.forbidden);
    await refused(() => put(USERS.clientAdmin, id, patientForm()), 403, ERRORS.forbidden);
    await refused(() => put(USERS.fulfillmentAgent, id, patientForm()), 403, ERRORS.forbidden);
    await refused(() => put(USERS.secondClinician, id, patientForm()), 404, ERRORS.patientNotFound);
    await refused(() => put(USERS.riversideAdmin, id, patientForm()), 404, ERRORS.patientNotFound);
  });

  it('validates an edit like a registration and keeps the record number when left empty', async () => {
    const { id, medical_record_number } = await createPatient(context, USERS.northwindAdmin);
    await refused(
      () => put(USERS.northwindAdmin, id, patientForm({ institution_ids: [] })),
      400,
      ERRORS.atLeastOneInstitution,
    );
    await refused(() => put(USERS.northwindAdmin, id, patientForm({ email: 'nope' })), 400);
    const response = await put(USERS.northwindAdmin, id, patientForm({ city: 'Riverton' }));
    assert.equal(response.json().patient.medical_record_number, medical_record_number);
  });

  it('deletes for administrators only; a foreign institution patient answers 404', async () => {
    const { id } = await createPatient(context, USERS.northwindAdmin);
    for (const caller of [USERS.northwindClinician, USERS.labUser, USERS.clientAdmin, USERS.fulfillmentAgent]) {
      await refused(() => del(caller, id), 403);
    }
    await refused(() => del(USERS.riversideAdmin, id), 404, ERRORS.patientNotFound);
    const response = await del(USERS.northwindAdmin, id);
    assert.equal(response.statusCode, 204, response.body);
    const read = await context.app.inject({ url: `/patients/${id}`, headers: await context.as(USERS.superAdmin) });
    assert.equal(read.statusCode, 404);
    await refused(() => del(USERS.superAdmin, id), 404, ERRORS.patientNotFound);
  });
});

describe('a patient shared by two institutions', () => {
  const shared = async () =>
    createPatient(context, USERS.superAdmin, {
      first_name: 'Shared',
      email: `shared.${Math.random().toString(36).slice(2, 8)}@example.com`,
      institution_ids: [NORTHWIND, RIVERSIDE],
    });
  const detail = async (caller: TestUser, id: number) =>
    context.app.inject({ url: `/patients/${id}`, headers: await context.as(caller) });

  it('is edited by the admin of one institution, who keeps the other institution on save', async () => {
    const { id } = await shared();
    const response = await context.app.inject({
      method: 'PUT',
      url: `/patients/${id}`,
      headers: await context.as(USERS.northwindAdmin),
      payload: patientForm({ first_name: 'Renamed', institution_ids: [NORTHWIND] }),
    });
    assert.equal(response.statusCode, 200, response.body);
    const { patient } = response.json();
    assert.deepEqual(patient.institution_ids, [NORTHWIND, RIVERSIDE]);
    assert.deepEqual(patient.institution_names, ['Northwind General Hospital', 'Riverside Clinic']);
    assert.equal(patient.first_name, 'Renamed');
  });

  it("is deleted by one institution's admin for theirs only, and for good by the last one", async () => {
    const { id } = await shared();
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/patients/${id}`,
      headers: await context.as(USERS.northwindAdmin),
    });
    assert.equal(removed.statusCode, 204);
    assert.equal((await detail(USERS.northwindAdmin, id)).statusCode, 404);
    const stillThere = await detail(USERS.riversideAdmin, id);
    assert.equal(stillThere.statusCode, 200);
    assert.deepEqual(stillThere.json().patient.institution_ids, [RIVERSIDE]);
    const [event] = (await context.store.readStream(`patient-${id}`)).slice(-1);
    assert.equal(event?.type, 'PatientRemovedFromInstitutions');

    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/patients/${id}`,
      headers: await context.as(USERS.riversideAdmin),
    });
    assert.equal(deleted.statusCode, 204);
    assert.equal((await detail(USERS.superAdmin, id)).statusCode, 404);
  });

  it('is deleted for all by a super_admin', async () => {
    const { id } = await shared();
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/patients/${id}`,
      headers: await context.as(USERS.superAdmin),
    });
    assert.equal(response.statusCode, 204);
    assert.equal((await detail(USERS.riversideAdmin, id)).statusCode, 404);
  });
});
