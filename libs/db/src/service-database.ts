import type { DatabasePool } from 'slonik';
import { migrate, type Migration } from './migrate';
import { createDatabasePool } from './pool';
import { passwordOf, serviceDatabaseUrls } from './roles';

export interface ServiceDatabaseOptions {
  /** DATABASE_URL: the application role's connection, or the admin's when no `adminUrl` is given. */
  url: string;
  /** DATABASE_ADMIN_URL: provisioning and migrations. */
  adminUrl?: string | undefined;
  schema: string;
  migrations: readonly Migration[];
  applicationName?: string;
  maximumPoolSize?: number;
}

/**
 * A service's database as its start-up (and every test harness, the same way) prepares it: roles provisioned
 * and migrations applied through the admin connection, then a pool signed in as the application role.
 */
export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<DatabasePool> {
  const urls = serviceDatabaseUrls(options);
  await migrate(urls.admin, options.schema, options.migrations, { applicationPassword: passwordOf(urls.application) });
  return createDatabasePool({
    url: urls.application,
    schema: options.schema,
    applicationName: options.applicationName,
    maximumPoolSize: options.maximumPoolSize,
  });
}
