import { createPool, type DatabasePool } from 'slonik';

export interface DatabaseOptions {
  /** Postgres URL of the service's database. */
  url: string;
  /** The schema the service owns (one database per service in production, a schema each in local dev). */
  schema: string;
  applicationName?: string;
  maximumPoolSize?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  return schema;
}

/** A connection URL whose sessions use the service's schema and never idle inside a transaction for long. */
export function serviceConnectionUrl(options: DatabaseOptions): string {
  const url = new URL(options.url);
  const settings = [
    `-c search_path=${assertSchemaName(options.schema)},public`,
    '-c idle_in_transaction_session_timeout=60000',
  ];
  url.searchParams.set('options', settings.join(' '));
  if (options.applicationName) url.searchParams.set('application_name', options.applicationName);
  return url.toString();
}

export async function createDatabasePool(options: DatabaseOptions): Promise<DatabasePool> {
  return createPool(serviceConnectionUrl(options), {
    maximumPoolSize: options.maximumPoolSize ?? 10,
    captureStackTrace: false,
    // The event-store readers rely on xid8 values and bigint positions arriving as exact strings.
    typeParsers: [
      { name: 'int8', parse: (value) => Number.parseInt(value, 10) },
      { name: 'timestamptz', parse: (value) => new Date(value).toISOString() },
      { name: 'timestamp', parse: (value) => value },
      { name: 'date', parse: (value) => value },
      { name: 'numeric', parse: (value) => Number.parseFloat(value) },
      { name: 'json', parse: (value) => JSON.parse(value) as unknown },
      { name: 'jsonb', parse: (value) => JSON.parse(value) as unknown },
    ],
  });
}
