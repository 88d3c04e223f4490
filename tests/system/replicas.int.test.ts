/**
 * Replicas are safe (issue 10): two processes of identity and two of clinical on one database and one NATS.
 * Every event either service appends is in JetStream exactly once, identity's institution-patients consumer
 * applies each clinical patient event exactly once, exactly one relay per service holds its advisory lock, and
 * when the process holding clinical's lock is killed (SIGKILL, no shutdown) the standby takes over within
 * seconds and publishes what the surviving replica appends.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ensureJetStream } from '@labline/bus';
import { subjectFor } from '@labline/contracts';
import { serviceDatabaseUrls } from '@labline/db';
import { DEMO_PASSWORD } from '@labline/identity';
import {
  createTestDatabase,
  findOrStartNats,
  freePort,
  waitFor,
  type StartedInfra,
  type TestDatabase,
} from '@labline/testkit';
import { connect, type NatsConnection } from 'nats';
import pg from 'pg';
import { processOwningLocalPort, readStream, startReplica, type Replica } from './replica-processes';

const SERVICES = ['identity', 'clinical'] as const;
type Service = (typeof SERVICES)[number];
const ADMIN = 'admin@northwind.labline.test';
const NORTHWIND = 1;
const FIRST_BATCH = 24;
const SECOND_BATCH = 12;
/** The standby retries every second (standbyRetryMs) and polls every 200 ms once active. */
const TAKEOVER_LIMIT_MS = 5_000;

interface StoredEvent {
  event_id: string;
  stream: string;
  type: string;
}

