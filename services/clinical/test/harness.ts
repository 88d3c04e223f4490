/**
 * A clinical app on a fresh database and a private NATS per test file: real Postgres, real event store, the
 * real consumers of other services' events (fed with identity- and notifications-shaped events), and real
 * signed tokens.
 */
import assert from 'node:assert/strict';
import type { DurableConsumer } from '@labline/bus';
import { openServiceDatabase } from '@labline/db';
import { SYSTEM_ACTOR } from '@labline/contracts';
import { createPostgresEventStore, STREAM_DOES_NOT_EXIST, type EventStore } from '@labline/eventstore';
import {
  buildInProcess,
  inlineProjector,
  nextId,
  serviceMigrations,
  startProjectionConsumer,
  type HttpApp,
} from '@labline/service-kit';
import {
  bearerHeaders,
  createTestDatabase,
  createTestKeys,
  institutionRegisteredData,
  testUser,
  userRegisteredData,
  waitFor,
  type TestDatabase,
  type TestUser,
} from '@labline/testkit';
import type { LightMyRequestResponse } from 'fastify';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { ClinicalContext } from '../src/config';
import { patientsProjection } from '../src/projections/patients/projection';
import { service } from '../src/service';
import { startPrivateNats, type PrivateNats } from './nats';

export const NORTHWIND = 1;
export const RIVERSIDE = 2;
/** An institution without clinicians. */
export const HARBOUR = 3;
export const UNKNOWN_INSTITUTION = 99;

export type { TestUser };

/** One user per role at Northwind, an administrator and a clinician at Riverside. */
export const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  northwindAdmin: testUser(2, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  northwindClinician: testUser(3, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND, RIVERSIDE]),
  secondClinician: testUser(4, 'clinician', NORTHWIND, ['Ravi', 'Shah'], [NORTHWIND]),
  clientAdmin: testUser(5, 'client_admin', NORTHWIND, ['Daniel', 'Brooks']),
  fulfillmentAgent: testUser(6, 'fulfillment_agent', NORTHWIND, ['Priya', 'Patel']),
  labUser: testUser(7, 'lab_user', NORTHWIND, ['Oliver', 'Grant']),
  riversideAdmin: testUser(8, 'institution_admin', RIVERSIDE, ['Hannah', 'Lewis']),
  riversideClinician: testUser(9, 'clinician', RIVERSIDE, ['Marcus', 'Hale'], [RIVERSIDE]),
} as const;

