/**
 * Projections own their tables (docs/architecture.md §6): the DDL of every projection of every service
 * (Projection.init) creates exactly the tables it names, and the service's own SQL migrations neither create nor
 * change any of them. A new column or index of a read model goes into its projection's `init`, with its
 * `version` raised, never into a migration: the next start applies the new DDL and rebuilds the projection.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEPLOYED_SERVICES, servicePackage, type DeployedService } from '@labline/contracts';
import { migrate } from '@labline/db';
import { serviceMigrations, type Projection, type ServiceDefinition } from '@labline/service-kit';
import { createTestDatabase, withAdminClient, type TestDatabase } from '@labline/testkit';

type AnyService = ServiceDefinition<never, never, never>;

async function serviceOf(name: DeployedService): Promise<AnyService> {
  const loaded: unknown = await import(servicePackage(name));
  assert.ok(typeof loaded === 'object' && loaded !== null && 'service' in loaded, `${name} exports its service`);
  return loaded.service as AnyService;
}

const projectionsOf = (service: AnyService): Projection[] => [...service.projections, ...(service.consumes ?? [])];

const PROBE_SCHEMA = 'projection_init_probe';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('projection_tables');
});
afterAll(async () => {
  await database.drop();
});

/** The tables a projection's DDL creates in an empty schema, in a transaction that is rolled back. */
const tablesCreatedBy = (init: string): Promise<string[]> =>
  withAdminClient(database.url, async (client) => {
    await client.query('BEGIN');
    try {
      await client.query(`CREATE SCHEMA ${PROBE_SCHEMA}`);
      await client.query(`SET LOCAL search_path TO ${PROBE_SCHEMA}, public`);
      await client.query(init);
      const { rows } = await client.query<{ tablename: string }>(
        'SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename',
        [PROBE_SCHEMA],
      );
      return rows.map((row) => row.tablename);
    } finally {
      await client.query('ROLLBACK');
    }
  });

describe.each(DEPLOYED_SERVICES)('the projections of %s', (name) => {
  it('each create exactly the tables they name, with their own DDL', async () => {
    for (const projection of projectionsOf(await serviceOf(name))) {
      assert.deepEqual(await tablesCreatedBy(projection.init), [...projection.tables].sort(), projection.name);
    }
  });

  it('own their tables: the service’s own migrations create and change none of them', async () => {
    const service = await serviceOf(name);
    // Everything but the projections' DDL: a migration that altered one of their tables fails here.
    await migrate(database.url, name, await serviceMigrations({ ...service, projections: [], consumes: [] }));
    const tables = projectionsOf(service).flatMap((projection) => projection.tables);
    const found = await withAdminClient(database.url, async (client) => {
      const { rows } = await client.query<{ tablename: string }>(
        'SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename = ANY($2)',
        [name, tables],
      );
      return rows.map((row) => row.tablename);
    });
    assert.deepEqual(found, [], `${name}'s migrations create projection tables`);
  });
});
