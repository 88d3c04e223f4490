import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS, MESSAGES, PHONE_NUMBER_PROBLEM } from '@labline/contracts';
import { sql } from 'slonik';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, storedState, login, signIn, startIdentity, type IdentityTestContext } from './harness';

describe('profile', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: true });
  });
  afterAll(() => context.close());

  it('needs a valid token', async () => {
    assert.deepEqual((await context.app.inject({ method: 'GET', url: '/auth/profile' })).json(), {
      error: ERRORS.authenticationRequired,
    });
    const invalid = await context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer('nope') });
    assert.equal(invalid.statusCode, 401);
    assert.deepEqual(invalid.json(), { error: ERRORS.invalidToken });
  });

  it('answers the session user and updates names and phone', async () => {
    const { token, user } = await signIn(context, 'admin@northwind.labline.test');
    const profile = await context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    assert.deepEqual(profile.json(), { user });

    const update = await context.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: { ...bearer(token), 'x-request-id': 'profile-update-1' },
      payload: { first_name: '  Jamie ', last_name: 'Carter-Hughes', phone: '+44 7700 900456' },
    });
    assert.equal(update.statusCode, 200);
    const updated = update.json().user;
    assert.equal(updated.first_name, 'Jamie');
    assert.equal(updated.last_name, 'Carter-Hughes');
    assert.equal(updated.phone, '+447700900456', 'stored in E.164');
    assert.equal(updated.email, user.email);
    assert.ok(updated.updated_at > user.updated_at);
    const reread = await context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    assert.deepEqual(reread.json().user, updated);

    const [event] = await context.eventsOfType('UserProfileUpdated', `user-${user.id}`);
    assert.ok(event);
    assert.equal(event.correlationId, 'profile-update-1');
    assert.deepEqual(event.actor, { userId: user.id, role: 'institution_admin', institutionId: user.institution_id });
    assert.deepEqual(event.data, {
      userId: user.id,
      first_name: 'Jamie',
      last_name: 'Carter-Hughes',
      phone: '+447700900456',
    });

    const cleared = await context.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(token),
      payload: { first_name: 'Jamie', last_name: 'Carter-Hughes', phone: '' },
    });
    assert.equal(cleared.json().user.phone, null);
  });

  it('refuses an e-mail change and bad input, storing nothing', async () => {
    const { token, user } = await signIn(context, 'lab@northwind.labline.test');
    const before = await storedState(context);
    const cases: [unknown, string][] = [
      [{ first_name: 'Oliver', last_name: 'Grant', email: 'other@labline.test' }, ERRORS.emailCannotChange],
      [{ first_name: '', last_name: 'Grant' }, 'first_name: is required'],
      [{ first_name: 'Oliver' }, 'last_name: Required'],
      [{ first_name: 'Oliver', last_name: 'G'.repeat(101) }, 'last_name: must be at most 100 characters'],
      [{ first_name: 'Oliver', last_name: 'Grant', phone: '1'.repeat(41) }, 'phone: must be at most 40 characters'],
      [{ first_name: 'Oliver', last_name: 'Grant', phone: '12ab' }, `phone: ${PHONE_NUMBER_PROBLEM}`],
      [{ first_name: 'Oliver', last_name: 'Grant', phone: 'hello world' }, `phone: ${PHONE_NUMBER_PROBLEM}`],
      [{ first_name: 7, last_name: 'Grant' }, 'first_name: must be a string'],
      [{ first_name: 'Oliver', last_name: 'Grant', role: 'super_admin' }, 'role: is not allowed'],
    ];
    for (const [payload, error] of cases) {
      const response = await context.app.inject({
        method: 'PUT',
        url: '/auth/profile',
        headers: bearer(token),
        payload: payload as object,
      });
      assert.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      assert.deepEqual(response.json(), { error });
    }
    const malformed = await context.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"first_name": "Oli',
    });
    assert.deepEqual(malformed.json(), { error: ERRORS.malformedJson });
    assert.deepEqual(await storedState(context), before);
    const profile = await context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    assert.deepEqual(profile.json().user, user);
  });

  it('answers 409 when the user changed concurrently', async () => {
    const { token, user } = await signIn(context, 'client@northwind.labline.test');
    context.interleaveBeforeNextAppend(`user-${user.id}`, {
      type: 'UserProfileUpdated',
      data: { userId: user.id, first_name: 'Dan', last_name: 'Brooks', phone: null },
    });
    const response = await context.app.inject({
      method: 'PUT',
      url: '/auth/profile',
      headers: bearer(token),
      payload: { first_name: 'Daniel', last_name: 'Brookes' },
    });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), { error: ERRORS.concurrencyConflict });
    const profile = await context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    assert.equal(profile.json().user.first_name, 'Dan');
  });
});

describe('change password and refresh', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: true });
  });
  afterAll(() => context.close());

  it('checks the current password, then the new one works and the old one does not', async () => {
    const { token, user } = await signIn(context, 'fulfillment@labline.test');
    const post = (payload: object) =>
      context.app.inject({ method: 'POST', url: '/auth/change-password', headers: bearer(token), payload });

    const before = await storedState(context);
    const wrong = await post({ current_password: 'not-it', new_password: 'a-new-password' });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json(), { error: ERRORS.currentPasswordIncorrect });
    const short = await post({ current_password: DEMO_PASSWORD, new_password: 'short' });
    assert.deepEqual(short.json(), { error: 'new_password: must be at least 8 characters' });
    const missing = await post({ current_password: DEMO_PASSWORD });
    assert.deepEqual(missing.json(), { error: 'new_password: Required' });
    assert.deepEqual(await storedState(context), before);

    const changed = await post({ current_password: DEMO_PASSWORD, new_password: 'a-new-password' });
    assert.equal(changed.statusCode, 200);
    assert.deepEqual(changed.json(), { message: MESSAGES.passwordChanged });
    assert.equal((await login(context.app, user.email, DEMO_PASSWORD)).statusCode, 401);
    assert.equal((await login(context.app, user.email, 'a-new-password')).statusCode, 200);

    const [event] = await context.eventsOfType('UserPasswordChanged', `user-${user.id}`);
    assert.deepEqual(event?.data, { userId: user.id, reason: 'self_service' });
    assert.doesNotMatch(JSON.stringify(event), /argon2|a-new-password/);
  });

  it('refreshes a token, and refuses tokens of a deactivated user', async () => {
    const { token, user } = await signIn(context, 'admin@riverside.labline.test');
    const refreshed = await context.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(token) });
    assert.equal(refreshed.statusCode, 200);
    const fresh: string = refreshed.json().token;
    const profile = await context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(fresh) });
    assert.equal(profile.json().user.id, user.id);
    assert.equal((await context.app.inject({ method: 'POST', url: '/auth/refresh' })).statusCode, 401);

    // The check reads the read model's flag (users-write.int.test.ts deactivates through the API).
    await context.pool.query(sql.unsafe`UPDATE users SET is_active = false WHERE id = ${user.id}`);
    for (const url of ['/auth/refresh', '/auth/profile']) {
      const refused = await context.app.inject({
        method: url === '/auth/refresh' ? 'POST' : 'GET',
        url,
        headers: bearer(fresh),
      });
      assert.equal(refused.statusCode, 401);
      assert.deepEqual(refused.json(), { error: ERRORS.invalidToken });
    }
  });
});
