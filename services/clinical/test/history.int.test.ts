/**
 * Record histories from the event streams: who acted, when, and which fields changed from what to what, for
 * catalogue items and patients, within the same scope as reading the record.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { catalogueItemNotFound, ERRORS, historyResponseSchema, type HistoryEntry } from '@labline/contracts';
import {
  call,
  createItem,
  createPatient,
  patientForm,
  refused,
  startClinical,
  USERS,
  type ClinicalTestContext,
} from './harness';

let context: ClinicalTestContext;
beforeAll(async () => {
  context = await startClinical();
});
afterAll(() => context.close());

async function historyOf(url: string, caller = USERS.superAdmin): Promise<HistoryEntry[]> {
  const response = await call(context, caller, 'GET', url);
  assert.equal(response.statusCode, 200, response.body);
  return historyResponseSchema.parse(response.json()).history;
}

const summary = (entries: HistoryEntry[]) => entries.map((entry) => [entry.action, entry.actor?.name ?? null]);

describe('catalogue item history', () => {
  it('lists creation and each change newest first, with the actor and the labelled fields', async () => {
    const blood = await createItem(context, USERS.superAdmin, 'sample-types', { name: 'Blood' });
    const marker = await createItem(context, USERS.northwindAdmin, 'markers', {
      name: 'Glucose',
      marker_code: '2345-7',
      units: 'mg/dL',
      value: 20,
      sample_type_ids: [blood.id],
    });
    const updated = await call(context, USERS.northwindAdmin, 'PUT', `/cms/markers/${marker.id}`, {
      name: 'Fasting glucose',
      value: '25',
    });
    assert.equal(updated.statusCode, 200, updated.body);
    // An unchanged save records nothing.
    await call(context, USERS.northwindAdmin, 'PUT', `/cms/markers/${marker.id}`, { value: 25 });

    const entries = await historyOf(`/cms/markers/${marker.id}/history`, USERS.northwindAdmin);
    assert.deepEqual(summary(entries), [
      ['updated', 'James Carter'],
      ['created', 'James Carter'],
    ]);
    const [change, creation] = entries;
    assert.deepEqual(change?.changes, [
      { field: 'name', label: 'Name', from: 'Glucose', to: 'Fasting glucose' },
      { field: 'value', label: 'Sample Volume (µL)', from: 20, to: 25 },
    ]);
    assert.ok(Date.parse(change!.at) >= Date.parse(creation!.at));
    const created = new Map(creation?.changes.map((entry) => [entry.field, entry.to]));
    assert.equal(created.get('marker_code'), '2345-7');
    assert.equal(created.get('units_ucum'), 'mg/dL');
    // References and institutions are shown by name.
    assert.deepEqual(created.get('sample_type_ids'), ['Blood']);
    assert.deepEqual(created.get('institution_ids'), ['Northwind General Hospital']);
    assert.equal(created.has('description'), false, 'a field created empty is no change');
  });

  it('keeps the history of a deleted item, in the scope of the item it was', async () => {
    const swab = await createItem(context, USERS.riversideAdmin, 'sample-types', { name: 'Swab' });
    assert.equal((await call(context, USERS.riversideAdmin, 'DELETE', `/cms/sample-types/${swab.id}`)).statusCode, 200);
    assert.deepEqual(summary(await historyOf(`/cms/sample-types/${swab.id}/history`, USERS.riversideAdmin)), [
      ['deleted', 'Hannah Lewis'],
      ['created', 'Hannah Lewis'],
    ]);
    await refused(
      context,
      () => call(context, USERS.northwindAdmin, 'GET', `/cms/sample-types/${swab.id}/history`),
      404,
      catalogueItemNotFound('sample-types'),
    );
    await refused(context, () => call(context, USERS.superAdmin, 'GET', `/cms/markers/${swab.id}/history`), 404);
    await refused(context, () => call(context, USERS.superAdmin, 'GET', `/cms/markers/987654/history`), 404);
  });
});

describe('patient history', () => {
  it('lists registration and edits with names for the institution and the clinician', async () => {
    const patient = await createPatient(context, USERS.northwindAdmin);
    const edited = await call(
      context,
      USERS.northwindClinician,
      'PUT',
      `/patients/${patient.id}`,
      patientForm({ phone: '+44 7700 900999', medical_record_number: patient.medical_record_number }),
    );
    assert.equal(edited.statusCode, 200, edited.body);
    const entries = await historyOf(`/patients/${patient.id}/history`, USERS.northwindClinician);
    assert.deepEqual(summary(entries), [
      ['updated', 'Emily Chen'],
      ['created', 'James Carter'],
    ]);
    assert.deepEqual(entries[0]?.changes, [
      { field: 'phone', label: 'Phone Number', from: '+447700900123', to: '+447700900999' },
    ]);
    const created = new Map(entries[1]?.changes.map((entry) => [entry.field, entry.to]));
    assert.deepEqual(created.get('institution_ids'), ['Northwind General Hospital']);
    assert.equal(created.get('clinician_id'), 'Emily Chen');
    assert.equal(created.get('first_name'), 'Amelia');
  });

  it('answers 404 to whoever may not read the patient', async () => {
    const patient = await createPatient(context, USERS.northwindAdmin, { clinician_id: USERS.secondClinician.id });
    for (const caller of [USERS.riversideAdmin, USERS.northwindClinician]) {
      await refused(
        context,
        () => call(context, caller, 'GET', `/patients/${patient.id}/history`),
        404,
        ERRORS.patientNotFound,
      );
    }
    await refused(context, () => call(context, USERS.fulfillmentAgent, 'GET', `/patients/${patient.id}/history`), 403);
  });
});
