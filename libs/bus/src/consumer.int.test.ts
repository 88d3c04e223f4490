import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { JETSTREAM_STREAM, type EventEnvelope } from '@labline/contracts';
import { sql } from '@labline/db';
import { createLogger } from '@labline/telemetry';
import { waitFor } from '@labline/testkit';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { startConsumer, type ConsumerOptions, type DurableConsumer } from './consumer';
import { ensureJetStream } from './jetstream';
import { startBusTestEnvironment, type BusTestEnvironment } from './test-environment';

const APPLIED_TABLE = {
  name: '900_applied',
  sql: 'CREATE TABLE applied (consumer text NOT NULL, event_id uuid NOT NULL, note text)',
};
const countSchema = z.object({ count: z.number() });

function envelope(aggregate: string, type: string, data: unknown): EventEnvelope {
  return {
    id: uuidv7(),
    type,
    stream: `${aggregate}-1`,
    version: 0,
    occurredAt: new Date().toISOString(),
    actor: { userId: null, role: null, institutionId: null },
    correlationId: 'consumer-test',
    causationId: null,
    traceparent: null,
    data,
  };
}

describe('durable consumer', () => {
  let environment: BusTestEnvironment;
  const consumers: DurableConsumer[] = [];
  beforeAll(async () => {
    environment = await startBusTestEnvironment([APPLIED_TABLE]);
    await ensureJetStream(environment.nc);
  });
  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await environment.close();
  });

  /** Each test has its own aggregate, so its subjects and its durable are its own. */
  async function consume(aggregate: string, handle: ConsumerOptions['handle'], options: Partial<ConsumerOptions> = {}) {
    const consumer = await startConsumer({
      nc: environment.nc,
      pool: environment.pool,
      durableName: `test-${aggregate}`,
      filterSubjects: [`lab.clinical.${aggregate}.>`],
      handle,
      backoffMs: [1_000, 1_000],
      maxDeliver: 3,
      logger: createLogger('consumer-test', 'silent'),
      ...options,
    });
    consumers.push(consumer);
    return consumer;
  }
  const record =
    (aggregate: string): ConsumerOptions['handle'] =>
    async (event, transaction) => {
      await transaction.query(sql.unsafe`INSERT INTO applied (consumer, event_id) VALUES (${aggregate}, ${event.id})`);
    };
  const publish = async (event: EventEnvelope, messageId = event.id, payload?: string) => {
    const js = environment.nc.jetstream();
    return js.publish(`lab.clinical.${event.stream.split('-')[0]}.${event.type}`, payload ?? JSON.stringify(event), {
      msgID: messageId,
      timeout: 1_000,
    });
  };
  const appliedCount = (aggregate: string) =>
    environment.pool.oneFirst(
      sql.type(countSchema)`SELECT count(*)::int AS count FROM applied WHERE consumer = ${aggregate}`,
    );

  test('stops when stopped as soon as it started, before its first pull is open', async () => {
    const consumer = await consume('stoppedearly', record('stoppedearly'));
    // The first pass is still subscribing: the stop must not wait for a close that nothing would complete.
    await consumer.stop();
  }, 15_000);

  test('applies each event once, even when it is delivered again', async () => {
    const aggregate = 'once';
    const events = Array.from({ length: 5 }, (_, index) => envelope(aggregate, 'Counted', { index }));
    for (const event of events) await publish(event);
    const consumer = await consume(aggregate, record(aggregate));
    await waitFor(() => consumer.stats.handled === 5, { description: 'five handled' });
    // The same events under new message ids get past JetStream's dedupe: processed_events must stop them.
    let lastSequence = 0;
    for (const event of events) lastSequence = (await publish(event, randomUUID())).seq;
    await waitFor(() => consumer.stats.duplicates === 5, { description: 'five duplicates skipped' });
    assert.equal(await appliedCount(aggregate), 5);
    const checkpoint = await environment.pool.oneFirst(
      sql.type(z.object({ stream_sequence: z.number() }))`
        SELECT stream_sequence FROM consumer_checkpoints WHERE consumer = ${`test-${aggregate}`}`,
    );
    assert.ok(checkpoint < lastSequence, 'duplicates do not move the checkpoint of applied events');
  });

  test('a failing handler rolls back and is retried until it succeeds', async () => {
    const aggregate = 'flaky';
    let attempts = 0;
    const consumer = await consume(aggregate, async (event, transaction, delivery) => {
      attempts += 1;
      await transaction.query(
        sql.unsafe`INSERT INTO applied (consumer, event_id, note) VALUES (${aggregate}, ${event.id}, 'attempt')`,
      );
      if (delivery.deliveryCount === 1) throw new Error('transient failure');
    });
    await publish(envelope(aggregate, 'Flaky', {}));
    await waitFor(() => consumer.stats.handled === 1, { description: 'handled on the second delivery' });
    assert.equal(attempts, 2);
    assert.equal(consumer.stats.retried, 1);
    assert.equal(await appliedCount(aggregate), 1, 'the failed attempt left nothing behind');
  });

  test('poison messages are terminated, counted and dead-lettered, and the rest flows on', async () => {
    const aggregate = 'poison';
    const failing = envelope(aggregate, 'AlwaysFails', {});
    let failingDeliveries = 0;
    const consumer = await consume(aggregate, async (event, transaction) => {
      if (event.id === failing.id) {
        failingDeliveries += 1;
        throw new Error('cannot apply');
      }
      await record(aggregate)(event, transaction, { subject: '', streamSequence: 0, deliveryCount: 1 });
    });
    const malformed = envelope(aggregate, 'Malformed', { patientName: 'Jane Secret' });
    await publish(malformed, malformed.id, JSON.stringify({ ...malformed, version: 'zero' }));
    await publish(failing);
    await publish(envelope(aggregate, 'Fine', {}));
    await waitFor(() => consumer.stats.poisoned === 2 && consumer.stats.handled === 1, {
      description: 'two poisoned, one handled',
    });
    assert.equal(failingDeliveries, 3, 'the handler ran max_deliver times');
    const deadLetters = await environment.pool.any(
      sql.type(z.object({ event_id: z.string(), reason: z.string(), deliveries: z.number() }))`
        SELECT event_id, reason, deliveries FROM consumer_dead_letters WHERE consumer = ${`test-${aggregate}`} ORDER BY id`,
    );
    assert.deepEqual(
      deadLetters.map((letter) => letter.event_id),
      [malformed.id, failing.id],
    );
    assert.match(deadLetters[0]!.reason, /invalid envelope \(version: invalid_type\)/);
    assert.doesNotMatch(deadLetters[0]!.reason, /Jane Secret/);
    assert.match(deadLetters[1]!.reason, /handler failed on the last delivery: Error: cannot apply/);
    assert.equal(deadLetters[1]!.deliveries, 3);
  });

  test('a message never acknowledged within max_deliver (a hung or crashing handler) is still dead-lettered', async () => {
    const aggregate = 'hung';
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const consumer = await consume(aggregate, () => released, { maxDeliver: 2, backoffMs: [500] });
    await publish(envelope(aggregate, 'Hangs', {}));
    try {
      await waitFor(
        () =>
          environment.pool.maybeOneFirst(sql.type(z.object({ reason: z.string() }))`
            SELECT reason FROM consumer_dead_letters WHERE consumer = ${`test-${aggregate}`}`),
        { description: 'the max-deliveries advisory to be recorded' },
      );
    } finally {
      release();
    }
    assert.equal(consumer.stats.poisoned, 1);
  });

  test('stops cleanly; a restarted consumer takes up where it stopped', async () => {
    const aggregate = 'restart';
    const first = await consume(aggregate, record(aggregate));
    await publish(envelope(aggregate, 'Before', {}));
    await waitFor(() => first.stats.handled === 1);
    await first.stop();
    await publish(envelope(aggregate, 'While', {}));
    await publish(envelope(aggregate, 'Stopped', {}));
    const second = await consume(aggregate, record(aggregate));
    await waitFor(() => second.stats.handled === 2, { description: 'the two events published while stopped' });
    assert.equal(await appliedCount(aggregate), 3);
  });

  test('resumes when its consumer is deleted on the server', async () => {
    const aggregate = 'deleted';
    const consumer = await consume(aggregate, record(aggregate));
    await publish(envelope(aggregate, 'Before', {}));
    await waitFor(() => consumer.stats.handled === 1);
    const jsm = await environment.nc.jetstreamManager();
    await jsm.consumers.delete(JETSTREAM_STREAM, `test-${aggregate}`);
    await publish(envelope(aggregate, 'After', {}));
    await waitFor(() => consumer.stats.handled === 2, {
      timeoutMs: 20_000,
      description: 'the event after the deletion',
    });
    assert.equal(await appliedCount(aggregate), 2);
  });

  test('resumes after the NATS server goes away and comes back', async () => {
    const aggregate = 'hiccup';
    const consumer = await consume(aggregate, record(aggregate));
    await publish(envelope(aggregate, 'Before', {}));
    await waitFor(() => consumer.stats.handled === 1);
    await environment.restartNats();
    const afterRestart = envelope(aggregate, 'After', {});
    // Publishing fails until the client has reconnected and JetStream has recovered the stream; retries of
    // the same event are deduplicated by its message id.
    await waitFor(
      () =>
        publish(afterRestart).then(
          () => true,
          () => false,
        ),
      {
        timeoutMs: 20_000,
        description: 'a publish to succeed after the restart',
      },
    );
    await waitFor(() => consumer.stats.handled === 2, {
      timeoutMs: 20_000,
      description: 'the event after the restart',
    });
  });
});
