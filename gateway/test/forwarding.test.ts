import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ERRORS } from '@labline/contracts';
import { freePort } from '@labline/testkit';
import { bearer, received, startHarness, type Harness } from './harness';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('what the gateway forwards', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  test("authorization, the gateway's request id, traceparent and the client address reach the service", async () => {
    const token = await harness.token('clinician');
    const response = await harness.app.inject({
      url: '/api/auth/profile',
      remoteAddress: '203.0.113.9',
      headers: { ...bearer(token), traceparent: TRACEPARENT, 'x-request-id': 'req-abc-123' },
    });
    assert.equal(response.statusCode, 200);
    const { headers, url } = received(response);
    assert.equal(url, '/auth/profile');
    assert.equal(headers.authorization, `Bearer ${token}`);
    // The request id stored on events is the gateway's own; the caller's is answered apart, never stored.
    const requestId = String(response.headers['x-request-id']);
    assert.match(requestId, /^[0-9a-f-]{36}$/);
    assert.equal(headers['x-request-id'], requestId, "the gateway's request id travels on");
    assert.equal(response.headers['x-client-request-id'], 'req-abc-123');
    assert.equal(String(headers.traceparent).split('-')[1], TRACE_ID, 'the trace continues upstream');
    assert.equal(headers['x-forwarded-for'], '203.0.113.9');
  });

  test('without TRUST_PROXY a client-supplied X-Forwarded-For is replaced, not believed', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    assert.equal(received(response).headers['x-forwarded-for'], '203.0.113.9');
  });

  test('query strings and bodies pass unchanged', async () => {
    const token = await harness.token('clinician');
    const payload = { first_name: 'Ada', institution_ids: [1], notes: 'ünïcode & more' };
    const response = await harness.app.inject({
      method: 'PUT',
      url: '/api/patients/12?return=full',
      headers: bearer(token),
      payload,
    });
    const echo = received(response);
    assert.equal(echo.url, '/patients/12?return=full');
    assert.deepEqual(JSON.parse(echo.body), payload);
    assert.match(String(echo.headers['content-type']), /^application\/json/);
  });

  test('bodies are not parsed at the gateway: the service sees them exactly as sent', async () => {
    const malformed = '{"email": "a@b.c", oops';
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: malformed,
    });
    assert.equal(response.statusCode, 200);
    assert.equal(received(response).body, malformed);
  });

  test('/api answers carry Cache-Control: no-store, whatever the service said', async () => {
    const token = await harness.token('clinician');
    const response = await harness.app.inject({ url: '/api/patients', headers: bearer(token) });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
  });
});

describe('an upstream that cannot answer', () => {
  let harness: Harness;
  beforeAll(async () => {
    const closedPort = await freePort();
    harness = await startHarness((config) => ({
      ...config,
      upstreamTimeoutMs: 300,
      upstreams: { ...config.upstreams, inventory: `http://127.0.0.1:${closedPort}`, clinical: undefined },
    }));
  });
  afterAll(() => harness.close());

  test('a service that is down answers 503 JSON', async () => {
    const token = await harness.token('super_admin');
    const response = await harness.app.inject({ url: '/api/inventory', headers: bearer(token) });
    assert.equal(response.statusCode, 503);
    assert.deepEqual(response.json(), { error: ERRORS.serviceUnavailable });
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  test('a service that is not configured answers 503 JSON, after the access check', async () => {
    const token = await harness.token('super_admin');
    const response = await harness.app.inject({ url: '/api/patients', headers: bearer(token) });
    assert.deepEqual([response.statusCode, response.json()], [503, { error: ERRORS.serviceUnavailable }]);
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'content-type': 'application/json' },
      payload: '{ not json',
    });
    assert.deepEqual([anonymous.statusCode, anonymous.json()], [401, { error: ERRORS.authenticationRequired }]);
  });

  test('a service that does not answer in time answers 503 JSON instead of hanging', async () => {
    const token = await harness.token('super_admin');
    // The stand-in service answers after 1.5 s, past the gateway's timeout: a 503 means the gateway gave up first.
    const response = await harness.app.inject({
      url: '/api/users',
      headers: { ...bearer(token), 'x-test-delay-ms': '1500' },
    });
    assert.deepEqual([response.statusCode, response.json()], [503, { error: ERRORS.serviceUnavailable }]);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness((config) => ({
      ...config,
      trustProxy: ['10.0.0.0/8'],
      rateLimit: { ...config.rateLimit, loginMax: 1 },
    }));
  });
  afterAll(() => harness.close());

  test('the client it vouches for is forwarded alone, and limits count the real client', async () => {
    const login = (client: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': client },
      });
    const first = await login('198.51.100.5');
    // services believe X-Forwarded-For from the gateway alone (identity: TRUST_PROXY=loopback), so it names the
    // client the gateway settled on, not the proxies in between
    assert.equal(received(first).headers['x-forwarded-for'], '198.51.100.5');
    assert.equal((await login('198.51.100.5')).statusCode, 429);
    assert.equal((await login('198.51.100.6')).statusCode, 200, 'another client behind the same proxy');
  });
});
