import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERRORS, idParamSchema, type Caller, type RouteContract } from '@labline/contracts';
import { createHttpApp } from './app';
import { contractCoverage, recordRoutes, route, SIGNED_IN_GROUP } from './routes';

const thing = {
  method: 'GET',
  path: '/things/:id',
  access: ['patients'],
  params: idParamSchema,
  response: { 200: z.object({ id: z.number() }) },
  guard: { allows: (caller: Caller) => caller.role === 'super_admin', error: 'Only super admins see things.' },
} as const satisfies RouteContract;
const createThing = {
  method: 'POST',
  path: '/things',
  access: 'authenticated',
  body: z.strictObject({ name: z.string() }),
  response: { 201: z.object({ name: z.string() }) },
} as const satisfies RouteContract;
const ping = {
  method: 'GET',
  path: '/ping',
  access: 'public',
  response: { 200: z.string() },
} as const satisfies RouteContract;
const CONTRACTS: readonly RouteContract[] = [thing, createThing, ping];

/** A service app in the kit's shape: public routes at the root, the rest in the signed-in group. */
async function serviceApp(
  signedIn: (app: FastifyInstance) => void,
  options: { role?: Caller['role']; publicRoutes?: (app: FastifyInstance) => void } = {},
) {
  const app = createHttpApp({ name: 'test', logger: false });
  recordRoutes(app);
  app.register(async (scope) => options.publicRoutes?.(scope));
  app.register(async (scope) => {
    scope.decorate(SIGNED_IN_GROUP, true);
    // stands for the token check and the caller's resolution of buildServiceApp
    scope.addHook('onRequest', async (request) => {
      request.caller = {
        userId: 1,
        role: options.role ?? 'super_admin',
        institutionId: null,
        institutionIds: [],
        permissions: [],
      };
    });
    signedIn(scope);
  });
  await app.ready();
  return app;
}

const installAll = (app: FastifyInstance) => {
  route(app, thing, async (request) => ({ id: request.params.id }));
  route(app, createThing, async (request, reply) => reply.code(201).send({ name: request.body.name }));
};
const installPing = (app: FastifyInstance) => route(app, ping, async () => 'pong');

describe('route', () => {
  it('validates the request with the contract schemas and answers through its response schema', async () => {
    const app = await serviceApp(installAll, { publicRoutes: installPing });
    assert.deepEqual((await app.inject({ method: 'GET', url: '/things/7' })).json(), { id: 7 });
    const badId = await app.inject({ method: 'GET', url: '/things/seven' });
    assert.equal(badId.statusCode, 400);
    const unknownField = await app.inject({ method: 'POST', url: '/things', payload: { name: 'a', extra: 1 } });
    assert.equal(unknownField.statusCode, 400);
    assert.equal((await app.inject({ method: 'POST', url: '/things', payload: { name: 'a' } })).statusCode, 201);
    assert.equal((await app.inject({ method: 'GET', url: '/ping' })).body, 'pong');
    await app.close();
  });

  it("answers 403 with the guard's text, before the handler runs, to a caller the guard refuses", async () => {
    let ran = false;
    const app = await serviceApp(
      (scope) =>
        route(scope, thing, async (request) => {
          ran = true;
          return { id: request.params.id };
        }),
      { role: 'clinician' },
    );
    const response = await app.inject({ method: 'GET', url: '/things/7' });
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { error: 'Only super admins see things.' });
    assert.equal(ran, false);
    await app.close();
  });

  it('refuses a public contract among the signed-in routes, and a signed-in one among the public routes', async () => {
    await assert.rejects(serviceApp(installPing), /GET \/ping is public: install it among the service's publicRoutes/);
    await assert.rejects(
      serviceApp(() => undefined, { publicRoutes: installAll }),
      /GET \/things\/:id is for signed-in callers: install it among the service's routes/,
    );
  });
});

describe('contractCoverage', () => {
  it('is empty when every contract is installed and every route has its contract', async () => {
    const app = await serviceApp(installAll, { publicRoutes: installPing });
    assert.deepEqual(contractCoverage(app, CONTRACTS), { withoutContract: [], withoutRoute: [] });
    await app.close();
  });

  it('names a route registered without a contract, the way a raw app.get is', async () => {
    const app = await serviceApp(
      (scope) => {
        installAll(scope);
        scope.get('/things/:id/secret', async () => ({ secret: true }));
        scope.delete('/things/:id', async () => null);
      },
      { publicRoutes: installPing },
    );
    assert.deepEqual(contractCoverage(app, CONTRACTS), {
      withoutContract: ['GET /things/:id/secret', 'DELETE /things/:id'],
      withoutRoute: [],
    });
    await app.close();
  });

  it('names a contract that no route installs, and one installed at another path than its own', async () => {
    const app = await serviceApp((scope) => {
      route(scope, createThing, async (_request, reply) => reply.code(201).send({ name: 'x' }));
      route(scope, { ...thing, path: '/stuff/:id' }, async (request) => ({ id: request.params.id }));
    });
    assert.deepEqual(contractCoverage(app, CONTRACTS), {
      withoutContract: ['GET /stuff/:id'],
      withoutRoute: ['GET /things/:id', 'GET /ping'],
    });
    await app.close();
  });

  it('is refused for an app that does not record its routes', () => {
    assert.throws(() => contractCoverage(createHttpApp({ name: 'test', logger: false }), CONTRACTS), /recordRoutes/);
  });
});

it('a guard without its own text answers the generic 403', async () => {
  const app = await serviceApp(
    (scope) => route(scope, { ...thing, guard: { allows: () => false } }, async () => ({ id: 1 })),
    {},
  );
  assert.deepEqual((await app.inject({ method: 'GET', url: '/things/1' })).json(), { error: ERRORS.forbidden });
  await app.close();
});
