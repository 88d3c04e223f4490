import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, loginBodySchema } from '@labline/contracts';
import { ConcurrencyError } from '@labline/eventstore';
import { createTestKeys, type TestKeys } from '@labline/testkit';
import { createHttpApp, type HttpApp } from './app';
import { authPlugin } from './auth';
import { appendMetadata, requestContext } from './context';
import { httpError } from './errors';

const echoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/echo', { schema: { body: loginBodySchema } }, async (request) => ({ email: request.body.email }));
  app.get('/items/:id', { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } }, async () => ({
    ok: true,
  }));
  app.post(
    '/typed',
    { schema: { body: z.object({ count: z.number().int(), tags: z.array(z.string()), extra: z.object({}) }) } },
    async () => ({ ok: true }),
  );
  app.post('/bodyless', async (request) => ({ body: request.body ?? null }));
  app.get('/conflict', async () => {
    throw new ConcurrencyError('user-1', 3, 4);
  });
  app.get('/teapot', async () => {
    throw httpError(418, 'I am a teapot');
  });
  app.get('/crash', async () => {
    throw new Error('secret database detail at /srv/app.ts:12');
  });
};

const protectedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.get('/me', async (request) => ({
    principal: request.principal,
    contextUserId: requestContext()?.principal?.id ?? null,
    metadata: appendMetadata(request),
  }));
};

