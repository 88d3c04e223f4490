/**
 * What clinical learns from identity's events over JetStream: deactivated users refused, names and
 * clinician links kept current, idempotent redelivery, and the demo seed that waits for them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS, PATIENT_FIELD_ERRORS } from '@labline/contracts';
import { waitFor } from '@labline/testkit';
import { seedDemoPatients } from '../src/seed';
import {
  createPatient,
  errorOf,
  HARBOUR,
  NORTHWIND,
  patientForm,
  startClinical,
  USERS,
  type ClinicalTestContext,
  type TestUser,
} from './harness';

let context: ClinicalTestContext;
beforeAll(async () => {
  context = await startClinical();
});
afterAll(() => context.close());

const DEMO_CLINICIAN_ID = 20;

async function statusOf(caller: TestUser, url = '/patients') {
  return (await context.app.inject({ url, headers: await context.as(caller) })).statusCode;
}

describe('the demo seed', () => {
  it('waits for the demo clinician to arrive, then registers a few dozen patients once', async () => {
    const seeding = seedDemoPatients(context.context, { waitMs: 10_000 });
    // The clinician of identity's demo seed arrives only now, as it would over NATS after a slower start.
    await context.nats.publishIdentity(`user-${DEMO_CLINICIAN_ID}`, 0, 'UserRegistered', {
      userId: DEMO_CLINICIAN_ID,
      email: 'clinician@northwind.labline.test',
      first_name: 'Emily',
      last_name: 'Chen',
      phone: null,
      role: 'clinician',
      institution_id: NORTHWIND,
      clinician_institution_ids: [NORTHWIND, 2],
      permissions: [],
      is_active: true,
    });
    const outcome = await seeding;
    assert.ok('seeded' in outcome && outcome.seeded >= 24, JSON.stringify(outcome));
    const demoClinician = { ...USERS.northwindClinician, id: DEMO_CLINICIAN_ID };
    const response = await context.app.inject({ url: '/patients?limit=100', headers: await context.as(demoClinician) });
    const { patients, pagination } = response.json() as {
      patients: { institution_id: number; medical_record_number: string }[];
      pagination: { total: number };
    };
    assert.equal(pagination.total, outcome.seeded);
    assert.deepEqual([...new Set(patients.map((patient) => patient.institution_id))].sort(), [NORTHWIND, 2]);
    assert.ok(patients.every((patient) => /^MRN-\d+-\d{6}$/.test(patient.medical_record_number)));
    assert.deepEqual(await seedDemoPatients(context.context, { waitMs: 10 }), {
      skipped: 'already seeded',
    });
  });
});

describe('identity events', () => {
  it("refuses a deactivated user's live token and accepts it again after reactivation", async () => {
    assert.equal(await statusOf(USERS.labUser), 200);
    await context.nats.publishIdentity(`user-${USERS.labUser.id}`, 1, 'UserDeactivated', { userId: USERS.labUser.id });
    await waitFor(async () => (await statusOf(USERS.labUser)) === 401, { description: 'deactivation projected' });
    const refused = await context.app.inject({ url: '/patients', headers: await context.as(USERS.labUser) });
    assert.equal(errorOf(refused), ERRORS.invalidToken);
    await context.nats.publishIdentity(`user-${USERS.labUser.id}`, 2, 'UserReactivated', { userId: USERS.labUser.id });
    await waitFor(async () => (await statusOf(USERS.labUser)) === 200, { description: 'reactivation projected' });
  });

  it("refuses the tokens of a session identity ended, within moments, and no other session's", async () => {
    const ended = randomUUID();
    const open = randomUUID();
    const status = async (sid: string) =>
      (await context.app.inject({ url: '/patients', headers: await context.as(USERS.clientAdmin, [], sid) }))
        .statusCode;
    assert.equal(await status(ended), 200);
    await context.nats.publishIdentity(`user-${USERS.clientAdmin.id}`, 1, 'SessionEnded', {
      userId: USERS.clientAdmin.id,
      sessionId: ended,
      reason: 'signed_out',
    });
    // Within seconds (the wait's limit), not at the token's expiry minutes later.
    await waitFor(async () => (await status(ended)) === 401, {
      timeoutMs: 5_000,
      description: 'the ended session refused',
    });
    assert.equal(await status(open), 200);
  });

  it('shows renamed clinicians and institutions; an older or repeated event changes nothing', async () => {
    const { id } = await createPatient(context, USERS.northwindAdmin);
    const clinician = USERS.northwindClinician;
    const rename = (version: number, lastName: string) =>
      context.nats.publishIdentity(`user-${clinician.id}`, version, 'UserProfileUpdated', {
        userId: clinician.id,
        first_name: 'Emily',
        last_name: lastName,
        phone: null,
      });
    await rename(1, 'Chen-Morgan');
    await context.nats.publishIdentity(`institution-${NORTHWIND}`, 1, 'InstitutionUpdated', {
      institutionId: NORTHWIND,
      name: 'Northwind University Hospital',
      institution_number: null,
      address: null,
      phone: null,
      email: null,
      institution_type: 'Hospital',
      api_enabled: false,
    });
    const read = async () =>
      (await context.app.inject({ url: `/patients/${id}`, headers: await context.as(USERS.superAdmin) })).json() as {
        patient: { clinician_last_name: string; institution_name: string };
      };
    await waitFor(async () => (await read()).patient.institution_name === 'Northwind University Hospital');
    assert.equal((await read()).patient.clinician_last_name, 'Chen-Morgan');
    await rename(1, 'Stale');
    await rename(0, 'Older');
    // A marker event after the stale ones: once it shows, they were handled too (JetStream keeps the order).
    await context.nats.publishIdentity(`institution-${NORTHWIND}`, 2, 'InstitutionUpdated', {
      institutionId: NORTHWIND,
      name: 'Northwind General Hospital',
      institution_number: null,
      address: null,
      phone: null,
      email: null,
      institution_type: 'Hospital',
      api_enabled: false,
    });
    await waitFor(async () => (await read()).patient.institution_name === 'Northwind General Hospital');
    assert.equal((await read()).patient.clinician_last_name, 'Chen-Morgan');
  });

  it("follows a clinician's move and deactivation in the patient form's rules", async () => {
    const moved = USERS.secondClinician;
    await context.nats.publishIdentity(`user-${moved.id}`, 1, 'UserUpdated', {
      userId: moved.id,
      email: 'ravi.shah@test.labline',
      first_name: moved.first_name,
      last_name: moved.last_name,
      phone: null,
      role: 'clinician',
      institution_id: HARBOUR,
      clinician_institution_ids: [HARBOUR],
      permissions: [],
    });
    const post = async (overrides: Record<string, unknown>) =>
      context.app.inject({
        method: 'POST',
        url: '/patients',
        headers: await context.as(USERS.superAdmin),
        payload: patientForm(overrides),
      });
    await waitFor(async () => (await post({ institution_ids: [HARBOUR], clinician_id: null })).statusCode === 400, {
      description: 'Harbour now has a clinician',
    });
    const northwind = await post({ clinician_id: moved.id });
    assert.equal(errorOf(northwind), PATIENT_FIELD_ERRORS.notAClinicianOfInstitution);
    await context.nats.publishIdentity(`user-${moved.id}`, 2, 'UserDeactivated', { userId: moved.id });
    await waitFor(async () => (await post({ institution_ids: [HARBOUR], clinician_id: null })).statusCode === 201, {
      description: 'a deactivated clinician no longer counts',
    });
  });
});
