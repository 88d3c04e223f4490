/** What the account e-mail tests share: a fresh user to e-mail, the e-mails requested, the links' tokens. */
import assert from 'node:assert/strict';
import { IDENTITY_EVENT_SCHEMAS, type IdentityEventData, type User } from '@labline/contracts';
import { sql } from 'slonik';
import { z } from 'zod';
import type { SignedInAccounts } from './accounts';
import type { IdentityTestContext } from './harness';

export const PUBLIC_WEB_URL = 'http://localhost:8080';

/** A new active lab user of the institution, created by super_admin; their password is `first-password`. */
export async function createUser(accounts: SignedInAccounts, institutionId: number): Promise<User> {
  const response = await accounts.call('super', 'POST', '/users', {
    email: `reset.${Math.random().toString(36).slice(2, 10)}@northwind.labline.test`,
    first_name: 'Priya',
    last_name: 'Nair',
    role: 'lab_user',
    institution_id: institutionId,
    password: 'first-password',
    permissions: ['dashboard', 'results'],
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().user;
}

/** The e-mails requested for the user, oldest first (their events, as the notifications service reads them). */
export async function emailsTo(
  context: IdentityTestContext,
  userId: number,
): Promise<IdentityEventData<'AccountEmailRequested'>[]> {
  const rows = await context.pool.anyFirst(sql.type(z.object({ data: z.unknown() }))`
    SELECT data FROM events WHERE type = 'AccountEmailRequested' AND (data->>'userId')::int = ${userId}
    ORDER BY global_position`);
  return rows.map((data) => IDENTITY_EVENT_SCHEMAS.AccountEmailRequested.parse(data));
}

/** The token of the user's latest e-mailed link. */
export async function latestToken(context: IdentityTestContext, userId: number): Promise<string> {
  const link = (await emailsTo(context, userId)).findLast((email) => email.link !== null)?.link;
  assert.ok(link, `no link was e-mailed to user ${userId}`);
  const url = new URL(link);
  assert.equal(`${url.origin}${url.pathname}`, `${PUBLIC_WEB_URL}/set-password`);
  const token = url.searchParams.get('token');
  assert.ok(token);
  return token;
}

/** Everything a refused request must leave as it was: events, credentials and tokens. */
export async function storedTokenState(context: IdentityTestContext) {
  return context.pool.one(
    sql.type(z.object({ events: z.number(), credentials: z.string(), tokens: z.string() }))`
      SELECT (SELECT count(*) FROM events)::int AS events,
             (SELECT md5(coalesce(string_agg(user_id || ':' || password_hash, ',' ORDER BY user_id), ''))
              FROM credentials) AS credentials,
             (SELECT md5(coalesce(string_agg(concat_ws(':', token_hash, used_at, superseded_at), ','
                                             ORDER BY token_hash), ''))
              FROM password_tokens) AS tokens`,
  );
}
