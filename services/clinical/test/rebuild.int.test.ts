/**
 * Rebuilding clinical's projections from their sources gives tables equal to the live ones: patients, the
 * catalogue and test requests from clinical's event store, the identity directory from the JetStream stream. Nothing is appended or
 * published, and the constraint names the 409s rely on survive the swap.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  CATALOGUE_FIELD_ERRORS,
  JETSTREAM_STREAM,
  PATIENT_FIELD_ERRORS,
  TEST_REQUEST_FIELD_ERRORS,
} from '@labline/contracts';
import { outdatedProjections, rebuildProjections } from '@labline/service-kit';
import { patientRegisteredData } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import { service } from '../src/service';
import {
  call,
  createItem,
  createPatient,
  errorOf,
  NORTHWIND,
  patientForm,
  registerStoredPatient,
  startClinical,
  USERS,
  type ClinicalTestContext,
} from './harness';
import { createOrderFixtures, orderForm, orderTest } from './test-request-fixtures';

let context: ClinicalTestContext;
beforeAll(async () => {
  context = await startClinical();
});
afterAll(() => context.close());

/** Every row of a table, as text, in a stable order. */
const rowsOf = (table: string) =>
  context.pool.anyFirst(
    sql.type(z.object({ row: z.string() }))`
      SELECT t::text AS row FROM ${sql.identifier([table])} t ORDER BY t::text`,
  );
const streamMessages = async () =>
  (await (await context.nats.nc.jetstreamManager()).streams.info(JETSTREAM_STREAM)).state.messages;
