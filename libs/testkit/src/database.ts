import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findOrStartPostgres, type StartedInfra } from './infra';

let server: Promise<StartedInfra> | null = null;

/** The Postgres server of this test process (found once, started at most once). */
export function testPostgres(): Promise<StartedInfra> {
  server ??= findOrStartPostgres();
  return server;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file, so tests never see each other's data. */
export async function createTestDatabase(prefix = 'labline_test'): Promise<TestDatabase> {
  const { url: serverUrl } = await testPostgres();
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`.toLowerCase();
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () =>
      withAdminClient(serverUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
  };
}
