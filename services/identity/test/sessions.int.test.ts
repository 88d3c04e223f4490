/**
 * Sessions that really end (issue 8 item 1) at identity: sign-out, a password change, an administrator's reset,
 * the idle timeout and the absolute lifetime each end tokens issued before, and refresh stops with them.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS } from '@labline/contracts';
import { decodeJwt } from 'jose';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, signIn, startIdentity, type IdentityTestContext } from './harness';

const profileOf = (context: IdentityTestContext, token: string) =>
  context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
const post = (context: IdentityTestContext, url: string, token: string, payload?: object) =>
  context.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const refused = { error: ERRORS.invalidToken };

describe('sessions', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: true });
  });
  afterAll(() => context.close());

  it('puts the session in the token and ends it on sign-out, leaving the other sessions open', async () => {
    const first = await signIn(context, 'lab@northwind.labline.test');
    const second = await signIn(context, 'lab@northwind.labline.test');
    const { sid } = decodeJwt(first.token);
    assert.match(String(sid), /^[0-9a-f-]{36}$/);
    assert.notEqual(sid, decodeJwt(second.token).sid);

    assert.equal((await post(context, '/auth/logout', first.token)).statusCode, 204);
    assert.deepEqual((await profileOf(context, first.token)).json(), refused);
    assert.deepEqual((await post(context, '/auth/refresh', first.token)).json(), refused);
    assert.equal((await profileOf(context, second.token)).statusCode, 200);
    const [ended] = await context.eventsOfType('SessionEnded', `user-${first.user.id}`);
    assert.deepEqual(ended?.data, { userId: first.user.id, sessionId: sid, reason: 'signed_out' });
  });

  it('ends the other sessions on a password change, and keeps the one it was made from', async () => {
    const email = 'client@northwind.labline.test';
    const here = await signIn(context, email);
    const elsewhere = await signIn(context, email);
    const changed = await post(context, '/auth/change-password', here.token, {
      current_password: DEMO_PASSWORD,
      new_password: 'a-brand-new-password',
      confirm_password: 'a-brand-new-password',
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal((await profileOf(context, here.token)).statusCode, 200);
    assert.deepEqual((await profileOf(context, elsewhere.token)).json(), refused);
    // A renewed token of the kept session works; the ended one cannot be renewed.
    const renewed = await post(context, '/auth/refresh', here.token);
    assert.equal(renewed.statusCode, 200);
    assert.equal(decodeJwt(renewed.json().token).sid, decodeJwt(here.token).sid);
    assert.deepEqual((await post(context, '/auth/refresh', elsewhere.token)).json(), refused);
  });

  it("ends every session on an administrator's password reset", async () => {
    const target = await signIn(context, 'fulfillment@labline.test');
    const admin = await signIn(context, 'super@labline.test');
    const user = (await profileOf(context, target.token)).json().user;
    const reset = await context.app.inject({
      method: 'PUT',
      url: `/users/${user.id}`,
      headers: bearer(admin.token),
      payload: {
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        role: user.role,
        institution_id: user.institution_id,
        permissions: user.permissions,
        password: 'reset-by-an-administrator',
      },
    });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.deepEqual((await profileOf(context, target.token)).json(), refused);
    assert.equal((await signIn(context, user.email, 'reset-by-an-administrator')).user.id, user.id);
  });
});

describe('session lifetimes', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: true, session: { idleTimeoutSeconds: 2, maxLifetimeSeconds: 4 } });
  });
  afterAll(() => context.close());

  it('refuses a renewal after the idle timeout and records why', async () => {
    const { token, user } = await signIn(context, 'lab@northwind.labline.test');
    await sleep(2_300);
    assert.deepEqual((await post(context, '/auth/refresh', token)).json(), refused);
    assert.deepEqual((await profileOf(context, token)).json(), refused);
    const [ended] = await context.eventsOfType('SessionEnded', `user-${user.id}`);
    assert.equal((ended?.data as { reason: string }).reason, 'idle_timeout');
  });

  it('renews within the idle timeout until the absolute lifetime, and issues no token past it', async () => {
    const signedInAt = Date.now();
    const { token } = await signIn(context, 'client@northwind.labline.test');
    // The token ends with the session (4 s), not after the usual 15 minutes.
    const sessionEnd = decodeJwt(token).exp!;
    assert.ok(sessionEnd <= Math.ceil(Date.now() / 1000) + 4, `exp ${sessionEnd}`);
    let current = token;
    for (let renewal = 0; renewal < 3; renewal += 1) {
      await sleep(500);
      const renewed = await post(context, '/auth/refresh', current);
      assert.equal(renewed.statusCode, 200, `renewal ${renewal}: ${renewed.body}`);
      current = renewed.json().token;
      assert.ok(decodeJwt(current).exp! <= sessionEnd, 'a renewal never extends the session');
    }
    // Past the session's end as the server set it (exp is in whole seconds): a slow sign-in starts it later than
    // signedInAt.
    await sleep(Math.max(0, signedInAt + 4_200 - Date.now(), (sessionEnd + 1) * 1000 + 200 - Date.now()));
    assert.deepEqual((await post(context, '/auth/refresh', current)).json(), refused);
    assert.deepEqual((await profileOf(context, current)).json(), refused);
  });
});