const eventCount = () =>
  context.pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM events`);

describe('projection rebuild', () => {
  it('rebuilds the patients from the event store equal to the live tables', async () => {
    const admin = await context.as(USERS.northwindAdmin);
    const first = await createPatient(context, USERS.northwindAdmin);
    await createPatient(context, USERS.northwindAdmin, { first_name: 'Grace', email: 'grace@example.com' });
    const doomed = await createPatient(context, USERS.superAdmin, { first_name: 'Ivy', email: 'ivy@example.com' });
    const edited = await context.app.inject({
      method: 'PUT',
      url: `/patients/${first.id}`,
      headers: admin,
      payload: patientForm({ first_name: 'Amy', medical_record_number: first.medical_record_number }),
    });
    assert.equal(edited.statusCode, 200);
    const deleted = await context.app.inject({ method: 'DELETE', url: `/patients/${doomed.id}`, headers: admin });
    assert.equal(deleted.statusCode, 204);
    // A phone stored before the services checked them (no E.164) replays as it was stored.
    await registerStoredPatient(context, (id) => patientRegisteredData(id, [NORTHWIND], { phone: 'hello world' }));

    const live = { patients: await rowsOf('patients'), numbers: await rowsOf('patient_record_numbers') };
    const events = await eventCount();
    const parts = { pool: context.pool, store: context.store, nc: context.nats.nc };
    const [outcome] = await rebuildProjections(service, parts, ['patients']);
    assert.equal(outcome?.events, 6);
    assert.deepEqual({ patients: await rowsOf('patients'), numbers: await rowsOf('patient_record_numbers') }, live);
    assert.equal(await eventCount(), events, 'a rebuild appends nothing');

    // The unique record number is still the constraint that answers 409.
    const duplicate = await context.app.inject({
      method: 'POST',
      url: '/patients',
      headers: admin,
      payload: patientForm({ medical_record_number: first.medical_record_number, email: 'other@example.com' }),
    });
    assert.equal(duplicate.statusCode, 409);
    assert.equal(errorOf(duplicate), PATIENT_FIELD_ERRORS.medicalRecordNumberTaken);
  });

  it('rebuilds the catalogue and lab assignments from the event store equal to the live tables', async () => {
    const blood = await createItem(context, USERS.superAdmin, 'sample-types', { name: 'Blood' });
    const urine = await createItem(context, USERS.northwindAdmin, 'sample-types', { name: 'Urine' });
    const marker = await createItem(context, USERS.superAdmin, 'markers', {
      name: 'Glucose',
      marker_code: '2345-7',
      units: 'mg/dL',
      sample_type_ids: [blood.id],
    });
    await createItem(context, USERS.superAdmin, 'panels', {
      name: 'Sugar',
      sample_type_id: blood.id,
      marker_ids: [marker.id],
    });
    const lab = await createItem(context, USERS.superAdmin, 'labs', { name: 'Meridian' });
    const labs = `/institutions/${NORTHWIND}/labs`;
    const assigned = await call(context, USERS.superAdmin, 'POST', labs, { lab_id: lab.id, sample_type: 'Blood' });
    const removed = await call(context, USERS.superAdmin, 'POST', labs, { lab_id: lab.id, sample_type: 'Urine' });
    assert.equal(
      (await call(context, USERS.superAdmin, 'PUT', `/cms/markers/${marker.id}`, { value: 20 })).statusCode,
      200,
    );
    const removal = await call(context, USERS.superAdmin, 'DELETE', `${labs}/${removed.json().assignment.id}`);
    assert.equal(removal.statusCode, 200, removal.body);
    assert.equal((await call(context, USERS.superAdmin, 'DELETE', `/cms/sample-types/${urine.id}`)).statusCode, 200);

    const tables = async () => ({
      items: await rowsOf('catalogue_items'),
      assignments: await rowsOf('lab_assignments'),
    });
    const live = await tables();
    const [outcome] = await rebuildProjections(
      service,
      { pool: context.pool, store: context.store, nc: context.nats.nc },
      ['catalogue'],
    );
    assert.equal(outcome?.events, 10);
    assert.deepEqual(await tables(), live);
    // The unique index is still the one that answers 409.
    const again = await call(context, USERS.superAdmin, 'POST', labs, { lab_id: lab.id, sample_type: 'Blood' });
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(errorOf(again), CATALOGUE_FIELD_ERRORS.labAlreadyAssigned);
    assert.equal(assigned.statusCode, 201);
  });

  it('rebuilds the test requests from the event store equal to the live table', async () => {
    const fixtures = await createOrderFixtures(context);
    const form = { sample_type: null, sample_type_id: fixtures.blood };
    const kept = await orderTest(context, fixtures, USERS.northwindAdmin, form);
    const moved = await orderTest(context, fixtures, USERS.northwindAdmin, form);
    const archived = await orderTest(context, fixtures, USERS.superAdmin, form);
    const url = (id: number, rest = '') => `/tests/requests/${id}${rest}`;
    const steps = [
      await call(context, USERS.northwindAdmin, 'PUT', url(kept.id), {
        ...orderForm(fixtures, { ...form, priority: 'stat' }),
        barcode_number: kept.barcode_number,
      }),
      await call(context, USERS.labUser, 'PUT', url(moved.id, '/status'), { status: 'approved' }),
      await call(context, USERS.labUser, 'PUT', url(moved.id, '/status'), { status: 'cancelled' }),
      await call(context, USERS.superAdmin, 'DELETE', url(archived.id)),
      await call(context, USERS.superAdmin, 'POST', url(kept.id, '/send-reminder'), {
        reminder_type: 'custom_notification',
        custom_message: 'Reminder',
      }),
    ];
    assert.deepEqual(
      steps.map((step) => step.statusCode),
      [200, 200, 200, 200, 202],
    );
    const live = await rowsOf('test_requests');
    const [outcome] = await rebuildProjections(
      service,
      { pool: context.pool, store: context.store, nc: context.nats.nc },
      ['test-requests'],
    );
    // Three orders, an edit, two status changes and an archive (the notification request changes no row).
    assert.equal(outcome?.events, 7);
    assert.deepEqual(await rowsOf('test_requests'), live);
    // The unique barcode is still the index that answers 409.
    const again = await call(context, USERS.superAdmin, 'POST', '/tests/requests', {
      ...orderForm(fixtures, form),
      barcode_number: archived.barcode_number,
    });
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(errorOf(again), TEST_REQUEST_FIELD_ERRORS.barcodeTaken);
  });

  it("rebuilds identity's directory from the JetStream stream, publishing nothing", async () => {
    const live = { institutions: await rowsOf('institutions'), users: await rowsOf('users') };
    const published = await streamMessages();
    await rebuildProjections(service, { pool: context.pool, store: context.store, nc: context.nats.nc }, [
      'identity-directory',
    ]);
    assert.deepEqual({ institutions: await rowsOf('institutions'), users: await rowsOf('users') }, live);
    assert.equal(await streamMessages(), published);
  });

  it('finds a projection outdated when its declared version changes, and records the rebuilt one', async () => {
    assert.deepEqual(await outdatedProjections(context.pool, service.projections), []);
    const bumped = { ...service.projections[0]!, version: 2 };
    assert.deepEqual(
      (await outdatedProjections(context.pool, [bumped])).map((projection) => projection.name),
      ['patients'],
    );
    await rebuildProjections(
      { projections: [bumped] },
      { pool: context.pool, store: context.store, nc: context.nats.nc },
    );
    assert.deepEqual(await outdatedProjections(context.pool, [bumped]), []);
  });

  it('names an unknown projection', async () => {
    await assert.rejects(
      rebuildProjections(service, { pool: context.pool, store: context.store, nc: context.nats.nc }, ['nope']),
      /unknown projection nope; known: patients, catalogue, test-requests, identity-directory, notification-logs/,
    );
  });
});