describe('createHttpApp', () => {
  let keys: TestKeys;
  let app: HttpApp;
  let postgresUp = true;
  const deactivated = new Set<number>();

  beforeAll(async () => {
    keys = await createTestKeys();
    app = createHttpApp({
      name: 'test',
      logger: false,
      bodyLimit: 1024,
      readinessProbes: { postgres: async () => postgresUp, nats: async () => true },
    });
    await app.register(authPlugin, {
      keys: { jwks: keys.jwks },
      isPrincipalActive: async (principal) => !deactivated.has(principal.id),
    });
    await app.register(echoRoutes);
    await app.register(protectedRoutes);
    await app.ready();
  });
  afterAll(() => app.close());

  describe('validation and parsing', () => {
    it('answers 400 naming the field', async () => {
      const response = await app.inject({ method: 'POST', url: '/echo', payload: { email: 'nope', password: 'x' } });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { error: 'email: must be a valid email address' });
    });

    it('names a missing field and a missing body', async () => {
      const missingField = await app.inject({ method: 'POST', url: '/echo', payload: { email: 'a@b.co' } });
      assert.deepEqual(missingField.json(), { error: 'password: Required' });
      const missingBody = await app.inject({ method: 'POST', url: '/echo' });
      assert.equal(missingBody.statusCode, 400);
      assert.deepEqual(missingBody.json(), { error: 'body: Required' });
      const emptyJson = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      assert.deepEqual(emptyJson.json(), { error: 'body: Required' });
    });

    it('accepts an empty JSON body on a route without a body', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/bodyless',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { body: null });
    });

    it('refuses a body or query parameters a route does not declare', async () => {
      const body = await app.inject({ method: 'POST', url: '/bodyless', payload: { sneaky: true } });
      assert.deepEqual([body.statusCode, body.json()], [400, { error: 'body: is not allowed' }]);
      const query = await app.inject({ method: 'GET', url: '/items/7?debug=1&as=admin' });
      assert.deepEqual([query.statusCode, query.json()], [400, { error: 'as: is not allowed; debug: is not allowed' }]);
    });

    it('names wrong types and path parameters', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/typed',
        payload: { count: 'three', tags: 'a', extra: [] },
      });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().error, 'count: must be a number; tags: must be an array; extra: must be an object');
      const params = await app.inject({ method: 'GET', url: '/items/abc' });
      assert.equal(params.statusCode, 400);
      assert.match(params.json().error, /^id: /);
    });

    it('answers 400 for malformed JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { error: ERRORS.malformedJson });
    });

    it('answers 413 for an over-long body and 415 for an unsupported media type', async () => {
      const big = await app.inject({
        method: 'POST',
        url: '/echo',
        payload: { email: 'a@b.co', password: 'x'.repeat(2000) },
      });
      assert.equal(big.statusCode, 413);
      assert.deepEqual(big.json(), { error: ERRORS.payloadTooLarge });
      const xml = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      assert.equal(xml.statusCode, 415);
      assert.deepEqual(xml.json(), { error: ERRORS.unsupportedMediaType });
    });
  });

  describe('failures', () => {
    it('answers 404 for unknown routes', async () => {
      const response = await app.inject({ method: 'GET', url: '/nowhere' });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { error: 'Route not found' });
    });

    it('maps a concurrency conflict to 409', async () => {
      const response = await app.inject({ method: 'GET', url: '/conflict' });
      assert.equal(response.statusCode, 409);
      assert.deepEqual(response.json(), { error: ERRORS.concurrencyConflict });
    });

    it('answers an HttpError with its status and text', async () => {
      const response = await app.inject({ method: 'GET', url: '/teapot' });
      assert.equal(response.statusCode, 418);
      assert.deepEqual(response.json(), { error: 'I am a teapot' });
    });

    it('hides the details of unexpected failures', async () => {
      const response = await app.inject({ method: 'GET', url: '/crash' });
      assert.equal(response.statusCode, 500);
      assert.deepEqual(response.json(), { error: ERRORS.internal });
      assert.doesNotMatch(response.body, /secret|srv|stack/);
    });
  });

  describe('request ids', () => {
    it('echoes an acceptable x-request-id and generates one otherwise', async () => {
      const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
      assert.equal(given.headers['x-request-id'], 'abc-123');
      const injected = await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'bad id\nwith newline' },
      });
      assert.match(String(injected.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    });
  });

  describe('authentication', () => {
    it('answers 401 without a token', async () => {
      const response = await app.inject({ method: 'GET', url: '/me' });
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { error: ERRORS.authenticationRequired });
    });

    it('answers 401 for an invalid, foreign or expired token', async () => {
      const foreign = await (await createTestKeys()).mintToken({ id: 1, role: 'super_admin' });
      const expired = await keys.mintToken({ id: 1, role: 'super_admin' }, { expiresIn: nowSeconds() - 60 });
      const wrongIssuer = await keys.mintToken({ id: 1, role: 'super_admin' }, { issuer: 'someone-else' });
      for (const token of ['garbage', foreign, expired, wrongIssuer]) {
        const response = await app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } });
        assert.equal(response.statusCode, 401);
        assert.deepEqual(response.json(), { error: ERRORS.invalidToken });
      }
    });

    it('sets the principal on the request and in the request context, and builds event metadata', async () => {
      const token = await keys.mintToken({ id: 7, role: 'clinician', institution_id: 3 });
      const response = await app.inject({
        method: 'GET',
        url: '/me',
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-7' },
      });
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.equal(body.principal.id, 7);
      assert.equal(body.contextUserId, 7);
      assert.deepEqual(body.metadata, {
        actor: { userId: 7, role: 'clinician', institutionId: 3 },
        correlationId: 'req-7',
        causationId: null,
        traceparent: null,
      });
    });

    it('refuses the token of a principal that is no longer active', async () => {
      deactivated.add(8);
      const token = await keys.mintToken({ id: 8, role: 'lab_user' });
      const response = await app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } });
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { error: ERRORS.invalidToken });
    });
  });

  describe('health', () => {
    it('is alive, and ready only while every probe passes', async () => {
      assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200);
      postgresUp = false;
      const notReady = await app.inject({ method: 'GET', url: '/readyz' });
      postgresUp = true;
      assert.equal(notReady.statusCode, 503);
      assert.deepEqual(notReady.json(), {
        error: ERRORS.serviceUnavailable,
        checks: { postgres: false, nats: true },
      });
    });
  });
});

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
