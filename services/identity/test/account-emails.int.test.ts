/** POST /users/{id}/emails: the Email communication card's requests (spec 3 §2, §6, §7). */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS, ERRORS, PASSWORD_TOKEN_LIFETIME_SECONDS, type User } from '@labline/contracts';
import { sql } from 'slonik';
import { z } from 'zod';
import { signInDemoAccounts, type DemoAccount, type SignedInAccounts } from './accounts';
import { createUser, emailsTo, latestToken, PUBLIC_WEB_URL, storedTokenState } from './account-emails';
import { startIdentity, type IdentityTestContext } from './harness';

describe('account e-mails: requests', () => {
  let context: IdentityTestContext;
  let accounts: SignedInAccounts;
  let northwindUser: User;
  let riversideUser: User;
  const send = (who: DemoAccount, userId: number, payload: unknown) =>
    accounts.call(who, 'POST', `/users/${userId}/emails`, payload);

  beforeAll(async () => {
    context = await startIdentity({ seed: true });
    accounts = await signInDemoAccounts(context);
    northwindUser = await createUser(accounts, accounts.northwind);
    riversideUser = await createUser(accounts, accounts.riverside);
  });
  afterAll(() => context.close());

  it('issues a reset link: the e-mail carries it, the user stream records it without it, the table keeps a hash', async () => {
    const before = Date.now();
    const response = await send('admin', northwindUser.id, { type: 'password_reset' });
    assert.equal(response.statusCode, 202, response.body);
    assert.deepEqual(response.json(), { message: ACCOUNT_EMAIL_TEXTS.queued('password_reset', northwindUser.email) });

    const [email] = await emailsTo(context, northwindUser.id);
    assert.ok(email);
    assert.equal(email.type, 'password_reset');
    assert.equal(email.recipient_email, northwindUser.email);
    assert.equal(email.institution_id, accounts.northwind);
    assert.equal(email.sign_in_url, `${PUBLIC_WEB_URL}/login`);
    const token = await latestToken(context, northwindUser.id);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(email.link_expires_at!) - before;
    assert.ok(Math.abs(lifetime - PASSWORD_TOKEN_LIFETIME_SECONDS.password_reset * 1000) < 60_000, String(lifetime));

    const [issued] = await context.eventsOfType('PasswordTokenIssued', `user-${northwindUser.id}`);
    assert.ok(issued);
    assert.deepEqual(issued.data, {
      userId: northwindUser.id,
      purpose: 'password_reset',
      expiresAt: email.link_expires_at,
    });
    assert.equal(issued.actor.userId, accounts.ids.admin);

    const stored = await context.pool.any(
      sql.type(z.object({ token_hash: z.string(), purpose: z.string() }))`
        SELECT token_hash, purpose FROM password_tokens WHERE user_id = ${northwindUser.id}`,
    );
    assert.equal(stored.length, 1);
    assert.match(stored[0]!.token_hash, /^[0-9a-f]{64}$/);
    assert.notEqual(stored[0]!.token_hash, token);
    const everywhere = await context.pool.oneFirst(
      sql.type(z.object({ found: z.number() }))`
        SELECT ((SELECT count(*) FROM events WHERE type <> 'AccountEmailRequested' AND strpos(data::text, ${token}) > 0)
              + (SELECT count(*) FROM password_tokens WHERE strpos(token_hash, ${token}) > 0))::int AS found`,
    );
    assert.equal(everywhere, 0, 'the raw token is only in the e-mail request');
  });

  it('gives an account setup link three days', async () => {
    const response = await send('super', northwindUser.id, { type: 'account_setup' });
    assert.equal(response.statusCode, 202, response.body);
    const setup = (await emailsTo(context, northwindUser.id)).at(-1)!;
    assert.equal(setup.type, 'account_setup');
    const lifetime = Date.parse(setup.link_expires_at!) - Date.now();
    assert.ok(Math.abs(lifetime - PASSWORD_TOKEN_LIFETIME_SECONDS.account_setup * 1000) < 60_000, String(lifetime));
  });

  it('requests a custom e-mail with its subject, message and login-info choice, and issues no link', async () => {
    const tokensBefore = await context.pool.oneFirst(
      sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM password_tokens`,
    );
    const response = await send('client', northwindUser.id, {
      type: 'custom',
      subject: '  Rota for next week ',
      message: 'Hello Priya,\nthe rota is on the noticeboard.',
      include_login_info: true,
    });
    assert.equal(response.statusCode, 202, response.body);
    assert.deepEqual(response.json(), { message: ACCOUNT_EMAIL_TEXTS.queued('custom', northwindUser.email) });
    const custom = (await emailsTo(context, northwindUser.id)).at(-1)!;
    assert.deepEqual(
      {
        type: custom.type,
        subject: custom.subject,
        message: custom.message,
        include_login_info: custom.include_login_info,
        link: custom.link,
      },
      {
        type: 'custom',
        subject: 'Rota for next week',
        message: 'Hello Priya,\nthe rota is on the noticeboard.',
        include_login_info: true,
        link: null,
      },
    );
    const tokensAfter = await context.pool.oneFirst(
      sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM password_tokens`,
    );
    assert.equal(tokensAfter, tokensBefore);
  });

  it('is for super_admin, institution_admin and client_admin, within their institutions', async () => {
    assert.equal((await send('super', riversideUser.id, { type: 'password_reset' })).statusCode, 202);
    assert.equal((await send('riversideAdmin', riversideUser.id, { type: 'account_setup' })).statusCode, 202);
    const before = await storedTokenState(context);
    const refusals: [DemoAccount, number, number, string][] = [
      ['riversideAdmin', northwindUser.id, 404, ERRORS.userNotFound],
      ['admin', riversideUser.id, 404, ERRORS.userNotFound],
      ['client', riversideUser.id, 404, ERRORS.userNotFound],
      ['admin', 424_242, 404, ERRORS.userNotFound],
      ['clinician', northwindUser.id, 403, ERRORS.forbidden],
      ['lab', northwindUser.id, 403, ERRORS.forbidden],
      ['fulfillment', northwindUser.id, 403, ERRORS.forbidden],
      // a clinician may read their own account, not e-mail it
      ['clinician', accounts.ids.clinician, 403, ERRORS.forbidden],
    ];
    for (const [who, userId, status, error] of refusals) {
      const response = await send(who, userId, { type: 'password_reset' });
      assert.equal(response.statusCode, status, `${who} → user ${userId}: ${response.body}`);
      assert.deepEqual(response.json(), { error });
    }
    assert.deepEqual(await storedTokenState(context), before);
  });

  it("lets client_admin, whose user screens are closed, read and e-mail their institution's users only", async () => {
    // The record pages offer client_admin the card beside a clinician: the user's facts, then the e-mails.
    const clinician = await accounts.call('client', 'GET', `/users/${accounts.ids.clinician}`);
    assert.equal(clinician.statusCode, 200, clinician.body);
    for (const type of ['password_reset', 'account_setup'] as const) {
      const response = await send('client', northwindUser.id, { type });
      assert.equal(response.statusCode, 202, response.body);
      assert.deepEqual(response.json(), { message: ACCOUNT_EMAIL_TEXTS.queued(type, northwindUser.email) });
    }
    assert.deepEqual(
      (await emailsTo(context, northwindUser.id)).slice(-2).map((email) => email.type),
      ['password_reset', 'account_setup'],
    );
    // Another institution's users are unknown to them, as are their details; nothing is issued.
    const before = await storedTokenState(context);
    for (const response of [
      await accounts.call('client', 'GET', `/users/${riversideUser.id}`),
      await accounts.call('client', 'GET', `/users/${accounts.ids.riversideAdmin}`),
      await send('client', riversideUser.id, { type: 'account_setup' }),
      await send('client', accounts.ids.riversideAdmin, { type: 'custom', subject: 'Hi', message: 'Hello' }),
    ]) {
      assert.equal(response.statusCode, 404, response.body);
      assert.deepEqual(response.json(), { error: ERRORS.userNotFound });
    }
    assert.deepEqual(await storedTokenState(context), before);
  });

  it('sends nothing to an inactive user', async () => {
    const inactive = await context.pool.oneFirst(
      sql.type(z.object({ id: z.number() }))`SELECT id FROM users WHERE email = 'inactive@northwind.labline.test'`,
    );
    const before = await storedTokenState(context);
    for (const payload of [{ type: 'password_reset' }, { type: 'custom', subject: 'Hi', message: 'Hello' }]) {
      const response = await send('admin', inactive, payload);
      assert.equal(response.statusCode, 409, response.body);
      assert.deepEqual(response.json(), { error: ACCOUNT_EMAIL_TEXTS.inactiveUser });
    }
    assert.deepEqual(await storedTokenState(context), before);
  });

  it('refuses bad input with the field named, storing nothing', async () => {
    const before = await storedTokenState(context);
    const cases: [unknown, string][] = [
      [{}, 'type: must be one of password_reset, account_setup, custom'],
      [{ type: 'welcome' }, 'type: must be one of password_reset, account_setup, custom'],
      [{ type: 'custom', message: 'Hello' }, 'subject: Required'],
      [{ type: 'custom', subject: '   ', message: 'Hello' }, 'subject: is required'],
      [{ type: 'custom', subject: 'Hi', message: '' }, 'message: is required'],
      [{ type: 'custom', subject: 'Hi', message: 'x'.repeat(5_001) }, 'message: must be at most 5000 characters'],
      [
        { type: 'custom', subject: 'Hi', message: 'Hello', include_login_info: 'yes' },
        'include_login_info: must be a boolean',
      ],
      [{ type: 'password_reset', subject: 'Hi' }, 'subject: is not allowed'],
      [{ type: 'account_setup', password: 'secret-password' }, 'password: is not allowed'],
    ];
    for (const [payload, error] of cases) {
      const response = await send('super', northwindUser.id, payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      assert.deepEqual(response.json(), { error });
    }
    const badId = await accounts.call('super', 'POST', '/users/abc/emails', { type: 'password_reset' });
    assert.equal(badId.statusCode, 400);
    assert.deepEqual(await storedTokenState(context), before);
  });
});
