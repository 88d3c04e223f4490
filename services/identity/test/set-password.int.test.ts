/** The public set-password calls: a link's token sets the password once, while it works (spec 3 §2 e-mail card). */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS, ERRORS, type User } from '@labline/contracts';
import type { HttpApp } from '@labline/service-kit';
import { sql } from 'slonik';
import { signInDemoAccounts, type SignedInAccounts } from './accounts';
import { createUser, latestToken, storedTokenState } from './account-emails';
import { bearer, login, signIn, startIdentity, type IdentityTestContext } from './harness';

describe('set-password links', () => {
  let context: IdentityTestContext;
  let accounts: SignedInAccounts;
  let replica: HttpApp;

  const check = (token: string, app: HttpApp = context.app) =>
    app.inject({ method: 'GET', url: `/auth/password-token?token=${encodeURIComponent(token)}` });
  const setPassword = (payload: Record<string, unknown>, app: HttpApp = context.app) =>
    app.inject({ method: 'POST', url: '/auth/set-password', payload });
  /** A new user and the token of a link of the purpose e-mailed to them. */
  const linkFor = async (purpose: 'password_reset' | 'account_setup' = 'password_reset', user?: User) => {
    const target = user ?? (await createUser(accounts, accounts.northwind));
    const response = await accounts.call('admin', 'POST', `/users/${target.id}/emails`, { type: purpose });
    assert.equal(response.statusCode, 202, response.body);
    return { user: target, token: await latestToken(context, target.id) };
  };
  const refusedWith = async (token: string, error: string) => {
    const before = await storedTokenState(context);
    const checked = await check(token);
    assert.equal(checked.statusCode, 400, checked.body);
    assert.deepEqual(checked.json(), { error });
    const used = await setPassword({ token, new_password: 'never-stored-1' });
    assert.equal(used.statusCode, 400, used.body);
    assert.deepEqual(used.json(), { error });
    assert.deepEqual(await storedTokenState(context), before);
  };

  beforeAll(async () => {
    context = await startIdentity({ seed: true });
    accounts = await signInDemoAccounts(context);
    replica = await context.anotherReplica();
  });
  afterAll(() => context.close());

  it('sets a new password once: the old one and every session end, the link cannot be used again', async () => {
    const { user, token } = await linkFor();
    const session = await signIn(context, user.email, 'first-password');

    const checked = await check(token);
    assert.equal(checked.statusCode, 200, checked.body);
    assert.equal(checked.json().purpose, 'password_reset');
    assert.equal(checked.json().email, user.email);

    const response = await setPassword({ token, new_password: 'second-password', confirm_password: 'second-password' });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { message: ACCOUNT_EMAIL_TEXTS.passwordSet });
    assert.equal((await login(context.app, user.email, 'first-password')).statusCode, 401);
    assert.equal((await login(context.app, user.email, 'second-password')).statusCode, 200);
    const profile = await context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(session.token) });
    assert.equal(profile.statusCode, 401);

    const stream = `user-${user.id}`;
    const [used] = await context.eventsOfType('PasswordTokenUsed', stream);
    assert.deepEqual(used?.data, { userId: user.id, purpose: 'password_reset' });
    assert.equal(used?.actor.userId, user.id);
    assert.deepEqual((await context.eventsOfType('UserPasswordChanged', stream)).at(-1)?.data, {
      userId: user.id,
      reason: 'password_reset',
    });

    await refusedWith(token, ACCOUNT_EMAIL_TEXTS.usedLink);
    assert.equal((await login(context.app, user.email, 'second-password')).statusCode, 200);
  });

  it('refuses an expired link', async () => {
    const { user, token } = await linkFor('account_setup');
    await context.pool.query(sql.unsafe`
      UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`);
    await refusedWith(token, ACCOUNT_EMAIL_TEXTS.expiredLink);
    assert.equal((await login(context.app, user.email, 'first-password')).statusCode, 200);
  });

  it("refuses a link a newer one of its purpose replaced; a used link ends the user's other links", async () => {
    const { user, token: first } = await linkFor('password_reset');
    const { token: setup } = await linkFor('account_setup', user);
    const { token: second } = await linkFor('password_reset', user);
    await refusedWith(first, ACCOUNT_EMAIL_TEXTS.supersededLink);
    // a reset does not replace the setup link…
    assert.equal((await check(setup)).statusCode, 200);
    assert.equal((await setPassword({ token: second, new_password: 'newest-password' })).statusCode, 200);
    // …but setting the password does
    await refusedWith(setup, ACCOUNT_EMAIL_TEXTS.supersededLink);
  });

  it('lets exactly one of several uses at once, on two replicas, set the password', async () => {
    const { user, token } = await linkFor();
    const passwords = ['racing-password-1', 'racing-password-2', 'racing-password-3', 'racing-password-4'];
    const responses = await Promise.all(
      passwords.map((new_password, index) => setPassword({ token, new_password }, index % 2 ? replica : context.app)),
    );
    const succeeded = responses.flatMap((response, index) => (response.statusCode === 200 ? [passwords[index]!] : []));
    assert.equal(succeeded.length, 1, responses.map((response) => response.body).join('\n'));
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json(), { error: ACCOUNT_EMAIL_TEXTS.usedLink });
    }
    assert.equal((await context.eventsOfType('PasswordTokenUsed', `user-${user.id}`)).length, 1);
    for (const password of passwords) {
      const expected = password === succeeded[0] ? 200 : 401;
      assert.equal((await login(context.app, user.email, password)).statusCode, expected, password);
    }
  });

  it('refuses the link of a user deactivated since, and one a password change made stale', async () => {
    const deactivated = await linkFor();
    const response = await accounts.call('admin', 'POST', `/users/${deactivated.user.id}/deactivate`);
    assert.equal(response.statusCode, 200, response.body);
    await refusedWith(deactivated.token, ERRORS.accountInactive);

    const changed = await linkFor();
    const session = await signIn(context, changed.user.email, 'first-password');
    const change = await context.app.inject({
      method: 'POST',
      url: '/auth/change-password',
      headers: bearer(session.token),
      payload: { current_password: 'first-password', new_password: 'changed-by-themself' },
    });
    assert.equal(change.statusCode, 200, change.body);
    await refusedWith(changed.token, ACCOUNT_EMAIL_TEXTS.supersededLink);
  });

  it('refuses bad input with the field named and an unknown link, storing nothing', async () => {
    const { token } = await linkFor();
    const before = await storedTokenState(context);
    const cases: [Record<string, unknown>, string][] = [
      [{ new_password: 'a-fine-password' }, 'token: Required'],
      [{ token: '', new_password: 'a-fine-password' }, 'token: is required'],
      [{ token, new_password: 'short' }, 'new_password: must be at least 8 characters'],
      [{ token }, 'new_password: Required'],
      [{ token, new_password: 'a-fine-password', confirm_password: 'another-one' }, ERRORS.newPasswordsDoNotMatch],
      [{ token, new_password: 'a-fine-password', email: 'someone@labline.test' }, 'email: is not allowed'],
      [{ token: 'A'.repeat(43), new_password: 'a-fine-password' }, ACCOUNT_EMAIL_TEXTS.invalidLink],
    ];
    for (const [payload, error] of cases) {
      const response = await setPassword(payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.match(response.json().error, new RegExp(error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    assert.equal((await check('A'.repeat(43))).json().error, ACCOUNT_EMAIL_TEXTS.invalidLink);
    assert.equal((await context.app.inject({ method: 'GET', url: '/auth/password-token' })).statusCode, 400);
    assert.deepEqual(await storedTokenState(context), before);
    assert.equal((await check(token)).statusCode, 200, 'the link still works after the refusals');
  });
});
