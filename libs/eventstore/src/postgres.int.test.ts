import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { createDatabasePool, migrate, sql, type DatabasePool } from '@labline/db';
import { createTestDatabase, waitFor, type TestDatabase } from '@labline/testkit';
import { z } from 'zod';
import { runEventStoreContract, type OpenTransaction } from './contract';
import { eventStoreMigrations } from './migrations';
import { createPostgresEventStore, type PostgresEventStore } from './postgres';
import { ConcurrencyError, NO_CONCURRENCY_CHECK, START_OF_ALL, type AppendMetadata } from './types';

const SCHEMA = 'eventstore_test';
const METADATA: AppendMetadata = { actor: { userId: null, role: null, institutionId: null }, correlationId: 'test' };

class RolledBack extends Error {}

/** A slonik transaction held open on its own pool connection until commit() or rollback(). */
function openTransaction(pool: DatabasePool): Promise<OpenTransaction> {
  return new Promise((resolveOpen, rejectOpen) => {
    let decide: (commit: boolean) => void = () => undefined;
    const decision = new Promise<boolean>((resolve) => (decide = resolve));
    const finished = pool.transaction(async (transaction) => {
      resolveOpen({
        transaction,
        commit: async () => {
          decide(true);
          await finished;
        },
        rollback: async () => {
          decide(false);
          await finished.catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error;
          });
        },
      });
      if (!(await decision)) throw new RolledBack();
    });
    finished.catch(rejectOpen);
  });
}

async function startDatabase(): Promise<{ database: TestDatabase; pool: DatabasePool }> {
  const database = await createTestDatabase('eventstore_test');
  await migrate(database.url, SCHEMA, eventStoreMigrations);
  const pool = await createDatabasePool({ url: database.url, schema: SCHEMA });
  return { database, pool };
}

