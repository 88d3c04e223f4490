/**
 * The kill test: separate writer, relay and consumer processes; the relay and the consumer are SIGKILLed
 * mid-stream (twice each) and restarted; every event must end up applied exactly once.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, test } from 'vitest';
import { JETSTREAM_STREAM } from '@labline/contracts';
import { sql } from '@labline/db';
import { waitFor } from '@labline/testkit';
import type { QuerySqlToken } from 'slonik';
import { z } from 'zod';
import { describeMissingEvents, KILL_TEST_DURABLE, KILL_TEST_MIGRATIONS } from './exactly-once.fixture';
import { ensureJetStream } from './jetstream';
import { startBusTestEnvironment, type BusTestEnvironment } from './test-environment';

const TOTAL_EVENTS = 1_200;
const CHILD_SCRIPT = fileURLToPath(new URL('./exactly-once.child.ts', import.meta.url));
const REPOSITORY_ROOT = path.resolve(path.dirname(CHILD_SCRIPT), '../../..');

type Role = 'writer' | 'relay' | 'consumer';

let environment: BusTestEnvironment;
let lastState: Record<string, number> = {};
const children = new Set<ChildProcess>();
const childOutput: string[] = [];

function spawnRole(role: Role): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD_SCRIPT, role], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      KILL_TEST_DATABASE_URL: environment.database.url,
      KILL_TEST_NATS_URL: environment.natsUrl,
      KILL_TEST_EVENTS: String(TOTAL_EVENTS),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => childOutput.push(`[${role} ${child.pid}] ${chunk.toString()}`);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

const countSchema = z.object({ count: z.number() });
const count = (query: QuerySqlToken<typeof countSchema>) => environment.pool.oneFirst(query);
const appliedCount = () => count(sql.type(countSchema)`SELECT count(*)::int AS count FROM applied_events`);
async function storedMessages(): Promise<number> {
  const jsm = await environment.nc.jetstreamManager();
  return (await jsm.streams.info(JETSTREAM_STREAM)).state.messages;
}

const RELAY_APPLICATION = 'kill-test-relay';

/** Events at or before the relay's checkpoint: what it has recorded as published. */
const checkpointedEvents = () =>
  count(sql.type(countSchema)`
    SELECT count(*)::int AS count FROM events
    WHERE (transaction_id, global_position) <= (SELECT transaction_id, global_position FROM relay_checkpoints)`);
const relaySessions = (busyOnly: boolean) =>
  environment.pool.exists(sql.unsafe`
    SELECT 1 FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = ${RELAY_APPLICATION}
      AND (NOT ${busyOnly} OR state <> 'idle')`);
const RELAY_KILL_ATTEMPTS = 5;

/**
 * Freezes the relay (SIGSTOP) until it is caught with events stored in JetStream beyond its checkpoint and
 * no statement of its in flight, then SIGKILLs it: its successor must publish those events again. An idle
 * session in pg_stat_activity does not prove that: a checkpoint the relay sent just before it froze shows
 * only once its backend has read it, which under load can be after the check, and is then written after the
 * kill. So the kill counts only if JetStream still holds events beyond the checkpoint once every session of
 * the killed relay has ended; otherwise the next relay is caught the same way. Returns the relay started
 * after the kill that counted.
 */
async function killRelayBetweenPublishAndCheckpoint(first: ChildProcess): Promise<ChildProcess> {
  let relay = first;
  for (let attempt = 1; attempt <= RELAY_KILL_ATTEMPTS; attempt += 1) {
    await waitFor(
      async () => {
        relay.kill('SIGSTOP');
        await waitFor(async () => !(await relaySessions(true)), { description: 'the frozen relay to be idle' });
        if ((await storedMessages()) > (await checkpointedEvents())) return true;
        relay.kill('SIGCONT');
        return false;
      },
      { timeoutMs: 20_000, intervalMs: 5, description: 'the relay between publish and checkpoint' },
    );
    await kill(relay, 'SIGKILL');
    await waitFor(async () => !(await relaySessions(false)), {
      description: 'the sessions of the killed relay to end',
    });
    const landed = (await storedMessages()) > (await checkpointedEvents());
    relay = spawnRole('relay');
    if (landed) return relay;
    console.log('the relay wrote its checkpoint after all; catching the next one between publish and checkpoint');
  }
  throw new Error(`No kill of ${RELAY_KILL_ATTEMPTS} landed between a publish and its checkpoint`);
}

beforeAll(async () => {
  environment = await startBusTestEnvironment(KILL_TEST_MIGRATIONS);
  // A duplicate window shorter than a relay restart: the events a killed relay published but had not yet
  // checkpointed are stored twice, so the consumer's own deduplication is what keeps them from applying twice.
  await ensureJetStream(environment.nc, { duplicateWindowMs: 100 });
});

afterAll(async () => {
  await Promise.all([...children].map((child) => kill(child, 'SIGKILL')));
  await environment.close();
});

