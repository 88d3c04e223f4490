/**
 * The shared contract suite against a real EventStoreDB (or KurrentDB) server, wherever one is reachable:
 * `EVENTSTORE_URL=esdb://localhost:2113?tls=false npx vitest run --project int
 * libs/eventstore/src/eventstoredb.int.test.ts`, or without the variable a container of EVENTSTORE_IMAGE
 * (default eventstore/eventstore:24.10) started with testcontainers where Docker can pull or has the image.
 * Elsewhere the suite is reported as skipped, with a warning, never as passed.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventStoreDBClient } from '@eventstore/db-client';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, describe, test } from 'vitest';
import { runEventStoreContract } from './contract';
import { createEventStoreDbStore } from './eventstoredb/adapter';

const HTTP_PORT = 2113;

async function startServer(): Promise<{ url: string; container?: StartedTestContainer } | { missing: string }> {
  if (process.env.EVENTSTORE_URL) return { url: process.env.EVENTSTORE_URL };
  try {
    const container = await new GenericContainer(process.env.EVENTSTORE_IMAGE ?? 'eventstore/eventstore:24.10')
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
      .withExposedPorts(HTTP_PORT)
      .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCodeMatching((status) => status < 300))
      .withStartupTimeout(120_000)
      .start();
    return { url: `esdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`, container };
  } catch (error) {
    return { missing: `no EVENTSTORE_URL, and no container (${String(error).split('\n')[0]})` };
  }
}

const server = await startServer();
const url = 'url' in server ? server.url : undefined;
if ('missing' in server) {
  console.warn(
    `EventStoreDB contract suite did NOT run: ${server.missing}. ` +
      'Set EVENTSTORE_URL=esdb://localhost:2113?tls=false to run it against a server.',
  );
}

describe.skipIf(!url)('EventStoreDB adapter', () => {
  afterAll(async () => {
    if ('container' in server) await server.container?.stop();
  });

  // Every run writes under its own prefix, so earlier runs' streams on the same server are not read back.
  runEventStoreContract('eventstoredb', async () => {
    const store = createEventStoreDbStore({ url: url!, streamPrefix: `contract${randomUUID().slice(0, 8)}.` });
    return { store, close: () => store.close() };
  });

  test('readAll leaves out system events and other prefixes', async () => {
    const client = EventStoreDBClient.connectionString(url!);
    const mine = createEventStoreDbStore({ client, streamPrefix: `mine${randomUUID().slice(0, 8)}.` });
    const theirs = createEventStoreDbStore({ client, streamPrefix: `theirs${randomUUID().slice(0, 8)}.` });
    try {
      const metadata = { actor: { userId: null, role: null, institutionId: null }, correlationId: 'esdb-test' };
      await theirs.appendToStream('other-1', [{ type: 'Foreign', data: {} }], { metadata });
      await mine.appendToStream('own-1', [{ type: 'Own', data: { n: 1 } }], { metadata });
      const events = await mine.readAll();
      assert.deepEqual(
        events.map((event) => `${event.stream}:${event.type}`),
        ['own-1:Own'],
      );
      await assert.rejects(
        mine.appendToStream('own-1', [{ type: 'Own', data: {} }], { metadata, inTransaction: async () => undefined }),
        /no Postgres transaction/,
      );
    } finally {
      await client.dispose();
    }
  });
});
