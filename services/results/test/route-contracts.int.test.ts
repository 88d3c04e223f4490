/**
 * results's routes are its contracts (ROUTE_CONTRACTS.results in libs/contracts/src/routes), installed with
 * the kit's `route`: `contractCoverage` finds no route registered without a contract and no contract without a
 * route, on the service's app as start-up builds it (its migrations on a fresh database).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { contractsOf } from '@labline/contracts';
import { openServiceDatabase } from '@labline/db';
import { createPostgresEventStore, type EventStore } from '@labline/eventstore';
import {
  buildInProcess,
  buildServiceApp,
  contractCoverage,
  serviceMigrations,
  type HttpApp,
} from '@labline/service-kit';
import { createTestDatabase, createTestKeys, type TestDatabase } from '@labline/testkit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import type { ResultsContext } from '../src/config';
import { service } from '../src/service';

const CONTRACTS = contractsOf('results').map(({ route }) => route);

describe("results's routes are its contracts", () => {
  let database: TestDatabase | undefined;
  let pool: DatabasePool | undefined;
  let store: EventStore | undefined;
  let app: HttpApp;
  let context: ResultsContext;

  beforeAll(async () => {
    database = await createTestDatabase('results_test');
    pool = await openServiceDatabase({
      url: database.url,
      schema: 'results',
      migrations: await serviceMigrations(service),
    });
    store = createPostgresEventStore({ pool });
    const keys = await createTestKeys();
    ({ app, context } = await buildInProcess(service, {
      env: { DATABASE_URL: database.url, IDENTITY_JWKS_URL: 'http://127.0.0.1/unused' },
      pool,
      store,
      resources: { keys: { jwks: keys.jwks } },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('installs every contract of results and no route without one', () => {
    assert.ok(CONTRACTS.length > 0, 'no contract of results in ROUTE_CONTRACTS');
    assert.deepEqual(contractCoverage(app, CONTRACTS), { withoutContract: [], withoutRoute: [] });
  });

  it('names a route the service registers beside its contracts', async () => {
    const unregistered: FastifyPluginAsyncZod = async (scope) => {
      scope.get('/results/unregistered', async () => ({}));
    };
    const extended = buildServiceApp(
      { ...service, routes: (routeContext) => [...service.routes(routeContext), unregistered] },
      context,
      { logger: false },
    );
    await extended.ready();
    assert.deepEqual(contractCoverage(extended, CONTRACTS), {
      withoutContract: ['GET /results/unregistered'],
      withoutRoute: [],
    });
    await extended.close();
  });
});
