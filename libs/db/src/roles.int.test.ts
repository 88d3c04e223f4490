/**
 * Least privilege on a real server: two services in one database, each migrated by its owner and used
 * through its application role, as start-up does. The application role works in its own schema, reads
 * nothing of the other's (identity's signing keys included), never rewrites its events and holds no DDL;
 * provisioning again, or at once from several replicas and databases, changes nothing.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestDatabase, testPostgres, withAdminClient, type TestDatabase } from '@labline/testkit';
import { sql, type DatabasePool } from 'slonik';
import { migrate, type Migration } from './migrate';
import { provisionServiceRoles, serviceRoles } from './roles';
import { openServiceDatabase } from './service-database';

const events: Migration = {
  name: 'test_001_events',
  appendOnlyTables: ['events'],
  sql: `CREATE TABLE events (global_position bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL);`,
};
const clinicalMigrations: Migration[] = [
  events,
  {
    name: 'clinical_001_patients',
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
      CREATE SEQUENCE patient_id_seq;
      CREATE TABLE patients (id integer PRIMARY KEY, name text NOT NULL);
      CREATE INDEX patients_name_trgm_idx ON patients USING gin (name gin_trgm_ops);`,
  },
];
const identityMigrations: Migration[] = [
  events,
  {
    name: 'identity_001_signing_keys',
    sql: `
      CREATE TABLE signing_keys (kid text PRIMARY KEY, private_jwk text NOT NULL);
      INSERT INTO signing_keys VALUES ('key-1', 'the private key');`,
  },
];

const permissionDenied = (object: string) => new RegExp(`permission denied for ${object}|must be owner of ${object}`);
const uniqueSchema = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

let database: TestDatabase;
let clinical: DatabasePool;
let identity: DatabasePool;
/** Roles of the schemas made up for this file, dropped at the end (roles outlive databases). */
const madeUpSchemas: string[] = [];
const extraDatabases: TestDatabase[] = [];

beforeAll(async () => {
  database = await createTestDatabase('db_roles_test');
  clinical = await openServiceDatabase({ url: database.url, schema: 'clinical', migrations: clinicalMigrations });
  identity = await openServiceDatabase({ url: database.url, schema: 'identity', migrations: identityMigrations });
});

afterAll(async () => {
  await clinical.end();
  await identity.end();
  for (const extra of extraDatabases) await extra.drop();
  await database.drop();
  const { url } = await testPostgres();
  await withAdminClient(url, async (client) => {
    for (const schema of madeUpSchemas) {
      const roles = serviceRoles(schema);
      await client.query(`DROP ROLE IF EXISTS "${roles.application}", "${roles.owner}"`);
    }
  });
});