export interface ClinicalTestContext {
  app: HttpApp;
  /** The service's context on the test database (commands, pool, store). */
  context: ClinicalContext;
  pool: DatabasePool;
  store: EventStore;
  nats: PrivateNats;
  database: TestDatabase;
  /** Bearer headers of a real token for the user (with a menu permissions list and a session when given). */
  as(user: TestUser, permissions?: string[], sid?: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const countOf = (pool: DatabasePool, table: 'institutions' | 'users') =>
  pool.oneFirst(
    sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM ${sql.identifier([table])}`,
  );

export async function startClinical(): Promise<ClinicalTestContext> {
  const database = await createTestDatabase('clinical_test');
  // As at start-up: provisioned and migrated as the admin, the pool signed in as clinical's application role.
  const pool = await openServiceDatabase({
    url: database.url,
    schema: 'clinical',
    migrations: await serviceMigrations(service),
  });
  const store = createPostgresEventStore({ pool });
  const nats = await startPrivateNats();
  const keys = await createTestKeys();
  // As at start-up: every other service's events the service consumes (identity's, notifications').
  const consumers: DurableConsumer[] = await Promise.all(
    (service.consumes ?? []).map((projection) =>
      startProjectionConsumer('clinical', projection, { nc: nats.nc, pool }),
    ),
  );

  const institutions: [number, string][] = [
    [NORTHWIND, 'Northwind General Hospital'],
    [RIVERSIDE, 'Riverside Clinic'],
    [HARBOUR, 'Harbour Practice'],
  ];
  for (const [id, name] of institutions) {
    await nats.publishIdentity(
      `institution-${id}`,
      0,
      'InstitutionRegistered',
      institutionRegisteredData(id, name, `${id} Test Street`),
    );
  }
  for (const member of Object.values(USERS)) {
    await nats.publishIdentity(`user-${member.id}`, 0, 'UserRegistered', userRegisteredData(member));
  }
  await waitFor(
    async () =>
      (await countOf(pool, 'institutions')) === institutions.length &&
      (await countOf(pool, 'users')) === Object.keys(USERS).length,
    { description: 'identity events projected' },
  );

  const { app, context } = await buildInProcess(service, {
    env: { DATABASE_URL: database.url, IDENTITY_JWKS_URL: 'http://127.0.0.1/unused' },
    pool,
    store,
    resources: { keys: { jwks: keys.jwks } },
  });
  return {
    app,
    context,
    pool,
    store,
    nats,
    database,
    as: (member, permissions = [], sid) => bearerHeaders(keys, member, { permissions, ...(sid ? { sid } : {}) }),
    async close() {
      await app.close();
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await nats.close();
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

/** A valid patient form for an institution and clinician. */
export function patientForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Amelia',
    last_name: 'Thompson',
    date_of_birth: '1980-04-12',
    gender: 'Female',
    phone: '+44 7700 900123',
    email: 'amelia.thompson@example.com',
    insurance_number: '',
    nhs_number: '943 476 5919',
    street_address_1: '14 Elm Grove',
    street_address_2: '',
    city: 'Northwind',
    state: '',
    postal_code: 'NW1 6RT',
    country: 'United Kingdom',
    medical_record_number: '',
    institution_ids: [NORTHWIND],
    clinician_id: USERS.northwindClinician.id,
    ...overrides,
  };
}

export async function createPatient(
  context: ClinicalTestContext,
  caller: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; medical_record_number: string }> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/patients',
    headers: await context.as(caller),
    payload: patientForm(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { patient: { id: number; medical_record_number: string } }).patient;
}

/**
 * A patient as an older version of the service recorded it: its PatientRegistered event appended as given (what
 * the request schemas of today would refuse or normalise), projected as the command handler projects.
 */
export async function registerStoredPatient(
  context: ClinicalTestContext,
  data: (patientId: number) => Record<string, unknown>,
): Promise<number> {
  const patientId = await nextId(context.pool, 'patient_id_seq');
  await context.store.appendToStream(`patient-${patientId}`, [{ type: 'PatientRegistered', data: data(patientId) }], {
    expectedStreamVersion: STREAM_DOES_NOT_EXIST,
    metadata: { actor: SYSTEM_ACTOR, correlationId: 'stored-patient', causationId: null, traceparent: null },
    inTransaction: inlineProjector([patientsProjection]),
  });
  return patientId;
}

export const errorOf = (response: LightMyRequestResponse) => (response.json() as { error: string }).error;

/** A fingerprint of every stored event and read-model row: what a refused request must leave unchanged. */
export async function storedState(context: ClinicalTestContext) {
  return context.pool.one(
    sql.type(
      z.object({
        events: z.number(),
        patients: z.string(),
        catalogue: z.string(),
        assignments: z.string(),
        requests: z.string(),
      }),
    )`
      SELECT (SELECT count(*) FROM events)::int AS events,
             (SELECT md5(coalesce(string_agg(p::text, ',' ORDER BY p.id), '')) FROM patients p) AS patients,
             (SELECT md5(coalesce(string_agg(c::text, ',' ORDER BY c.id), '')) FROM catalogue_items c) AS catalogue,
             (SELECT md5(coalesce(string_agg(a::text, ',' ORDER BY a.id), '')) FROM lab_assignments a) AS assignments,
             (SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t.id), '')) FROM test_requests t) AS requests`,
  );
}

/** The request is refused with this status (and text), and nothing stored changes. */
export async function refused(
  context: ClinicalTestContext,
  request: () => Promise<{ statusCode: number; body: string }>,
  status: number,
  text?: string,
): Promise<string> {
  const before = await storedState(context);
  const response = await request();
  assert.equal(response.statusCode, status, response.body);
  const { error } = JSON.parse(response.body) as { error: string };
  if (text !== undefined) assert.equal(error, text);
  assert.deepEqual(await storedState(context), before, 'a refused request stores nothing');
  return error;
}

/** A request of a test user: method, path and body. */
export async function call(
  context: ClinicalTestContext,
  caller: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  permissions: string[] = [],
) {
  return context.app.inject({
    method,
    url,
    headers: await context.as(caller, permissions),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Creates a catalogue item as the caller; answers the item. */
export async function createItem(
  context: ClinicalTestContext,
  caller: TestUser,
  kind: string,
  body: Record<string, unknown>,
): Promise<{ id: number } & Record<string, unknown>> {
  const response = await call(context, caller, 'POST', `/cms/${kind}`, body);
  if (response.statusCode !== 201) throw new Error(`create ${kind} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { item: { id: number } & Record<string, unknown> }).item;
}
