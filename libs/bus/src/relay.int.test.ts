import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { eventEnvelopeSchema, JETSTREAM_STREAM, type Actor } from '@labline/contracts';
import { createDatabasePool, sql } from '@labline/db';
import type { RecordedEvent } from '@labline/eventstore';
import { createLogger } from '@labline/telemetry';
import { createTestDatabase, waitFor } from '@labline/testkit';
import type { NatsConnection } from 'nats';
import { ensureJetStream } from './jetstream';
import { startRelay, type Relay } from './relay';
import { startBusTestEnvironment, type BusTestEnvironment } from './test-environment';

const ACTOR: Actor = { userId: 1, role: 'super_admin', institutionId: null };
const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

async function appendEvents(environment: BusTestEnvironment, stream: string, count: number): Promise<RecordedEvent[]> {
  const { events } = await environment.store.appendToStream(
    stream,
    Array.from({ length: count }, (_, index) => ({ type: 'SampleTaken', data: { index } })),
    { metadata: { actor: ACTOR, correlationId: 'relay-test', traceparent: TRACEPARENT } },
  );
  return events;
}

async function storedMessages(nc: NatsConnection) {
  const jsm = await nc.jetstreamManager();
  const { state } = await jsm.streams.info(JETSTREAM_STREAM);
  const messages = [];
  for (let sequence = state.first_seq; sequence <= state.last_seq && state.messages > 0; sequence += 1) {
    messages.push(await jsm.streams.getMessage(JETSTREAM_STREAM, { seq: sequence }));
  }
  return messages;
}

async function storedCount(nc: NatsConnection): Promise<number> {
  const jsm = await nc.jetstreamManager();
  return (await jsm.streams.info(JETSTREAM_STREAM)).state.messages;
}

describe('outbox relay', () => {
  let environment: BusTestEnvironment;
  const relays: Relay[] = [];
  const relay = (options: Partial<Parameters<typeof startRelay>[0]> = {}) => {
    const started = startRelay({
      store: environment.store,
      pool: environment.pool,
      nc: environment.nc,
      service: 'clinical',
      standbyRetryMs: 50,
      pollIntervalMs: 50,
      logger: createLogger('relay-test', 'silent'),
      ...options,
    });
    relays.push(started);
    return started;
  };
  beforeAll(async () => {
    environment = await startBusTestEnvironment();
  });
  afterAll(async () => {
    await Promise.all(relays.map((started) => started.stop()));
    await environment.close();
  });

  test('holds its checkpoint while the stream is missing, then publishes each event: subject, id, envelope, trace', async () => {
    const events = await appendEvents(environment, 'patient-1', 3);
    const started = relay();
    await waitFor(() => started.stats.failures > 0, { description: 'publishing to a missing stream to fail' });
    await ensureJetStream(environment.nc);
    await waitFor(async () => (await storedCount(environment.nc)) === 3, { description: 'three stored messages' });
    const messages = await storedMessages(environment.nc);
    assert.deepEqual(
      messages.map((message) => message.subject),
      Array(3).fill('lab.clinical.patient.SampleTaken'),
    );
    assert.deepEqual(
      messages.map((message) => message.header.get('Nats-Msg-Id')),
      events.map((event) => event.id),
    );
    assert.deepEqual(
      messages.map((message) => message.header.get('traceparent')),
      Array(3).fill(TRACEPARENT),
    );
    const envelope = eventEnvelopeSchema.parse(messages[0]!.json());
    assert.deepEqual(envelope.data, { index: 0 });
    assert.equal(envelope.id, events[0]!.id);
    await started.stop();
  });

  test('resumes from its checkpoint, and JetStream drops republished events when the checkpoint is lost', async () => {
    await ensureJetStream(environment.nc);
    const before = await storedCount(environment.nc);
    await appendEvents(environment, 'patient-2', 4);
    const first = relay();
    await waitFor(async () => (await storedCount(environment.nc)) === before + 4);
    await first.stop();
    const resumed = relay();
    await appendEvents(environment, 'patient-2', 1);
    await waitFor(async () => (await storedCount(environment.nc)) === before + 5);
    await resumed.stop();
    assert.equal(resumed.stats.published, 1, 'the restarted relay published only the new event');

    await environment.pool.query(sql.unsafe`DELETE FROM relay_checkpoints`);
    const forgetful = relay();
    await waitFor(() => forgetful.stats.published === before + 5, { description: 'everything republished' });
    await forgetful.stop();
    assert.equal(forgetful.stats.duplicates, before + 5);
    assert.equal(await storedCount(environment.nc), before + 5);
  });

  test('one active relay per service; a standby takes over when it stops', async () => {
    await ensureJetStream(environment.nc);
    const first = relay();
    const second = relay();
    await waitFor(() => first.stats.active || second.stats.active, { description: 'an active relay' });
    const [active, standby] = first.stats.active ? [first, second] : [second, first];
    const attempts = standby.stats.lockAttempts;
    await waitFor(() => standby.stats.lockAttempts >= attempts + 3, { description: 'the standby trying again' });
    assert.equal(standby.stats.active, false, 'the standby did not become active while the lock was held');
    await active.stop();
    await waitFor(() => standby.stats.active, { description: 'the standby to take over' });
    const before = await storedCount(environment.nc);
    await appendEvents(environment, 'patient-3', 2);
    await waitFor(async () => (await storedCount(environment.nc)) === before + 2);
    await standby.stop();
  });

  test('an append in its own process wakes it without waiting for the poll', async () => {
    await ensureJetStream(environment.nc);
    const started = relay({ pollIntervalMs: 60_000 });
    await waitFor(() => started.stats.active);
    const before = await storedCount(environment.nc);
    await appendEvents(environment, 'patient-4', 1);
    await waitFor(async () => (await storedCount(environment.nc)) === before + 1, { timeoutMs: 5_000 });
    await started.stop();
  });

  test('an append held back behind an older transaction (any database of the server) goes out when it ends, not at the next poll', async () => {
    await ensureJetStream(environment.nc);
    const started = relay({ pollIntervalMs: 60_000 });
    await waitFor(() => started.stats.active);
    const before = await storedCount(environment.nc);
    // What another test file or service does on the same server: a transaction holding an older id.
    const elsewhere = await createTestDatabase('relay_elsewhere');
    const elsewherePool = await createDatabasePool({ url: elsewhere.url, schema: 'public' });
    let idTaken: () => void = () => undefined;
    const olderTransactionRunning = new Promise<void>((resolve) => (idTaken = resolve));
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const olderTransaction = elsewherePool.transaction(async (transaction) => {
      await transaction.query(sql.unsafe`SELECT pg_current_xact_id()`);
      idTaken();
      await ended;
    });
    try {
      await olderTransactionRunning;
      // The append wakes the relay, whose read cannot return the event while the older transaction runs.
      const reads = started.stats.reads;
      await appendEvents(environment, 'patient-5', 1);
      // It looked again (woken by the append, then retrying the held-back read) and still publishes nothing.
      await waitFor(() => started.stats.reads >= reads + 3, { description: 'the relay reading again' });
      assert.equal(await storedCount(environment.nc), before, 'held back while the older transaction runs');
    } finally {
      end();
      await olderTransaction;
      await elsewherePool.end();
      await elsewhere.drop();
    }
    await waitFor(async () => (await storedCount(environment.nc)) === before + 1, {
      timeoutMs: 10_000,
      description: 'the held-back event published (the poll is a minute away)',
    });
    await started.stop();
  });
});
