/** What the bus's integration tests share: a fresh database and a private NATS server per environment. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabasePool, migrate, type DatabasePool, type Migration } from '@labline/db';
import { createPostgresEventStore, eventStoreMigrations, type PostgresEventStore } from '@labline/eventstore';
import { createTestDatabase, findOrStartNats, freePort, type StartedInfra, type TestDatabase } from '@labline/testkit';
import { connect, type NatsConnection } from 'nats';
import { busMigrations } from './migrations';

export const TEST_SCHEMA = 'bus_test';

export interface BusTestEnvironment {
  database: TestDatabase;
  pool: DatabasePool;
  store: PostgresEventStore;
  natsUrl: string;
  nc: NatsConnection;
  /** Stops and starts the NATS server on the same port and storage: a connection hiccup for every client. */
  restartNats(): Promise<void>;
  close(): Promise<void>;
}

export async function startBusTestEnvironment(extraMigrations: Migration[] = []): Promise<BusTestEnvironment> {
  const database = await createTestDatabase('bus_test');
  await migrate(database.url, TEST_SCHEMA, [...eventStoreMigrations, ...busMigrations, ...extraMigrations]);
  const pool = await createDatabasePool({ url: database.url, schema: TEST_SCHEMA });
  // A private server: its streams and durable consumers cannot meet another run's.
  const natsOptions = {
    isolated: true,
    port: await freePort(),
    storeDir: await mkdtemp(path.join(os.tmpdir(), 'labline-bus-')),
  };
  let nats: StartedInfra = await findOrStartNats(natsOptions);
  const nc = await connect({ servers: nats.url, reconnectTimeWait: 100, maxReconnectAttempts: -1 });
  const store = createPostgresEventStore({ pool });
  return {
    database,
    pool,
    store,
    natsUrl: nats.url,
    nc,
    async restartNats() {
      if (nats.source !== 'started') throw new Error('restartNats needs the nats-server binary');
      await nats.stop();
      nats = await findOrStartNats(natsOptions);
    },
    async close() {
      await store.close();
      await nc.close();
      await nats.stop();
      await rm(natsOptions.storeDir, { recursive: true, force: true });
      await pool.end();
      await database.drop();
    },
  };
}