describe('two replicas of identity and of clinical', () => {
  let database: TestDatabase;
  let nats: StartedInfra;
  let natsStore: string;
  let nc: NatsConnection;
  let db: pg.Client;
  const replicas: Replica[] = [];
  let token: string;
  let clinicianId: number | null;
  let created = 0;

  const byService = (service: Service) => replicas.filter((replica) => replica.service === service);

  beforeAll(async () => {
    database = await createTestDatabase('system_replicas');
    natsStore = path.join(os.tmpdir(), `labline-replicas-nats-${randomUUID()}`);
    nats = await findOrStartNats({ isolated: true, port: await freePort(), storeDir: natsStore });
    nc = await connect({ servers: nats.url });
    await ensureJetStream(nc);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();

    const environment = (service: Service): Record<string, string> => {
      const urls = serviceDatabaseUrls({ url: database.url, schema: service });
      return {
        DATABASE_ADMIN_URL: urls.admin,
        DATABASE_URL: urls.application,
        DB_SCHEMA: service,
        NATS_URL: nats.url,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        LABLINE_SEED: 'demo',
        LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
      };
    };
    const start = async (name: string, service: Service, extra: Record<string, string> = {}) => {
      const replica = await startReplica(name, service, await freePort(), { ...environment(service), ...extra });
      replicas.push(replica);
      return replica;
    };
    // As a rolling deploy brings them up: the first of each migrates and seeds, the second finds it done.
    const identityA = await start('identity-a', 'identity');
    const [identityB] = await Promise.all([
      start('identity-b', 'identity'),
      start('clinical-a', 'clinical', { IDENTITY_JWKS_URL: `${identityA.url}/.well-known/jwks.json` }),
    ]);
    // clinical-b verifies tokens with the other identity replica's keys (they share the stored signing key).
    await start('clinical-b', 'clinical', { IDENTITY_JWKS_URL: `${identityB.url}/.well-known/jwks.json` });

    const login = await fetch(`${identityB.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }),
    });
    assert.equal(login.status, 200, await login.clone().text());
    token = ((await login.json()) as { token: string }).token;
    const clinicians = await fetch(`${identityA.url}/institutions/${NORTHWIND}/clinicians`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(clinicians.status, 200, await clinicians.clone().text());
    clinicianId = ((await clinicians.json()) as { clinicians: { id: number }[] }).clinicians[0]?.id ?? null;
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await db?.end();
    await nc?.close();
    await nats?.stop();
    if (natsStore) await rm(natsStore, { recursive: true, force: true });
    await database?.drop();
  });

  async function createPatient(replica: Replica): Promise<number> {
    const n = (created += 1);
    const response = await fetch(`${replica.url}/patients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        first_name: 'Replica',
        last_name: `Patient ${n}`,
        date_of_birth: '1980-01-01',
        gender: 'Female',
        phone: null,
        email: `replica.patient.${n}@example.com`,
        institution_ids: [NORTHWIND],
        clinician_id: clinicianId,
      }),
    });
    const body = await response.text();
    assert.equal(response.status, 201, `${replica.name}: ${body}`);
    return (JSON.parse(body) as { patient: { id: number } }).patient.id;
  }

  const eventsOf = async (service: Service) =>
    (
      await db.query<StoredEvent>(
        `SELECT event_id::text, stream, type FROM "${service}".events ORDER BY transaction_id, global_position`,
      )
    ).rows;

  /** Every event of both services in the stream exactly once, under its subject, and nothing else there. */
  async function assertPublishedExactlyOnce(): Promise<void> {
    const messages = await readStream(nc);
    const seen = new Map<string, number>();
    for (const message of messages) {
      assert.equal(message.msgId, message.eventId, `message ${message.seq} carries its event id as Nats-Msg-Id`);
      seen.set(message.eventId, (seen.get(message.eventId) ?? 0) + 1);
    }
    const twice = [...seen].filter(([, count]) => count > 1);
    assert.deepEqual(twice, [], 'no event is in the stream twice');
    let stored = 0;
    for (const service of SERVICES) {
      const events = await eventsOf(service);
      stored += events.length;
      const missing = events.filter((event) => !seen.has(event.event_id));
      assert.deepEqual(missing, [], `every ${service} event is in the stream`);
      const subjects = new Map(messages.map((message) => [message.eventId, message.subject]));
      for (const event of events) assert.equal(subjects.get(event.event_id), subjectFor(service, event));
    }
    assert.equal(messages.length, stored, 'the stream holds the stored events and nothing else');
  }

  /** Waits until the stream holds every stored event (as many messages as events). */
  async function waitUntilPublished(description: string, timeoutMs = 15_000): Promise<void> {
    await waitFor(
      async () => {
        const jsm = await nc.jetstreamManager();
        const { state } = await jsm.streams.info('LABLINE');
        const counts = await Promise.all(SERVICES.map(async (service) => (await eventsOf(service)).length));
        return state.messages >= counts[0]! + counts[1]!;
      },
      { timeoutMs, intervalMs: 50, description },
    );
  }

  /** identity's institution_patients holds every clinical patient, each patient event applied exactly once. */
  async function assertAppliedExactlyOnce(): Promise<void> {
    const patientEvents = (await eventsOf('clinical')).filter((event) =>
      subjectFor('clinical', event).startsWith('lab.clinical.patient.'),
    );
    const consumer = 'identity-institution-patients';
    const processed = await waitFor(
      async () => {
        const { rows } = await db.query<{ event_id: string; times: number }>(
          `SELECT event_id::text, count(*)::int AS times FROM identity.processed_events
           WHERE consumer = $1 GROUP BY event_id`,
          [consumer],
        );
        return rows.length >= patientEvents.length && rows;
      },
      { timeoutMs: 15_000, intervalMs: 50, description: `${consumer} to apply ${patientEvents.length} events` },
    );
    assert.deepEqual(
      processed.filter((row) => row.times !== 1),
      [],
      'each event recorded once in processed_events',
    );
    assert.deepEqual(
      processed.map((row) => row.event_id).sort(),
      patientEvents.map((event) => event.event_id).sort(),
      'processed_events holds exactly the clinical patient events',
    );
    const clinicalCount = await db.query<{ count: number }>(
      `SELECT count(DISTINCT stream)::int AS count FROM clinical.events WHERE type = 'PatientRegistered'`,
    );
    const projected = await db.query<{ count: number; northwind: number }>(
      `SELECT count(*)::int AS count, count(*) FILTER (WHERE $1 = ANY(institution_ids))::int AS northwind
       FROM identity.institution_patients WHERE NOT deleted`,
      [NORTHWIND],
    );
    const clinicalNorthwind = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM clinical.events
       WHERE type = 'PatientRegistered' AND data->'institution_ids' @> to_jsonb($1::int)`,
      [NORTHWIND],
    );
    assert.equal(projected.rows[0]!.count, clinicalCount.rows[0]!.count, 'one institution_patients row per patient');
    assert.equal(projected.rows[0]!.northwind, clinicalNorthwind.rows[0]!.count, 'Northwind’s patient count');
  }

  /** The replica whose session holds the service relay's advisory lock, per pg_locks; exactly one holds it. */
  async function lockHolder(service: Service): Promise<Replica> {
    const { rows } = await db.query<{ pid: number; client_port: number | null }>(
      `SELECT a.pid, a.client_port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended('labline-relay:' || $1 || ':' || $1, 0)`,
      [service],
    );
    assert.equal(rows.length, 1, `exactly one session holds ${service}'s relay lock: ${JSON.stringify(rows)}`);
    const candidates = byService(service).filter((replica) => replica.running());
    const owner = await processOwningLocalPort(
      rows[0]!.client_port ?? -1,
      candidates.map((replica) => replica.pid),
    );
    const byLog = candidates.filter((replica) => replica.relayActiveAt().length > 0);
    assert.equal(byLog.length, 1, `one ${service} replica logged "relay active": ${byLog.map((r) => r.name)}`);
    // On Linux, pin the lock's session to its process; both views must agree.
    if (owner !== null) assert.equal(owner, byLog[0]!.pid, `the ${service} lock is held by ${byLog[0]!.name}`);
    console.log(
      `${service}: relay lock held by backend ${rows[0]!.pid} (client port ${rows[0]!.client_port}), ` +
        `process ${owner ?? 'not found through /proc'}; "relay active" logged by ${byLog[0]!.name} (pid ${byLog[0]!.pid})`,
    );
    return byLog[0]!;
  }

  test('publish and apply every event exactly once, with one active relay per service', async () => {
    const clinical = byService('clinical');
    // Spread over both clinical replicas, concurrently: each appends, only one relay publishes.
    await Promise.all(Array.from({ length: FIRST_BATCH }, (_, index) => createPatient(clinical[index % 2]!)));
    await waitUntilPublished('the first batch to be published');
    await assertPublishedExactlyOnce();
    await assertAppliedExactlyOnce();
    for (const service of SERVICES) await lockHolder(service);
  });

  test('the standby takes over within seconds when the active clinical replica is killed', async () => {
    const victim = await lockHolder('clinical');
    const survivor = byService('clinical').find((replica) => replica !== victim)!;
    assert.deepEqual(survivor.relayActiveAt(), [], `${survivor.name} stood by so far`);

    // Appends in flight on the survivor while the active relay dies, then more after it is gone.
    const inFlight = Array.from({ length: SECOND_BATCH / 2 }, () => createPatient(survivor));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const killedAt = Date.now();
    victim.kill();
    assert.equal(await victim.exited, 'SIGKILL');
    await Promise.all(inFlight);
    for (let index = 0; index < SECOND_BATCH / 2; index += 1) await createPatient(survivor);

    const [activeAt] = await waitFor(() => survivor.relayActiveAt().length > 0 && survivor.relayActiveAt(), {
      timeoutMs: TAKEOVER_LIMIT_MS * 2,
      intervalMs: 20,
      description: `${survivor.name}'s relay to become active`,
    });
    await waitUntilPublished('the second batch to be published by the standby');
    const publishedAt = Date.now();
    const takeoverMs = activeAt! - killedAt;
    console.log(
      `clinical takeover: ${survivor.name} active ${takeoverMs} ms after ${victim.name} was killed; ` +
        `everything published ${publishedAt - killedAt} ms after the kill`,
    );
    assert.ok(takeoverMs <= TAKEOVER_LIMIT_MS, `took over in ${takeoverMs} ms`);

    await assertPublishedExactlyOnce();
    await assertAppliedExactlyOnce();
    assert.equal(await lockHolder('clinical'), survivor);
    assert.equal((await lockHolder('identity')).service, 'identity');
  });
});