test(
  `${TOTAL_EVENTS} events applied exactly once while the relay and the consumer are SIGKILLed`,
  { timeout: 150_000 },
  async () => {
    const started = Date.now();
    console.log(`started at ${new Date(started).toISOString()}; child output is printed when the test fails`);
    const mark = (what: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);
    try {
      const writer = spawnRole('writer');
      const writerExit = once(writer, 'exit');
      let relay = spawnRole('relay');
      let consumer = spawnRole('consumer');
      const kills = { relay: 0, consumer: 0 };

      const eventsInStore = () => count(sql.type(countSchema)`SELECT count(*)::int AS count FROM events`);
      const killRelay = async (reason: string) => {
        await kill(relay, 'SIGKILL');
        kills.relay += 1;
        mark(`relay killed ${reason}`);
      };
      const storedAtLeast = (published: number) =>
        waitFor(async () => (await storedMessages()) >= published, {
          timeoutMs: 20_000,
          description: `${published} published events`,
        });
      const killConsumerAfter = async (applied: number) => {
        await waitFor(async () => (await appliedCount()) >= applied, {
          timeoutMs: 20_000,
          description: `${applied} applied events`,
        });
        await kill(consumer, 'SIGKILL');
        kills.consumer += 1;
        mark(`consumer killed after ${applied} applied`);
        consumer = spawnRole('consumer');
      };
      await storedAtLeast(100);
      relay = await killRelayBetweenPublishAndCheckpoint(relay);
      kills.relay += 1;
      mark('relay killed between publish and checkpoint');
      // A backlog for the next relay, so the next kill lands while it works through whole batches.
      const appended = await eventsInStore();
      await waitFor(async () => (await eventsInStore()) >= Math.min(TOTAL_EVENTS, appended + 300), {
        timeoutMs: 20_000,
        description: 'a backlog of 300 events',
      });
      await storedAtLeast((await storedMessages()) + 60);
      await killRelay('while working through a backlog');
      relay = spawnRole('relay');
      await killConsumerAfter(250);
      await killConsumerAfter(700);

      const [writerCode] = (await writerExit) as [number | null];
      assert.equal(writerCode, 0, 'the writer appended every event');
      mark('writer done');
      // Wait for the condition that ends the run, not for a time: every message acknowledged.
      await waitFor(
        async () => {
          // In this order: once the checkpoint covers every event, each of them was stored before the consumer is
          // looked at, and each message the consumer had acknowledged then is applied before it is counted.
          const checkpointed = await checkpointedEvents();
          const jsm = await environment.nc.jetstreamManager();
          const info = await jsm.consumers.info(JETSTREAM_STREAM, KILL_TEST_DURABLE);
          const stored = await storedMessages();
          const applied = await appliedCount();
          lastState = {
            stored,
            checkpointed,
            applied,
            delivered: info.delivered.stream_seq,
            pending: info.num_pending,
            ackPending: info.num_ack_pending,
            redelivered: info.num_redelivered,
          };
          const allPublished = info.delivered.stream_seq >= stored;
          const settled = info.num_pending === 0 && info.num_ack_pending === 0 && allPublished;
          // The relay has recorded every event as published and the consumer has acknowledged everything stored,
          // yet events are not applied: they never reached the stream, and waiting longer cannot bring them.
          if (settled && checkpointed === TOTAL_EVENTS && applied < TOTAL_EVENTS) {
            throw new Error(`${TOTAL_EVENTS - applied} events lost: checkpointed as published, never stored`);
          }
          return (
            info.num_pending === 0 &&
            info.num_ack_pending === 0 &&
            allPublished &&
            info.delivered.stream_seq >= TOTAL_EVENTS
          );
        },
        { timeoutMs: 60_000, description: 'every message delivered and acknowledged' },
      );
      mark('all acknowledged');
      await Promise.all([kill(relay, 'SIGTERM'), kill(consumer, 'SIGTERM')]);

      assert.deepEqual(kills, { relay: 2, consumer: 2 });
      assert.equal(await count(sql.type(countSchema)`SELECT count(*)::int AS count FROM events`), TOTAL_EVENTS);
      const stored = await storedMessages();
      mark(`${stored - TOTAL_EVENTS} events published twice, past JetStream's duplicate window`);
      assert.ok(stored > TOTAL_EVENTS, 'duplicates reached the consumer, so its deduplication was exercised');
      assert.equal(await appliedCount(), TOTAL_EVENTS, 'applied rows: none twice, none missing');
      assert.equal(
        await count(sql.type(countSchema)`SELECT count(DISTINCT event_id)::int AS count FROM applied_events`),
        TOTAL_EVENTS,
      );
      assert.equal(
        await count(sql.type(countSchema)`SELECT count(*)::int AS count FROM event_counters WHERE applied_count <> 1`),
        0,
        'every counter is exactly 1',
      );
      assert.equal(
        await count(sql.type(countSchema)`
        SELECT count(*)::int AS count FROM events
        WHERE event_id NOT IN (SELECT event_id FROM event_counters)`),
        0,
        'every stored event was applied',
      );
      assert.equal(await count(sql.type(countSchema)`SELECT count(*)::int AS count FROM consumer_dead_letters`), 0);
    } catch (error) {
      console.error(childOutput.join(''));
      console.error('last observed state', lastState);
      const missing = await describeMissingEvents(environment.nc, environment.pool).catch(String);
      console.error('events missing from the stream', JSON.stringify(missing, null, 1));
      throw error;
    }
  },
);
