import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, test } from 'vitest';
import { createTestKeys, type TestKeys } from '@labline/testkit';
import { createTokenVerifier } from './jwt';

let keys: TestKeys;
let silent: Server;
let jwksUrl: string;

beforeAll(async () => {
  keys = await createTestKeys();
  // accepts connections and never answers: identity hanging, not down
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/.well-known/jwks.json`;
});

afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

test('a token checked against keys that cannot be fetched in time is neither valid nor invalid: verify throws', async () => {
  const verifier = createTokenVerifier({ jwksUrl, timeoutMs: 200 });
  const token = await keys.mintToken({ id: 1, role: 'super_admin', institution_id: null });
  await assert.rejects(verifier.verify(`Bearer ${token}`));
});

test('a garbage token is invalid without fetching any key', async () => {
  const verifier = createTokenVerifier({ jwksUrl, timeoutMs: 200 });
  assert.deepEqual(await verifier.verify('Bearer not-a-token'), { ok: false, reason: 'invalid' });
  assert.deepEqual(await verifier.verify(undefined), { ok: false, reason: 'missing' });
});

test('refuses a token dated into the future or living longer than configured, and one without a session', async () => {
  const verifier = createTokenVerifier({ jwks: keys.jwks }, { maxLifetimeSeconds: 900 });
  const user = { id: 5, role: 'lab_user' as const, institution_id: 1 };
  const now = Math.floor(Date.now() / 1000);
  const valid = await keys.mintToken(user, { expiresIn: now + 900, issuedAt: now });
  assert.equal((await verifier.verify(`Bearer ${valid}`)).ok, true);
  // A little clock skew between hosts is tolerated; an issue time minutes ahead is not.
  const skewed = await keys.mintToken(user, { issuedAt: now + 10, expiresIn: now + 900 });
  assert.equal((await verifier.verify(`Bearer ${skewed}`)).ok, true);
  const future = await keys.mintToken(user, { issuedAt: now + 600, expiresIn: now + 1_200 });
  assert.deepEqual(await verifier.verify(`Bearer ${future}`), { ok: false, reason: 'invalid' });
  const longLived = await keys.mintToken(user, { issuedAt: now, expiresIn: now + 3_600 });
  assert.deepEqual(await verifier.verify(`Bearer ${longLived}`), { ok: false, reason: 'invalid' });
  const sessionless = await keys.mintToken({ ...user, sid: 'not-a-session' });
  assert.deepEqual(await verifier.verify(`Bearer ${sessionless}`), { ok: false, reason: 'invalid' });
});
