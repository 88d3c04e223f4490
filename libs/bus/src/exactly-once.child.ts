/**
 * The processes of the exactly-once kill test (exactly-once.int.test.ts), one role each, so the test can
 * SIGKILL them like a crashed pod: `node --import tsx exactly-once.child.ts writer|relay|consumer`.
 * Configuration comes from the environment the test sets.
 */
import { createDatabasePool, sql } from '@labline/db';
import { createPostgresEventStore, NO_CONCURRENCY_CHECK } from '@labline/eventstore';
import { createLogger } from '@labline/telemetry';
import { connect } from 'nats';
import { startConsumer } from './consumer';
import { KILL_TEST_ACK_WAIT_MS, KILL_TEST_DURABLE, KILL_TEST_FILTER } from './exactly-once.fixture';
import { startRelay } from './relay';
import { TEST_SCHEMA } from './test-environment';

const role = process.argv[2];
const databaseUrl = process.env.KILL_TEST_DATABASE_URL;
const natsUrl = process.env.KILL_TEST_NATS_URL;
const totalEvents = Number(process.env.KILL_TEST_EVENTS ?? 0);
const logger = createLogger(`kill-test-${role}`, process.env.LOG_LEVEL ?? 'warn');

if (!databaseUrl || !natsUrl) throw new Error('KILL_TEST_DATABASE_URL and KILL_TEST_NATS_URL are required');

const pool = await createDatabasePool({ url: databaseUrl, schema: TEST_SCHEMA, applicationName: `kill-test-${role}` });

async function write(): Promise<void> {
  const store = createPostgresEventStore({ pool });
  const writers = 4;
  let reserved = 0;
  // Concurrent writers, so commits land out of position order and readAll's gap handling is exercised.
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let round = 0; reserved < totalEvents; round += 1) {
        const count = Math.min(1 + (round % 3), totalEvents - reserved);
        reserved += count;
        await store.appendToStream(
          `counter-${writer}x${round % 25}`,
          Array.from({ length: count }, (_, index) => ({ type: 'Incremented', data: { writer, round, index } })),
          {
            expectedStreamVersion: NO_CONCURRENCY_CHECK,
            metadata: { actor: { userId: null, role: null, institutionId: null }, correlationId: `writer-${writer}` },
          },
        );
        await new Promise((resolve) => setTimeout(resolve, 8));
      }
    }),
  );
  await pool.end();
}

async function serve(): Promise<void> {
  const nc = await connect({ servers: natsUrl, reconnectTimeWait: 100 });
  let stop: () => Promise<void>;
  if (role === 'relay') {
    const store = createPostgresEventStore({ pool });
    const relay = startRelay({
      store,
      pool,
      nc,
      service: 'clinical',
      batchSize: 50,
      pollIntervalMs: 50,
      standbyRetryMs: 100,
      logger,
    });
    stop = () => relay.stop();
  } else {
    const consumer = await startConsumer({
      nc,
      pool,
      durableName: KILL_TEST_DURABLE,
      filterSubjects: [KILL_TEST_FILTER],
      maxDeliver: 50,
      backoffMs: [KILL_TEST_ACK_WAIT_MS, KILL_TEST_ACK_WAIT_MS],
      logger,
      handle: async (event, transaction) => {
        await transaction.query(sql.unsafe`INSERT INTO applied_events (event_id) VALUES (${event.id})`);
        await transaction.query(sql.unsafe`
          INSERT INTO event_counters (event_id, applied_count) VALUES (${event.id}, 1)
          ON CONFLICT (event_id) DO UPDATE SET applied_count = event_counters.applied_count + 1`);
      },
    });
    stop = () => consumer.stop();
  }
  process.once('SIGTERM', () => {
    void (async () => {
      await stop();
      await nc.close();
      await pool.end();
      process.exit(0);
    })();
  });
}

if (role === 'writer') await write();
else if (role === 'relay' || role === 'consumer') await serve();
else throw new Error(`Unknown role ${role}`);