describe('least privilege', () => {
  it('signs the pool in as the application role, with the migrations run by the owner', async () => {
    const who = await clinical.one(sql.unsafe`
      SELECT current_user::text AS role,
             array(SELECT DISTINCT tableowner::text FROM pg_tables WHERE schemaname = 'clinical') AS owners`);
    assert.deepEqual(who, { role: 'clinical_app', owners: ['clinical_owner'] });
  });

  it('reads and writes its own tables, takes ids from its sequences and appends to its events', async () => {
    const id = Number(await clinical.oneFirst(sql.unsafe`SELECT nextval('patient_id_seq')::int AS id`));
    await clinical.query(sql.unsafe`INSERT INTO patients (id, name) VALUES (${id}, 'Amelia Thompson')`);
    await clinical.query(sql.unsafe`UPDATE patients SET name = 'Amy Thompson' WHERE id = ${id}`);
    const found = await clinical.anyFirst(sql.unsafe`SELECT name FROM patients WHERE name % 'Amy Thomson'`);
    assert.deepEqual(found, ['Amy Thompson']);
    await clinical.query(sql.unsafe`DELETE FROM patients WHERE id = ${id}`);
    await clinical.query(sql.unsafe`INSERT INTO events (stream, data) VALUES ('patient-1', '{}')`);
    assert.equal(await clinical.oneFirst(sql.unsafe`SELECT count(*)::int AS count FROM events`), 1);
  });

  it("cannot read another service's tables: identity's signing keys are out of clinical's reach", async () => {
    await assert.rejects(
      clinical.query(sql.unsafe`SELECT private_jwk FROM identity.signing_keys`),
      permissionDenied('schema identity'),
    );
    await assert.rejects(
      clinical.query(sql.unsafe`SELECT count(*) FROM identity.events`),
      permissionDenied('schema identity'),
    );
    await assert.rejects(clinical.query(sql.unsafe`SET ROLE identity_app`), /permission denied to set role/);
    // The way back is closed too.
    await assert.rejects(
      identity.query(sql.unsafe`SELECT * FROM clinical.patients`),
      permissionDenied('schema clinical'),
    );
  });

  it('cannot update, delete or truncate its stored events', async () => {
    await identity.query(sql.unsafe`INSERT INTO events (stream, data) VALUES ('user-1', '{"v": 1}')`);
    await assert.rejects(identity.query(sql.unsafe`UPDATE events SET data = '{}'`), permissionDenied('table events'));
    await assert.rejects(identity.query(sql.unsafe`DELETE FROM events`), permissionDenied('table events'));
    await assert.rejects(identity.query(sql.unsafe`TRUNCATE events`), permissionDenied('table events'));
    assert.equal(await identity.oneFirst(sql.unsafe`SELECT count(*)::int AS count FROM events`), 1);
  });

  it('holds no DDL and no say over the migrations', async () => {
    await assert.rejects(clinical.query(sql.unsafe`CREATE TABLE notes (id int)`), permissionDenied('schema clinical'));
    await assert.rejects(clinical.query(sql.unsafe`DROP TABLE patients`), permissionDenied('table patients'));
    await assert.rejects(
      clinical.query(sql.unsafe`ALTER TABLE events DISABLE TRIGGER ALL`),
      permissionDenied('table events'),
    );
    await assert.rejects(
      clinical.query(sql.unsafe`SELECT * FROM schema_migrations`),
      permissionDenied('table schema_migrations'),
    );
    await assert.rejects(
      clinical.query(sql.unsafe`SELECT setval('patient_id_seq', 1)`),
      permissionDenied('sequence patient_id_seq'),
    );
  });

  it('gives tables of a later migration the same privileges, the append-only ones read and insert only', async () => {
    const later: Migration[] = [
      ...clinicalMigrations,
      { name: 'clinical_002_notes', sql: 'CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL);' },
      {
        name: 'clinical_003_audit',
        appendOnlyTables: ['audit'],
        sql: 'CREATE TABLE audit (id int PRIMARY KEY);',
      },
    ];
    assert.deepEqual(await migrate(database.url, 'clinical', later), ['clinical_002_notes', 'clinical_003_audit']);
    await clinical.query(sql.unsafe`INSERT INTO notes VALUES (1, 'first')`);
    await clinical.query(sql.unsafe`DELETE FROM notes`);
    await clinical.query(sql.unsafe`INSERT INTO audit VALUES (1)`);
    await assert.rejects(clinical.query(sql.unsafe`DELETE FROM audit`), permissionDenied('table audit'));
  });

  it('provisions again, from several replicas and databases at once, without harm', async () => {
    const schema = uniqueSchema('roles_race');
    madeUpSchemas.push(schema);
    const others = await Promise.all([createTestDatabase('db_roles_race'), createTestDatabase('db_roles_race')]);
    extraDatabases.push(...others);
    // The roles are new: two databases race to create them, three replicas race within each database.
    const starts = others.flatMap((other) => [1, 2, 3].map(() => migrate(other.url, schema, clinicalMigrations)));
    const applied = await Promise.all(starts);
    assert.equal(applied.filter((names) => names.length > 0).length, 2, 'one replica per database migrates');
    await Promise.all([
      provisionServiceRoles(database.url, 'clinical'),
      provisionServiceRoles(database.url, 'clinical'),
    ]);
    // A replica of an older version, which knows fewer migrations, widens nothing a newer one narrowed.
    assert.deepEqual(await migrate(database.url, 'clinical', clinicalMigrations), []);
    await assert.rejects(clinical.query(sql.unsafe`DELETE FROM audit`), permissionDenied('table audit'));

    const pool = await openServiceDatabase({ url: others[0]!.url, schema, migrations: clinicalMigrations });
    try {
      await pool.query(sql.unsafe`INSERT INTO events (stream, data) VALUES ('patient-1', '{}')`);
      await assert.rejects(pool.query(sql.unsafe`DELETE FROM events`), permissionDenied('table events'));
    } finally {
      await pool.end();
    }
    // Still the same after all of that.
    await assert.rejects(clinical.query(sql.unsafe`UPDATE events SET data = '{}'`), permissionDenied('table events'));
  });

  it('adopts a schema that the admin created before the roles existed', async () => {
    const schema = uniqueSchema('roles_legacy');
    madeUpSchemas.push(schema);
    await withAdminClient(database.url, async (client) => {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`SET search_path TO ${schema}, public`);
      await client.query(
        `CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      for (const migration of clinicalMigrations) {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      }
      await client.query(`CREATE FUNCTION answer() RETURNS int LANGUAGE sql AS 'SELECT 42'`);
    });
    const pool = await openServiceDatabase({ url: database.url, schema, migrations: clinicalMigrations });
    try {
      const owners = await pool.anyFirst(sql.unsafe`
        SELECT pg_get_userbyid(c.relowner)::text AS owner FROM pg_class c WHERE c.relnamespace = ${schema}::regnamespace
        UNION SELECT pg_get_userbyid(p.proowner)::text FROM pg_proc p WHERE p.pronamespace = ${schema}::regnamespace
        UNION SELECT pg_get_userbyid(n.nspowner)::text FROM pg_namespace n WHERE n.nspname = ${schema}`);
      assert.deepEqual(owners, [`${schema}_owner`]);
      await pool.query(sql.unsafe`INSERT INTO patients VALUES (nextval('patient_id_seq'), 'Grace')`);
      assert.equal(await pool.oneFirst(sql.unsafe`SELECT answer() AS answer`), 42);
      await assert.rejects(pool.query(sql.unsafe`DELETE FROM events`), permissionDenied('table events'));
    } finally {
      await pool.end();
    }
  });
});
