import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { assertSchemaName } from './pool';

export interface Migration {
  /** Unique and sortable, e.g. `001_users.sql`; library migrations carry a prefix (`eventstore_001`). */
  name: string;
  sql: string;
}

/** Reads `NNN_name.sql` files of a folder in name order. */
export async function loadMigrations(directory: string): Promise<Migration[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => ({ name: file, sql: await readFile(path.join(directory, file), 'utf8') })),
  );
}

/**
 * Applies the migrations not yet applied, each in its own transaction, under an advisory lock so that
 * replicas starting together do not race. Returns the names applied now.
 * Uses a plain pg client: migration files hold several statements, which slonik refuses by design.
 */
export async function migrate(url: string, schema: string, migrations: readonly Migration[]): Promise<string[]> {
  assertSchemaName(schema);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  const lockKey = `labline-migrate:${schema}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`SET search_path TO "${schema}", public`);
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
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
