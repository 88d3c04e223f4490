import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ERRORS } from '@labline/contracts';
import { freePort } from '@labline/testkit';
import { bearer, received, startHarness, type Harness } from './harness';
import { startJwksServer, type TestServer } from './upstream';

describe('rate limits', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness((config) => ({ ...config, rateLimit: { max: 5, loginMax: 2, windowMs: 60_000 } }));
  });
  afterAll(() => harness.close());

  test('sign-in has its own, stricter limit per client address', async () => {
    const login = (remoteAddress: string) =>
      harness.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress });
    assert.equal((await login('198.51.100.1')).statusCode, 200);
    assert.equal((await login('198.51.100.1')).statusCode, 200);
    const refused = await login('198.51.100.1');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: ERRORS.tooManyLoginAttempts });
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(refused.headers['cache-control'], 'no-store');
    assert.equal((await login('198.51.100.2')).statusCode, 200, 'another address is not affected');
    const token = await harness.token('clinician');
    const other = await harness.app.inject({
      url: '/api/auth/profile',
      remoteAddress: '198.51.100.1',
      headers: bearer(token),
    });
    assert.equal(other.statusCode, 200, 'the rest of the API keeps its own budget');
  });

  test('the rest of the API has a generous limit, per user once signed in (throttling.test.ts)', async () => {
    const token = await harness.keys.mintToken({ id: 7, role: 'clinician', institution_id: 1 });
    const call = () =>
      harness.app.inject({ url: '/api/patients', remoteAddress: '198.51.100.7', headers: bearer(token) });
    for (let i = 0; i < 5; i += 1) assert.equal((await call()).statusCode, 200);
    const refused = await call();
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: ERRORS.tooManyRequests });
  });
});

describe('health and readiness', () => {
  let jwks: TestServer & { jwksUrl: string };
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
    jwks = await startJwksServer(harness.keys.jwks);
  });
  afterAll(async () => {
    await harness.close();
    await jwks.close();
  });

  test('/healthz answers while the process runs', async () => {
    const response = await harness.app.inject({ url: '/healthz' });
    assert.equal(response.statusCode, 200);
  });

  test("with identity's keys reachable the gateway is ready and verifies tokens with them", async () => {
    const remote = await startHarness((config) => ({ ...config, jwks: { jwksUrl: jwks.jwksUrl } }));
    try {
      assert.equal((await remote.app.inject({ url: '/readyz' })).statusCode, 200);
      const token = await harness.token('lab_user');
      const response = await remote.app.inject({ url: '/api/tests/requests', headers: bearer(token) });
      assert.equal(response.statusCode, 200);
      assert.equal(received(response).service, 'clinical');
    } finally {
      await remote.close();
    }
  });

  test("with identity's keys unreachable the gateway is not ready", async () => {
    const closedPort = await freePort();
    const blind = await startHarness((config) => ({
      ...config,
      jwks: { jwksUrl: `http://127.0.0.1:${closedPort}/.well-known/jwks.json` },
    }));
    try {
      assert.equal((await blind.app.inject({ url: '/readyz' })).statusCode, 503);
      const token = await harness.token('lab_user');
      const response = await blind.app.inject({ url: '/api/tests/requests', headers: bearer(token) });
      assert.deepEqual([response.statusCode, response.json()], [503, { error: ERRORS.serviceUnavailable }]);
    } finally {
      await blind.close();
    }
  });
});
