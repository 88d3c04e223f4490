/**
 * Rebuilding identity's projections gives tables equal to the live ones: users and institutions from
 * identity's event store, the institution stats' patients from clinical's events on the JetStream stream.
 * Index names survive the swap (the unique e-mail index is how a duplicate answers 409).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { DurableConsumer } from '@labline/bus';
import { ERRORS, JETSTREAM_STREAM } from '@labline/contracts';
import { rebuildProjections, startProjectionConsumer } from '@labline/service-kit';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import { institutionPatientsProjection } from '../src/projections/institution-patients/projection';
import { service } from '../src/service';
import { patient } from './patients';
import { signInDemoAccounts, type SignedInAccounts } from './accounts';
import { startIdentity, type IdentityTestContext } from './harness';
import { startPrivateNats, type PrivateNats } from './nats';

describe('projection rebuild', () => {
  let context: IdentityTestContext;
  let nats: PrivateNats;
  let consumer: DurableConsumer;
  let accounts: SignedInAccounts;

  beforeAll(async () => {
    context = await startIdentity({ seed: true });
    nats = await startPrivateNats();
    consumer = await startProjectionConsumer('identity', institutionPatientsProjection, {
      nc: nats.nc,
      pool: context.pool,
    });
    accounts = await signInDemoAccounts(context);
  });
  afterAll(async () => {
    await consumer.stop();
    await nats.close();
    await context.close();
  });

  const rowsOf = (table: string) =>
    context.pool.anyFirst(
      sql.type(z.object({ row: z.string() }))`SELECT t::text AS row FROM ${sql.identifier([table])} t ORDER BY t::text`,
    );
  const indexesOf = (tables: string[]) =>
    context.pool.anyFirst(
      sql.type(z.object({ name: z.string() }))`
        SELECT indexname AS name FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = ANY(${sql.array(tables, 'text')}) ORDER BY indexname`,
    );
  const snapshot = async (tables: string[]) => ({
    rows: await Promise.all(tables.map(rowsOf)),
    indexes: await indexesOf(tables),
  });
  const parts = () => ({ pool: context.pool, store: context.store, nc: nats.nc });

  it('rebuilds users and institutions from the event store equal to the live tables', async () => {
    const tables = ['users', 'clinician_institutions', 'institutions'];
    const live = await snapshot(tables);
    const events = await context.pool.oneFirst(
      sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM events`,
    );
    const outcomes = await rebuildProjections(service, parts(), ['users', 'institutions']);
    assert.ok(outcomes.every((outcome) => outcome.events > 0));
    assert.deepEqual(await snapshot(tables), live);
    assert.equal(
      await context.pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM events`),
      events,
    );

    const taken = await accounts.call('super', 'POST', '/users', {
      email: 'ADMIN@northwind.labline.test',
      first_name: 'Again',
      last_name: 'Admin',
      role: 'lab_user',
      institution_id: accounts.northwind,
      permissions: ['dashboard'],
      password: 'a-long-passphrase',
    });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().error, ERRORS.emailAlreadyRegistered);
  });

  it("rebuilds the institution stats' patients from clinical's events on the stream", async () => {
    const { northwind, riverside } = accounts;
    await nats.publish('lab.clinical.patient.PatientRegistered', {
      type: 'PatientRegistered',
      stream: 'patient-501',
      version: 1,
      data: patient(501, [riverside]),
    });
    await nats.publish('lab.clinical.patient.PatientRegistered', {
      type: 'PatientRegistered',
      stream: 'patient-502',
      version: 1,
      data: patient(502, [northwind, riverside]),
    });
    await nats.publish('lab.clinical.patient.PatientDeleted', {
      type: 'PatientDeleted',
      stream: 'patient-501',
      version: 2,
      data: { patientId: 501, institution_ids: [riverside] },
    });
    await waitFor(async () => consumer.stats.handled === 3, { description: 'three patient events applied' });
    const live = await snapshot(['institution_patients']);
    const stats = (await accounts.call('super', 'GET', `/institutions/${riverside}/stats`)).json().stats;
    assert.equal(stats.patients, 1);
    const published = (await (await nats.nc.jetstreamManager()).streams.info(JETSTREAM_STREAM)).state.messages;

    const [outcome] = await rebuildProjections(service, parts(), ['institution-patients']);
    assert.equal(outcome?.events, 3);
    assert.deepEqual(await snapshot(['institution_patients']), live);
    assert.deepEqual((await accounts.call('super', 'GET', `/institutions/${riverside}/stats`)).json().stats, stats);
    assert.equal((await (await nats.nc.jetstreamManager()).streams.info(JETSTREAM_STREAM)).state.messages, published);
  });
});
