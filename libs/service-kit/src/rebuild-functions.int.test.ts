/**
 * The rebuild's functions run with the schema owner's rights for the application role, so they must do
 * nothing else: only `rebuild_*` schemas, only tables the caller could empty and refill anyway. The events
 * (append-only), the migrations' bookkeeping and another service's tables are refused; a real rebuild
 * through the application role works and leaves the new tables with the old ones' privileges.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SYSTEM_ACTOR } from '@labline/contracts';
import { openServiceDatabase, serviceRoles, sql, type DatabasePool } from '@labline/db';
import { createPostgresEventStore, eventStoreMigrations, NO_CONCURRENCY_CHECK } from '@labline/eventstore';
import { createTestDatabase, testPostgres, withAdminClient, type TestDatabase } from '@labline/testkit';
import { notesProjection } from './notes.fixture';
import { projectionInitMigrations } from './projection';
import { eventStoreSource, projectionMigrations, rebuildProjection } from './rebuild';

// Schemas of this file only, so that their roles (which outlive the database) can be dropped at the end.
const suffix = randomBytes(4).toString('hex');
const own = `notes_${suffix}`;
const theirs = `others_${suffix}`;
let database: TestDatabase;
let pool: DatabasePool;
let other: DatabasePool;

beforeAll(async () => {
  database = await createTestDatabase('rebuild_functions_test');
  const migrations = [...eventStoreMigrations, ...projectionMigrations, ...projectionInitMigrations([notesProjection])];
  pool = await openServiceDatabase({ url: database.url, schema: own, migrations });
  other = await openServiceDatabase({ url: database.url, schema: theirs, migrations });
});
afterAll(async () => {
  await pool.end();
  await other.end();
  await database.drop();
  await withAdminClient((await testPostgres()).url, async (client) => {
    for (const roles of [serviceRoles(own), serviceRoles(theirs)]) {
      await client.query(`DROP ROLE IF EXISTS "${roles.application}", "${roles.owner}"`);
    }
  });
});

const prepare = (db: DatabasePool, shadow: string, tables: string[]) =>
  db.query(sql.unsafe`SELECT projection_rebuild_prepare(${shadow}, ${sql.array(tables, 'text')})`);
const swap = (db: DatabasePool, shadow: string, tables: string[]) =>
  db.query(sql.unsafe`SELECT projection_rebuild_swap(${shadow}, ${sql.array(tables, 'text')})`);

describe('projection rebuild functions', () => {
  it('refuse the append-only events and the migrations, whose rows the application role may not delete', async () => {
    await assert.rejects(
      prepare(pool, 'rebuild_events', ['events']),
      new RegExp(`a rebuild may not replace ${own}\\.events`),
    );
    await assert.rejects(
      swap(pool, 'rebuild_events', ['events']),
      new RegExp(`a rebuild may not replace ${own}\\.events`),
    );
    await assert.rejects(prepare(pool, 'rebuild_x', ['schema_migrations']), /may not replace/);
    // Nor directly: the event store's own migration marks its events append-only.
    await assert.rejects(pool.query(sql.unsafe`DELETE FROM events`), /permission denied for table events/);
    await assert.rejects(pool.query(sql.unsafe`UPDATE events SET type = type`), /permission denied for table events/);
  });

  it('work in rebuild_* schemas only, and never on a schema another role owns', async () => {
    await assert.rejects(prepare(pool, theirs, ['notes']), /not a rebuild schema/);
    await assert.rejects(prepare(pool, 'public', ['notes']), /not a rebuild schema/);
    await prepare(other, 'rebuild_theirs', ['notes']);
    await assert.rejects(prepare(pool, 'rebuild_theirs', ['notes']), /must be owner of schema rebuild_theirs/);
    await other.query(sql.unsafe`SELECT projection_rebuild_discard('rebuild_theirs')`);
  });

  it('rebuild a projection through the application role, keeping its privileges on the new tables', async () => {
    const store = createPostgresEventStore({ pool });
    try {
      await store.appendToStream('note-1', [{ type: 'NoteWritten', data: { body: 'first' } }], {
        expectedStreamVersion: NO_CONCURRENCY_CHECK,
        metadata: { actor: SYSTEM_ACTOR, correlationId: 'test' },
      });
      await pool.query(sql.unsafe`INSERT INTO notes (id, body) VALUES ('note-1', 'first')`);
      const outcome = await rebuildProjection(pool, notesProjection, eventStoreSource(store));
      assert.equal(outcome.events, 1);
      assert.deepEqual(await pool.anyFirst(sql.unsafe`SELECT body FROM notes`), ['first']);
      await pool.query(sql.unsafe`UPDATE notes SET body = 'edited'`);
      await pool.query(sql.unsafe`DELETE FROM notes`);
      const owner = await pool.oneFirst(sql.unsafe`SELECT tableowner::text FROM pg_tables WHERE tablename = 'notes'
        AND schemaname = ${own}`);
      assert.equal(owner, `${own}_owner`);
    } finally {
      await store.close();
    }
  });
});
