/**
 * A password-reset e-mail through the whole system (issue 13, "Must show"): an administrator asks for it at the
 * gateway, identity issues the link, its event crosses NATS to the notifications service, which sends it through
 * the SMTP sandbox; the link's token, read from the delivered e-mail, sets a new password once and never again.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS } from '@labline/contracts';
import { startStack, type Stack } from '@labline/deploy/stack';
import { waitFor } from '@labline/testkit';

const LAB_USER = 'lab@northwind.labline.test';

describe('a password-reset e-mail', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ mode: 'ephemeral', seed: 'demo' });
  });
  afterAll(() => stack?.stop());

  async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
    const response = await fetch(`${stack.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const signIn = (email: string, password: string) => api('/auth/login', { method: 'POST', body: { email, password } });

  it('arrives in the SMTP sandbox with a link whose token sets a new password once', async () => {
    const admin = await signIn('admin@northwind.labline.test', 'labline-demo');
    assert.equal(admin.status, 200);
    const token = String(admin.body.token);
    const listed = await api(`/users?search=${encodeURIComponent(LAB_USER)}`, { token });
    const labUser = (listed.body.users as { id: number; email: string }[]).find((user) => user.email === LAB_USER);
    assert.ok(labUser);

    const requested = await api(`/users/${labUser.id}/emails`, {
      method: 'POST',
      token,
      body: { type: 'password_reset' },
    });
    assert.equal(requested.status, 202, JSON.stringify(requested.body));

    const mail = await waitFor(
      async () => {
        const { messages } = (await (await fetch(`${stack.sandboxes.smtp}/messages`)).json()) as {
          messages: { envelope: { to: string[] }; subject: string; text: string }[];
        };
        return messages.find((message) => message.envelope.to.includes(LAB_USER)) ?? null;
      },
      { timeoutMs: 30_000, description: 'the reset e-mail in the SMTP sandbox' },
    );
    assert.equal(mail.subject, 'Reset your Labline password');
    const link = /https?:\/\/\S+\/set-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    assert.ok(link, mail.text);
    assert.ok(link.startsWith(`${stack.url}/set-password?token=`), link);
    const linkToken = new URL(link).searchParams.get('token')!;

    const checked = await api(`/auth/password-token?token=${linkToken}`);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    assert.equal(checked.body.email, LAB_USER);

    const set = await api('/auth/set-password', {
      method: 'POST',
      body: { token: linkToken, new_password: 'a-brand-new-password' },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal((await signIn(LAB_USER, 'a-brand-new-password')).status, 200);
    assert.equal((await signIn(LAB_USER, 'labline-demo')).status, 401);

    const again = await api('/auth/set-password', {
      method: 'POST',
      body: { token: linkToken, new_password: 'an-attacker-password' },
    });
    assert.deepEqual(again, { status: 400, body: { error: ACCOUNT_EMAIL_TEXTS.usedLink } });
    assert.equal((await signIn(LAB_USER, 'an-attacker-password')).status, 401);
    assert.equal((await signIn(LAB_USER, 'a-brand-new-password')).status, 200);
  });
});
