/**
 * A service's database at start-up, and who migrates it (README "Database roles", deploy/README.md):
 * - With DATABASE_ADMIN_URL, or a DATABASE_URL signing in as another role than `<schema>_app` (an admin: the dev
 *   runner, CI, the tests), the service provisions its roles and applies its migrations, then works as
 *   `<schema>_app`.
 * - With a DATABASE_URL that signs in as `<schema>_app` and no admin URL (compose, Kubernetes), the long-running
 *   process holds no admin credential: `--migrate-only` ran before it (a one-shot container, a Job), and the
 *   service only checks that its schema is there.
 */
import {
  createDatabasePool,
  migrate,
  openServiceDatabase,
  passwordOf,
  serviceDatabaseUrls,
  serviceRoles,
  type Migration,
} from '@labline/db';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

const migratedSchema = z.object({ migrated: z.boolean() });

export interface DatabaseSettings {
  DATABASE_URL: string;
  DATABASE_ADMIN_URL?: string | undefined;
}

/** Whether DATABASE_URL is the application role's own connection, with no admin to migrate through. */
export function runsAsApplicationOnly(config: DatabaseSettings, schema: string): boolean {
  if (config.DATABASE_ADMIN_URL) return false;
  return decodeURIComponent(new URL(config.DATABASE_URL).username) === serviceRoles(schema).application;
}

/** `--migrate-only`: provisions the roles and applies the migrations; returns the names applied now. */
export async function migrateDatabase(
  config: DatabaseSettings,
  schema: string,
  migrations: readonly Migration[],
): Promise<string[]> {
  if (runsAsApplicationOnly(config, schema)) {
    throw new Error(
      `--migrate-only needs DATABASE_ADMIN_URL: DATABASE_URL signs in as ${serviceRoles(schema).application}, ` +
        'which may not create roles or tables',
    );
  }
  const urls = serviceDatabaseUrls({ url: config.DATABASE_URL, adminUrl: config.DATABASE_ADMIN_URL, schema });
  return migrate(urls.admin, schema, migrations, { applicationPassword: passwordOf(urls.application) });
}

/** The service's pool as its application role, migrating first where it holds an admin connection. */
export async function openDatabase(
  config: DatabaseSettings,
  schema: string,
  migrations: readonly Migration[],
  applicationName: string,
): Promise<DatabasePool> {
  if (!runsAsApplicationOnly(config, schema)) {
    return openServiceDatabase({
      url: config.DATABASE_URL,
      adminUrl: config.DATABASE_ADMIN_URL,
      schema,
      migrations,
      applicationName,
    });
  }
  const pool = await createDatabasePool({ url: config.DATABASE_URL, schema, applicationName });
  // The application role cannot read the migrations table; its event table tells whether they ran at all.
  const migrated = await pool.oneFirst(
    sql.type(migratedSchema)`SELECT to_regclass(format('%I.events', ${schema}::text)) IS NOT NULL AS migrated`,
  );
  if (!migrated) {
    await pool.end();
    throw new Error(
      `the ${schema} schema has no tables that ${serviceRoles(schema).application} can see: run the image with ` +
        '--migrate-only and DATABASE_ADMIN_URL first (deploy/README.md, "Deploy and upgrade")',
    );
  }
  return pool;
}
