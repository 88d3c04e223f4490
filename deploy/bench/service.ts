/**
 * A service for a list benchmark, as start-up builds it: its migrations on a fresh database, its pool signed in as
 * its application role, the bulk load through the admin connection (an operator's job), then its app listening on
 * loopback with test keys for real signed tokens. Everything is closed and the database dropped afterwards.
 */
import { createDatabasePool, openServiceDatabase, type DatabasePool } from '@labline/db';
import { createPostgresEventStore } from '@labline/eventstore';
import type { EventSchemaMap } from '@labline/contracts';
import {
  buildInProcess,
  serviceMigrations,
  type BaseServiceConfig,
  type ServiceDefinition,
} from '@labline/service-kit';
import { createTestDatabase, createTestKeys, type TestKeys } from '@labline/testkit';

export interface BenchService {
  /** The app's base URL on loopback. */
  address: string;
  keys: TestKeys;
  /** The service's own pool (its application role). */
  pool: DatabasePool;
}

export async function withBenchService<C extends BaseServiceConfig, M extends EventSchemaMap, R, T>(
  // The benchmarks' services all take the kit's default resources (identity's keys).
  definition: ServiceDefinition<C, M, R>,
  options: {
    database: string;
    /** The bulk load before the app starts: `loader` is the admin connection, `pool` the service's. */
    load(parts: { loader: DatabasePool; pool: DatabasePool }): Promise<void>;
  },
  run: (service: BenchService) => Promise<T>,
): Promise<T> {
  const database = await createTestDatabase(options.database);
  try {
    const pool = await openServiceDatabase({
      url: database.url,
      schema: definition.name,
      migrations: await serviceMigrations(definition),
    });
    const store = createPostgresEventStore({ pool });
    try {
      const loader = await createDatabasePool({ url: database.url, schema: definition.name });
      try {
        await options.load({ loader, pool });
      } finally {
        await loader.end();
      }
      const keys = await createTestKeys();
      const { app } = await buildInProcess(definition, {
        env: { DATABASE_URL: database.url, IDENTITY_JWKS_URL: `${database.url}/unused` },
        pool,
        store,
        resources: { keys: { jwks: keys.jwks } } as R,
      });
      try {
        const address = await app.listen({ port: 0, host: '127.0.0.1' });
        return await run({ address, keys, pool });
      } finally {
        await app.close();
      }
    } finally {
      await store.close();
      await pool.end();
    }
  } finally {
    await database.drop();
  }
}
