/**
 * The identity directory creates its own tables (Projection.init), once for every service. A database whose
 * directory tables came from the service's own migrations (before the directory owned them, and without the
 * institutions' address in notifications) upgrades in place: its rows stay and the missing column is added.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openServiceDatabase, serviceRoles, sql, type DatabasePool, type Migration } from '@labline/db';
import {
  createTestDatabase,
  institutionRegisteredData,
  testPostgres,
  withAdminClient,
  type TestDatabase,
} from '@labline/testkit';
import { identityDirectoryProjection } from './identity-directory';
import { projectionInitMigrations } from './projection';

/** The directory's tables as notifications' first migration created them. */
const before: Migration = {
  name: 'test_001_directory',
  sql: `
    CREATE TABLE institutions (id integer PRIMARY KEY, name text NOT NULL, version integer NOT NULL);
    CREATE TABLE users (
      id integer PRIMARY KEY, email text NOT NULL, first_name text NOT NULL, last_name text NOT NULL,
      role text NOT NULL, institution_id integer, clinician_institution_ids integer[] NOT NULL DEFAULT '{}',
      is_active boolean NOT NULL, version integer NOT NULL);
    CREATE TABLE ended_sessions (session_id uuid PRIMARY KEY, user_id integer NOT NULL, ended_at timestamptz NOT NULL);
    CREATE INDEX ended_sessions_ended_at_idx ON ended_sessions (ended_at);
    INSERT INTO institutions (id, name, version) VALUES (1, 'Northwind', 0);`,
};

const suffix = randomBytes(4).toString('hex');
const schemas = { upgraded: `directory_old_${suffix}`, fresh: `directory_new_${suffix}` };
const directory = identityDirectoryProjection({ version: 2 });
let database: TestDatabase;
const pools: DatabasePool[] = [];

beforeAll(async () => {
  database = await createTestDatabase('identity_directory_test');
});
afterAll(async () => {
  for (const pool of pools) await pool.end();
  await database.drop();
  await withAdminClient((await testPostgres()).url, async (client) => {
    for (const schema of Object.values(schemas)) {
      const roles = serviceRoles(schema);
      await client.query(`DROP ROLE IF EXISTS "${roles.application}", "${roles.owner}"`);
    }
  });
});

const open = async (schema: string, migrations: Migration[]) => {
  const pool = await openServiceDatabase({ url: database.url, schema, migrations });
  pools.push(pool);
  return pool;
};

const apply = (pool: DatabasePool, type: string, data: unknown, version: number) =>
  directory.apply(pool, {
    id: randomBytes(16).toString('hex'),
    type,
    stream: 'institution-1',
    version,
    occurredAt: new Date().toISOString(),
    actor: { userId: null, role: null, institutionId: null },
    correlationId: 'test',
    causationId: null,
    traceparent: null,
    data,
  });

describe('the identity directory’s tables', () => {
  it('are created by the projection in a new database', async () => {
    const pool = await open(schemas.fresh, projectionInitMigrations([directory]));
    await apply(pool, 'InstitutionRegistered', institutionRegisteredData(1, 'Northwind', '1 Main St'), 0);
    assert.deepEqual(await pool.any(sql.unsafe`SELECT id, name, address FROM institutions`), [
      { id: 1, name: 'Northwind', address: '1 Main St' },
    ]);
  });

  it('upgrade a database whose migrations created them: rows kept, the address added', async () => {
    await (await open(schemas.upgraded, [before])).end();
    pools.pop();
    const pool = await open(schemas.upgraded, [before, ...projectionInitMigrations([directory])]);
    assert.deepEqual(await pool.any(sql.unsafe`SELECT id, name, address FROM institutions`), [
      { id: 1, name: 'Northwind', address: null },
    ]);
    await apply(pool, 'InstitutionUpdated', institutionRegisteredData(1, 'Northwind', '1 Main St'), 1);
    assert.equal(await pool.oneFirst(sql.unsafe`SELECT address FROM institutions WHERE id = 1`), '1 Main St');
  });
});
