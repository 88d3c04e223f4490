/**
 * Rate limits that fit a hospital, whose staff often share one public address: signed-in users count per
 * user, everyone else per address, sign-in keeps its own small budget, and the web app is never limited.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ERRORS } from '@labline/contracts';
import { createTestKeys } from '@labline/testkit';
import { bearer, HASHED_SCRIPT, startHarness, type Harness } from './harness';

/** One hospital's public address, which every test here except the noted ones shares. */
const HOSPITAL = '198.51.100.20';
const LIMITS = { max: 3, userMax: 5, loginMax: 2, windowMs: 60_000 };

describe('throttling', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness((config) => ({ ...config, rateLimit: LIMITS }));
  });
  afterAll(() => harness.close());

  const call = (remoteAddress: string, headers: Record<string, string> = {}, url = '/api/patients') =>
    harness.app.inject({ url, remoteAddress, headers });
  const userToken = (id: number) => harness.keys.mintToken({ id, role: 'clinician', institution_id: 1 });

  test("signed-in users count per user: one user's exhausted budget does not throttle a colleague", async () => {
    const [first, second] = [await userToken(101), await userToken(102)];
    for (let i = 0; i < LIMITS.userMax; i += 1) assert.equal((await call(HOSPITAL, bearer(first))).statusCode, 200);
    const refused = await call(HOSPITAL, bearer(first));
    assert.deepEqual([refused.statusCode, refused.json()], [429, { error: ERRORS.tooManyRequests }]);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    for (let i = 0; i < LIMITS.userMax; i += 1) {
      assert.equal((await call(HOSPITAL, bearer(second))).statusCode, 200, `second user, call ${i + 1}`);
    }
  });

  test("a user's budget follows the user to another address", async () => {
    const token = await userToken(103);
    for (let i = 0; i < LIMITS.userMax; i += 1) {
      assert.equal((await call(`198.51.100.${40 + i}`, bearer(token))).statusCode, 200);
    }
    assert.equal((await call('198.51.100.99', bearer(token))).statusCode, 429);
  });

  test('calls without a token count per address', async () => {
    const address = '198.51.100.21';
    for (let i = 0; i < LIMITS.max; i += 1) assert.equal((await call(address)).statusCode, 401);
    const refused = await call(address);
    assert.deepEqual([refused.statusCode, refused.json()], [429, { error: ERRORS.tooManyRequests }]);
    assert.equal((await call('198.51.100.22')).statusCode, 401, 'another address has its own budget');
    const signedIn = await call(address, bearer(await userToken(104)));
    assert.equal(signedIn.statusCode, 200, 'a signed-in user at the throttled address is not affected');
  });

  test('a forged or expired token counts against its address and never drains the user it names', async () => {
    const victim = 105;
    const forger = await createTestKeys();
    const forged = await forger.mintToken({ id: victim, role: 'super_admin' });
    const expired = await harness.keys.mintToken(
      { id: victim, role: 'clinician' },
      { expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    const attacker = '203.0.113.66';
    for (let i = 0; i < LIMITS.max; i += 1) {
      assert.equal((await call(attacker, bearer(i % 2 === 0 ? forged : expired))).statusCode, 401);
    }
    assert.equal((await call(attacker, bearer(forged))).statusCode, 429, "the forger's address is throttled");
    const token = await userToken(victim);
    for (let i = 0; i < LIMITS.userMax; i += 1) {
      assert.equal((await call(HOSPITAL, bearer(token))).statusCode, 200, `the named user, call ${i + 1}`);
    }
  });

  test('sign-in keeps its stricter per-address limit, with or without a token', async () => {
    const address = '198.51.100.23';
    const token = await userToken(106);
    const login = (remoteAddress: string) =>
      harness.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: bearer(token) });
    for (let i = 0; i < LIMITS.loginMax; i += 1) assert.equal((await login(address)).statusCode, 200);
    const refused = await login(address);
    assert.deepEqual([refused.statusCode, refused.json()], [429, { error: ERRORS.tooManyLoginAttempts }]);
    assert.equal((await login('198.51.100.24')).statusCode, 200, 'another address');
  });

  test('the web app and its assets are never rate-limited', async () => {
    const address = '198.51.100.25';
    for (let i = 0; i < 4 * LIMITS.userMax; i += 1) {
      for (const url of ['/', '/patients/12', `/${HASHED_SCRIPT}`, '/favicon.svg']) {
        const response = await harness.app.inject({ url, remoteAddress: address });
        assert.equal(response.statusCode, 200, `${url}, load ${i + 1}`);
      }
    }
    assert.equal((await call(address)).statusCode, 401, "the address's API budget is untouched");
  });
});