runEventStoreContract('postgres', async () => {
  const { database, pool } = await startDatabase();
  return {
    store: createPostgresEventStore({ pool }),
    openTransaction: () => openTransaction(pool),
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
});

describe('Postgres event store: readAll order across a power of ten', () => {
  const powerOfTenSchema = z.object({ transaction_id: z.string() });

  test('transaction ids order as numbers (9999 before 10000), so a relay paging by checkpoint skips nothing', async () => {
    const { database, pool } = await startDatabase();
    try {
      const store = createPostgresEventStore({ pool });
      // Two committed transaction ids either side of the largest power of ten below the server's current one, so
      // both are older than every running transaction and readAll may return them.
      const current = BigInt(
        await pool.oneFirst(sql.type(powerOfTenSchema)`SELECT pg_current_xact_id()::text AS transaction_id`),
      );
      const power = 10n ** BigInt(current.toString().length - 1);
      assert.ok(power >= 10n, `the server's transaction id ${current} is past 10`);
      const insert = (transactionId: bigint, stream: string) =>
        pool.query(sql.unsafe`
          INSERT INTO events (transaction_id, event_id, stream, version, type, data, actor, correlation_id)
          VALUES (${transactionId.toString()}::xid8, ${randomUUID()}, ${stream}, 0, 'Happened', '{}', '{}', 'test')`);
      // Inserted in the opposite order, so global_position alone would also put them the wrong way round.
      await insert(power, 'at-power');
      await insert(power - 1n, 'below-power');

      assert.deepEqual(
        (await store.readAll()).map((event) => [event.stream, event.checkpoint.transactionId]),
        [
          ['below-power', (power - 1n).toString()],
          ['at-power', power.toString()],
        ],
      );
      const [first] = await store.readAll({ maxCount: 1 });
      assert.equal(first?.stream, 'below-power');
      const next = await store.readAll({ after: first!.checkpoint, maxCount: 1 });
      assert.deepEqual(
        next.map((event) => event.stream),
        ['at-power'],
      );
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});

describe('Postgres event store', () => {
  let database: TestDatabase;
  let pool: DatabasePool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    ({ database, pool } = await startDatabase());
    store = createPostgresEventStore({ pool });
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });
  const appendOne = (stream: string, expected = NO_CONCURRENCY_CHECK as number | typeof NO_CONCURRENCY_CHECK) =>
    store.appendToStream(stream, [{ type: 'Happened', data: { at: stream } }], {
      metadata: METADATA,
      expectedStreamVersion: expected,
    });

  test('an append blocked on the unique (stream, version) by a concurrent one becomes ConcurrencyError', async () => {
    const stream = `race-${randomUUID()}`;
    await appendOne(stream);
    const first = await openTransaction(pool);
    await store.appendToStream(stream, [{ type: 'First', data: {} }], {
      metadata: METADATA,
      expectedStreamVersion: 0,
      transaction: first.transaction,
    });
    // The second append passes the version check (the first is uncommitted) and waits on the unique index.
    const second = appendOne(stream, 0);
    second.catch(() => undefined);
    try {
      await waitFor(
        () =>
          pool.exists(sql.unsafe`
            SELECT 1 FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'
              AND position('INSERT INTO events' in query) > 0`),
        { description: 'the second append to wait on the unique index' },
      );
    } finally {
      await first.commit();
    }
    await assert.rejects(second, (error: unknown) => error instanceof ConcurrencyError && error.actual === 1);
    assert.deepEqual(
      (await store.readStream(stream)).map((event) => event.type),
      ['Happened', 'First'],
    );
  });

  test('readAll orders by transaction id: an older transaction that appends later still comes first', async () => {
    const start = (await store.readAll()).at(-1)?.checkpoint ?? START_OF_ALL;
    const [olderStream, youngerStream] = [`older-${randomUUID()}`, `younger-${randomUUID()}`];
    const older = await openTransaction(pool);
    await older.transaction.query(sql.unsafe`SELECT pg_current_xact_id()`);
    try {
      const younger = await appendOne(youngerStream);
      const olderResult = await store.appendToStream(olderStream, [{ type: 'Late', data: {} }], {
        metadata: METADATA,
        transaction: older.transaction,
      });
      assert.ok(olderResult.events[0]!.globalPosition > younger.events[0]!.globalPosition);
      assert.deepEqual(
        (await store.readAll({ after: start })).filter((event) => event.stream === youngerStream),
        [],
      );
    } finally {
      await older.commit();
    }
    const read = await waitFor(async () => {
      const events = (await store.readAll({ after: start })).filter((event) =>
        [olderStream, youngerStream].includes(event.stream),
      );
      return events.length === 2 ? events : null;
    });
    assert.deepEqual(
      read.map((event) => event.stream),
      [olderStream, youngerStream],
    );
  });

  test('signals appends after commit, never for a rolled-back one', async () => {
    let signals = 0;
    const unsubscribe = store.onAppended(() => (signals += 1));
    try {
      await appendOne(`signal-${randomUUID()}`);
      assert.equal(signals, 1);
      const joined = await openTransaction(pool);
      await store.appendToStream(`signal-${randomUUID()}`, [{ type: 'Joined', data: {} }], {
        metadata: METADATA,
        transaction: joined.transaction,
      });
      assert.equal(signals, 1, 'not before the joined transaction commits');
      await joined.commit();
      assert.equal(signals, 2);
      const abandoned = await openTransaction(pool);
      await store.appendToStream(`signal-${randomUUID()}`, [{ type: 'Abandoned', data: {} }], {
        metadata: METADATA,
        transaction: abandoned.transaction,
      });
      await abandoned.rollback();
      assert.equal(signals, 2);
    } finally {
      unsubscribe();
    }
  });

  test('the events table is append-only', async () => {
    const stream = `immutable-${randomUUID()}`;
    await appendOne(stream);
    await assert.rejects(
      pool.query(sql.unsafe`UPDATE events SET type = 'Forged' WHERE stream = ${stream}`),
      /append-only/,
    );
    await assert.rejects(pool.query(sql.unsafe`DELETE FROM events WHERE stream = ${stream}`), /append-only/);
  });

  test('stores metadata in columns the audit queries use', async () => {
    const stream = `audit-${randomUUID()}`;
    await store.appendToStream(stream, [{ type: 'Audited', data: { secret: 'x' } }], {
      metadata: {
        actor: { userId: 3, role: 'super_admin', institutionId: 9 },
        correlationId: `request-${stream}`,
        causationId: 'cause',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      },
    });
    const row = await pool.one(
      sql.type(z.object({ user_id: z.string(), causation_id: z.string(), transaction_id: z.string() }))`
        SELECT actor->>'userId' AS user_id, causation_id, transaction_id::text AS transaction_id
        FROM events WHERE correlation_id = ${`request-${stream}`}`,
    );
    assert.equal(row.user_id, '3');
    assert.equal(row.causation_id, 'cause');
    assert.match(row.transaction_id, /^\d+$/);
  });

  test('a closed store refuses work', async () => {
    const closable = createPostgresEventStore({ pool });
    await closable.close();
    await assert.rejects(closable.readAll(), /closed/);
  });
});
