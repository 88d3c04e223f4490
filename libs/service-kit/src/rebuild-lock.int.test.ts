/**
 * Two replicas rebuilding one projection at once (two starting with its new version, or one starting while
 * `npm run projections:rebuild` runs): each rebuild prepares the projection's shadow schema by dropping and
 * recreating it, so without the rebuild lock the second one's prepare empties the first one's copies midway,
 * both fill the same copies and one swap finds them gone. With the lock they run one after the other.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SYSTEM_ACTOR } from '@labline/contracts';
import { openServiceDatabase, serviceRoles, sql, type DatabasePool } from '@labline/db';
import { createPostgresEventStore, eventStoreMigrations, NO_CONCURRENCY_CHECK } from '@labline/eventstore';
import { createTestDatabase, testPostgres, waitFor, withAdminClient, type TestDatabase } from '@labline/testkit';
import { notesProjection as baseNotes } from './notes.fixture';
import { projectionInitMigrations, type Projection } from './projection';
import { eventStoreSource, projectionMigrations, rebuildProjection, type RebuildSource } from './rebuild';

// Its apply is not idempotent: two rebuilds filling the same copies fail on the key.
const notesProjection: Projection = { ...baseNotes, version: 2 };

const schema = `notes_lock_${randomBytes(4).toString('hex')}`;
let database: TestDatabase;
let replicas: DatabasePool[];

beforeAll(async () => {
  database = await createTestDatabase('rebuild_lock_test');
  const migrations = [...eventStoreMigrations, ...projectionMigrations, ...projectionInitMigrations([baseNotes])];
  replicas = [
    await openServiceDatabase({ url: database.url, schema, migrations }),
    await openServiceDatabase({ url: database.url, schema, migrations }),
  ];
  const store = createPostgresEventStore({ pool: replicas[0]! });
  for (const id of [1, 2, 3]) {
    await store.appendToStream(`note-${id}`, [{ type: 'NoteWritten', data: { body: `body ${id}` } }], {
      expectedStreamVersion: NO_CONCURRENCY_CHECK,
      metadata: { actor: SYSTEM_ACTOR, correlationId: 'test' },
    });
  }
  await store.close();
});
afterAll(async () => {
  for (const pool of replicas) await pool.end();
  await database.drop();
  await withAdminClient((await testPostgres()).url, async (client) => {
    const roles = serviceRoles(schema);
    await client.query(`DROP ROLE IF EXISTS "${roles.application}", "${roles.owner}"`);
  });
});

/** Whether some session waits for an advisory lock (a rebuild queued behind another). */
const someoneWaitsForALock = (db: DatabasePool) =>
  db.oneFirst(sql.unsafe`SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted)`);

/**
 * Each replica's source: its bulk replay starts only once the other replica's rebuild has prepared too (it is
 * replaying) or waits for the lock, so the two overlap as much as the lock lets them.
 */
function overlappingSources(pool: DatabasePool): RebuildSource<unknown>[] {
  const replaying = [false, false];
  const store = createPostgresEventStore({ pool });
  return [0, 1].map((index) => {
    const inner = eventStoreSource(store) as RebuildSource<unknown>;
    return {
      start: inner.start,
      async replay(after, apply, mode) {
        if (mode === 'bulk') {
          replaying[index] = true;
          await waitFor(async () => replaying[1 - index] || (await someoneWaitsForALock(pool)), {
            description: 'the other rebuild to replay or wait for the lock',
          });
        }
        return inner.replay(after, apply, mode);
      },
    };
  });
}

const rows = (db: DatabasePool) => db.any(sql.unsafe`SELECT id, body FROM notes ORDER BY id`);
const expected = [1, 2, 3].map((id) => ({ id: `note-${id}`, body: `body ${id}` }));

describe('projection rebuild lock', () => {
  it('lets two replicas rebuild one projection at once: both finish, one after the other', async () => {
    const [first, second] = replicas as [DatabasePool, DatabasePool];
    await first.query(sql.unsafe`INSERT INTO notes (id, body) VALUES ('stale', 'not from an event')`);
    const sources = overlappingSources(first);
    const outcomes = await Promise.allSettled([
      rebuildProjection(first, notesProjection, sources[0]!),
      rebuildProjection(second, notesProjection, sources[1]!),
    ]);
    assert.deepEqual(
      outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.events : String(outcome.reason))),
      [3, 3],
    );
    assert.deepEqual(await rows(first), expected);
    assert.deepEqual(await rows(second), expected);
  });

  it('skips a start-up rebuild that another replica finished while this one waited for the lock', async () => {
    const [first, second] = replicas as [DatabasePool, DatabasePool];
    const next = { ...notesProjection, version: notesProjection.version + 1 };
    const sources = overlappingSources(first);
    const outcomes = await Promise.all([
      rebuildProjection(first, next, sources[0]!, { onlyWhenOutdated: true }),
      rebuildProjection(second, next, sources[1]!, { onlyWhenOutdated: true }),
    ]);
    assert.deepEqual(outcomes.map((outcome) => outcome?.events ?? null).sort(), [3, null]);
    assert.deepEqual(await rows(second), expected);
  });
});
