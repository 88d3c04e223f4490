import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { contractsOf } from '@labline/contracts';
import { buildServiceApp, contractCoverage } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { service } from '../src/service';
import { startClinical, type ClinicalTestContext } from './harness';

const CONTRACTS = contractsOf('clinical').map(({ route }) => route);

describe("clinical's routes are its contracts", () => {
  let clinical: ClinicalTestContext;
  beforeAll(async () => {
    clinical = await startClinical();
  });
  afterAll(async () => {
    await clinical?.close();
  });

  it('installs every contract of clinical and no route without one', () => {
    assert.deepEqual(contractCoverage(clinical.app, CONTRACTS), { withoutContract: [], withoutRoute: [] });
  });

  it('names a route the service registers beside its contracts', async () => {
    const unregistered: FastifyPluginAsyncZod = async (app) => {
      app.get('/patients/:id/export', async () => ({ exported: true }));
    };
    const app = buildServiceApp(
      { ...service, routes: (context) => [...service.routes(context), unregistered] },
      clinical.context,
      { logger: false },
    );
    await app.ready();
    assert.deepEqual(contractCoverage(app, CONTRACTS), {
      withoutContract: ['GET /patients/:id/export'],
      withoutRoute: [],
    });
    await app.close();
  });

  it('names the contracts of a route group the service leaves out', async () => {
    const app = buildServiceApp(
      { ...service, routes: (context) => service.routes(context).slice(1) },
      clinical.context,
      { logger: false },
    );
    await app.ready();
    const { withoutContract, withoutRoute } = contractCoverage(app, CONTRACTS);
    assert.deepEqual(withoutContract, []);
    assert.ok(
      withoutRoute.includes('GET /patients') && withoutRoute.includes('DELETE /patients/:id'),
      String(withoutRoute),
    );
    await app.close();
  });
});
