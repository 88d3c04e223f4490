import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { assertSchemaName } from './pool';
import { grantApplicationPrivileges, provisionWith, serviceRoles, type ProvisionOptions } from './roles';

export interface Migration {
  /** Unique and sortable, e.g. `001_users.sql`; library migrations carry a prefix (`eventstore_001`). */
  name: string;
  sql: string;
  /** Tables of this migration the application role may read and insert into but never update or delete. */
  appendOnlyTables?: readonly string[];
}

/** Reads `NNN_name.sql` files of a folder in name order. */
export async function loadMigrations(directory: string): Promise<Migration[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => ({ name: file, sql: await readFile(path.join(directory, file), 'utf8') })),
  );
}

/**
 * Creating an extension in public takes more than the schema's owner holds, so a migration's
 * `CREATE EXTENSION IF NOT EXISTS` runs first from the admin connection; the owner's run then finds it there.
 */
const EXTENSION_STATEMENT = /CREATE\s+EXTENSION\s+IF\s+NOT\s+EXISTS\s[^;]+/gi;

/**
 * Provisions the service's roles (roles.ts) and applies the migrations not yet applied as the schema's
 * owner, each in its own transaction, then gives the application role its privileges; all under an advisory
 * lock so that replicas starting together do not race. `url` is the admin connection. Returns the names
 * applied now. Uses a plain pg client: migration files hold several statements, which slonik refuses by design.
 */
export async function migrate(
  url: string,
  schema: string,
  migrations: readonly Migration[],
  options: ProvisionOptions = {},
): Promise<string[]> {
  assertSchemaName(schema);
  const roles = serviceRoles(schema);
  const owner = pg.escapeIdentifier(roles.owner);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  const lockKey = `labline-migrate:${schema}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    await provisionWith(client, schema, options);
    await client.query(`SET ROLE ${owner}`);
    await client.query(`SET search_path TO ${pg.escapeIdentifier(schema)}, public`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
    );
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await client.query('BEGIN');
      try {
        const extensions = migration.sql.match(EXTENSION_STATEMENT) ?? [];
        if (extensions.length > 0) {
          await client.query('RESET ROLE');
          for (const statement of extensions) await client.query(statement);
          await client.query(`SET ROLE ${owner}`);
        }
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    await grantApplicationPrivileges(
      client,
      schema,
      migrations.flatMap((migration) => migration.appendOnlyTables ?? []),
    );
  } finally {
    await client.query('RESET ROLE').catch(() => undefined);
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
