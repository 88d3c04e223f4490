/**
 * A patient's contact preference (issue 13 §2b) through POST/PUT /patients and the reads: chosen, changed, kept
 * when a form leaves it out, refused when unknown, and the default for patients recorded before it existed.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CLINICAL_EVENT_SCHEMAS, parseEventData, patientRegisteredSchema } from '@labline/contracts';
import { patientRegisteredData } from '@labline/testkit';
import {
  call,
  createPatient,
  NORTHWIND,
  patientForm,
  refused,
  registerStoredPatient,
  startClinical,
  USERS,
  type ClinicalTestContext,
} from './harness';

let context: ClinicalTestContext;
beforeAll(async () => {
  context = await startClinical();
});
afterAll(() => context?.close());

const admin = USERS.northwindAdmin;

const create = async (overrides: Record<string, unknown> = {}) =>
  (await createPatient(context, admin, overrides)) as {
    id: number;
    medical_record_number: string;
    contact_preference: string;
  };

async function read(id: number) {
  const response = await call(context, admin, 'GET', `/patients/${id}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().patient as { contact_preference: string };
}

/** The data of the patient stream's events, oldest first, as consumers parse them. */
async function patientEvents(id: number) {
  const events = await context.store.readStream(`patient-${id}`);
  return events.map((event) => ({
    type: event.type,
    preference: parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientUpdated', event.data).contact_preference,
  }));
}

describe('a patient’s contact preference', () => {
  it('is recorded as chosen on create, in the answer, the detail, the list and the event', async () => {
    const created = await create({ contact_preference: 'sms' });
    assert.equal(created.contact_preference, 'sms');
    assert.equal((await read(created.id)).contact_preference, 'sms');
    const list = await call(context, admin, 'GET', '/patients?limit=100');
    const listed = (list.json().patients as { id: number; contact_preference: string }[]).find(
      (patient) => patient.id === created.id,
    );
    assert.equal(listed?.contact_preference, 'sms');
    assert.deepEqual(await patientEvents(created.id), [{ type: 'PatientRegistered', preference: 'sms' }]);
  });

  it("is 'both' (the channels the details allow) when the form has none", async () => {
    const created = await create();
    assert.equal(created.contact_preference, 'both');
  });

  it('changes on edit, and stays when a form without the field is saved', async () => {
    const created = await create();
    const form = patientForm({ medical_record_number: created.medical_record_number });
    const changed = await call(context, admin, 'PUT', `/patients/${created.id}`, {
      ...form,
      contact_preference: 'none',
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.json().patient.contact_preference, 'none');
    const unchanged = await call(context, admin, 'PUT', `/patients/${created.id}`, form);
    assert.equal(unchanged.statusCode, 200, unchanged.body);
    assert.equal((await read(created.id)).contact_preference, 'none');
    assert.deepEqual(await patientEvents(created.id), [
      { type: 'PatientRegistered', preference: 'both' },
      { type: 'PatientUpdated', preference: 'none' },
    ]);
  });

  it('refuses an unknown value with a 400 naming the field, storing nothing', async () => {
    const error = await refused(
      context,
      () => call(context, admin, 'POST', '/patients', patientForm({ contact_preference: 'pigeon' })),
      400,
    );
    assert.equal(error, 'contact_preference: must be one of both, email, sms, none');
    const created = await create({ contact_preference: 'email' });
    await refused(
      context,
      () => call(context, admin, 'PUT', `/patients/${created.id}`, patientForm({ contact_preference: 'EMAIL' })),
      400,
    );
    assert.equal((await read(created.id)).contact_preference, 'email');
  });

  it('reads as the default for a patient whose events predate it, and an unchanged save records nothing', async () => {
    const patientId = await registerStoredPatient(context, (id) => {
      const { contact_preference: _none, ...oldData } = patientRegisteredData(id, [NORTHWIND], {
        clinician_id: USERS.northwindClinician.id,
        medical_record_number: `OLD-${id}`,
      });
      assert.equal(patientRegisteredSchema.parse(oldData).contact_preference, 'both');
      return oldData;
    });
    const patient = await read(patientId);
    assert.equal(patient.contact_preference, 'both');
    const detail = (await call(context, admin, 'GET', `/patients/${patientId}`)).json().patient;
    const form = {
      ...Object.fromEntries(
        Object.keys(patientForm()).map((key) => [key, (detail as Record<string, unknown>)[key] ?? '']),
      ),
      institution_ids: detail.institution_ids,
      clinician_id: detail.clinician_id,
    };
    const saved = await call(context, admin, 'PUT', `/patients/${patientId}`, form);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await context.store.readStream(`patient-${patientId}`)).length, 1, 'nothing changed');
  });
});
