/**
 * Deactivation reaches the gateway: identity's events go through the real relay to a real JetStream, the
 * gateway follows them with the service-kit watch, and a deactivated user's still-valid token is refused
 * even on a route whose service never asks identity. A system test: it spans identity and the gateway, so
 * it lives in neither package and reaches both through their public entry points only.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startRelay, type Relay } from '@labline/bus';
import { startPrivateJetStream, type PrivateJetStream } from '@labline/bus/testing';
import { ERRORS } from '@labline/contracts';
import { sql } from '@labline/db';
import { buildGateway, watchDeactivatedUsers, type DeactivatedUsers } from '@labline/gateway';
import type { HttpApp } from '@labline/service-kit';
import { createLogger } from '@labline/telemetry';
import { waitFor } from '@labline/testkit';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bearer, signIn, startSeededIdentity, type SeededIdentity } from './identity';

describe('deactivation and sign-out at the gateway', () => {
  let context: SeededIdentity;
  let nats: PrivateJetStream;
  let relay: Relay;
  let watch: DeactivatedUsers;
  let gateway: HttpApp;
  let clinical: FastifyInstance;
  let webDist: string;
  const silent = createLogger('test', 'silent');

  beforeAll(async () => {
    context = await startSeededIdentity();
    nats = await startPrivateJetStream();
    relay = startRelay({ store: context.store, pool: context.pool, nc: nats.nc, service: 'identity', logger: silent });
    // The seed's events are on the stream before the watch starts: it must learn them by replay.
    const seeded = await context.pool.oneFirst(
      sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM events`,
    );
    await waitFor(() => relay.stats.published >= seeded, { description: 'the seed published' });
    watch = await watchDeactivatedUsers({ nc: nats.nc, logger: silent });
    await watch.caughtUp;

    const identityUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
    // A stand-in for clinical that answers every token the gateway lets through.
    clinical = Fastify();
    clinical.all('/*', async () => ({ reached: 'clinical' }));
    const clinicalUrl = await clinical.listen({ port: 0, host: '127.0.0.1' });
    webDist = await mkdtemp(path.join(os.tmpdir(), 'labline-system-web-'));
    gateway = buildGateway(
      {
        upstreams: { identity: identityUrl, clinical: clinicalUrl },
        jwks: { jwks: context.signingKeys.jwks },
        webDist,
        trustProxy: false,
        rateLimit: { max: 10_000, loginMax: 10_000, windowMs: 60_000 },
        upstreamTimeoutMs: 5_000,
      },
      { logger: false, deactivatedUsers: watch },
    );
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway.close();
    await clinical.close();
    await watch.stop();
    await relay.stop();
    await nats.close();
    await context.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('knows the users deactivated before it started, from the stream replay', async () => {
    const inactive = await context.pool.oneFirst(
      sql.type(z.object({ id: z.number() }))`SELECT id FROM users WHERE email = 'inactive@northwind.labline.test'`,
    );
    assert.equal(watch.isActive(inactive), false);
    assert.equal(watch.isCaughtUp(), true);
  });

  it("refuses a deactivated user's existing token on the next request, and after reactivation too", async () => {
    const { token: adminToken } = await signIn(context, 'admin@northwind.labline.test');
    const { token, user } = await signIn(context, 'lab@northwind.labline.test');
    const patients = () => gateway.inject({ method: 'GET', url: '/api/patients', headers: bearer(token) });
    assert.deepEqual((await patients()).json(), { reached: 'clinical' });

    const deactivate = await gateway.inject({
      method: 'POST',
      url: `/api/users/${user.id}/deactivate`,
      headers: bearer(adminToken),
    });
    assert.equal(deactivate.statusCode, 200, deactivate.body);
    // Propagation is the relay's publish plus one push to the watch: within seconds even on a loaded machine.
    const refused = await waitFor(
      async () => {
        const response = await patients();
        return response.statusCode === 401 ? response : null;
      },
      { timeoutMs: 5_000, description: 'the token refused at the gateway' },
    );
    assert.deepEqual(refused.json(), { error: ERRORS.invalidToken });
    const login = await gateway.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'lab@northwind.labline.test', password: 'labline-demo' },
    });
    assert.deepEqual([login.statusCode, login.json()], [403, { error: ERRORS.accountInactive }]);

    const reactivate = await gateway.inject({
      method: 'POST',
      url: `/api/users/${user.id}/reactivate`,
      headers: bearer(adminToken),
    });
    assert.equal(reactivate.statusCode, 200);
    // Reactivation does not revive the token: its session ended with the deactivation. A new sign-in works.
    await waitFor(() => watch.isActive(user.id), {
      timeoutMs: 5_000,
      description: 'the gateway to see the reactivation',
    });
    assert.equal((await patients()).statusCode, 401);
    const { token: fresh } = await signIn(context, 'lab@northwind.labline.test');
    const again = await gateway.inject({ method: 'GET', url: '/api/patients', headers: bearer(fresh) });
    assert.deepEqual(again.json(), { reached: 'clinical' });
  });

  it("refuses a signed-out session's token within seconds, and keeps the user's other sessions", async () => {
    const signedOut = await signIn(context, 'client@northwind.labline.test');
    const other = await signIn(context, 'client@northwind.labline.test');
    const patients = (token: string) => gateway.inject({ method: 'GET', url: '/api/patients', headers: bearer(token) });
    assert.equal((await patients(signedOut.token)).statusCode, 200);
    const logout = await gateway.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(signedOut.token) });
    assert.equal(logout.statusCode, 204, logout.body);
    // Within seconds (the wait's limit), not at the token's expiry minutes later.
    await waitFor(async () => (await patients(signedOut.token)).statusCode === 401, {
      timeoutMs: 5_000,
      description: 'the signed-out token refused at the gateway',
    });
    assert.equal((await patients(other.token)).statusCode, 200);
  });
});
