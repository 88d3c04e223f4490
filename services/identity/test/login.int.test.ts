import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS, sessionUserSchema } from '@labline/contracts';
import { createTokenVerifier } from '@labline/service-kit';
import { DEMO_PASSWORD } from '../src/seed';
import { withAdminClient } from '@labline/testkit';
import { SCHEMA, storedState, login, startIdentity, type IdentityTestContext } from './harness';

describe('POST /auth/login', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: true });
  });
  afterAll(() => context.close());

  it('signs in: the token verifies against the JWKS endpoint and the user has the session shape', async () => {
    const response = await login(context.app, 'Clinician@Northwind.labline.test', DEMO_PASSWORD, {
      'x-request-id': 'login-clinician-1',
    });
    assert.equal(response.statusCode, 200);
    const { token, user } = response.json();
    const parsed = sessionUserSchema.strict().parse(user);
    assert.equal(parsed.email, 'clinician@northwind.labline.test');
    assert.equal(parsed.role, 'clinician');
    assert.equal(parsed.institution_name, 'Northwind General Hospital');
    assert.equal(parsed.clinician_institution_ids.length, 2);
    assert.deepEqual(parsed.permissions, []);
    assert.equal(parsed.is_active, true);

    const jwks = (await context.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const verification = await createTokenVerifier({ jwks }).verify(`Bearer ${token}`);
    assert.ok(verification.ok);
    assert.equal(verification.principal.id, parsed.id);
    assert.deepEqual(verification.principal.clinician_institution_ids, parsed.clinician_institution_ids);
    const lifetime = verification.expiresAt - Math.floor(Date.now() / 1000);
    assert.ok(lifetime > 800 && lifetime <= 900, `token lifetime ${lifetime}s`);

    const [loggedIn] = await context.eventsOfType('UserLoggedIn', `user-${parsed.id}`);
    assert.ok(loggedIn);
    assert.equal(loggedIn.correlationId, 'login-clinician-1');
    assert.deepEqual(loggedIn.actor, { userId: parsed.id, role: 'clinician', institutionId: parsed.institution_id });
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await login(context.app, 'lab@northwind.labline.test', 'not-the-password');
    const unknown = await login(context.app, 'nobody@northwind.labline.test', DEMO_PASSWORD);
    for (const response of [wrong, unknown]) {
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { error: ERRORS.invalidCredentials });
    }
  });

  it('refuses an inactive account with the right password, and says nothing more with a wrong one', async () => {
    const right = await login(context.app, 'inactive@northwind.labline.test', DEMO_PASSWORD);
    assert.equal(right.statusCode, 403);
    assert.deepEqual(right.json(), { error: ERRORS.accountInactive });
    const wrong = await login(context.app, 'inactive@northwind.labline.test', 'guess-guess');
    assert.equal(wrong.statusCode, 401);
  });

  it('answers bad input with 400 naming the field and stores nothing', async () => {
    const before = await storedState(context);
    const cases: [unknown, string][] = [
      [{ email: 'admin@northwind.labline.test' }, 'password: Required'],
      [{ email: 'not-an-email', password: 'x' }, 'email: must be a valid email address'],
      [{ email: `${'a'.repeat(250)}@b.co`, password: 'x' }, 'email: must be at most 254 characters'],
      [{ email: 42, password: 'x' }, 'email: must be a string'],
      [
        { email: 'admin@northwind.labline.test', password: 'x'.repeat(1025) },
        'password: must be at most 1024 characters',
      ],
      [[], 'body: must be an object'],
    ];
    for (const [payload, error] of cases) {
      const response = await context.app.inject({ method: 'POST', url: '/auth/login', payload: payload as object });
      assert.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      assert.deepEqual(response.json(), { error });
    }
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    assert.equal(malformed.statusCode, 400);
    assert.deepEqual(malformed.json(), { error: ERRORS.malformedJson });
    const empty = await context.app.inject({ method: 'POST', url: '/auth/login' });
    assert.deepEqual(empty.json(), { error: 'body: Required' });
    assert.deepEqual(await storedState(context), before);
  });
});

describe('sign-in limits', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({
      seed: true,
      login: { perAddressMax: 4, perAddressWindowMs: 60_000, perAccountMaxFailures: 3, perAccountWindowMs: 60_000 },
    });
  });
  afterAll(() => context.close());

  it('locks an account after repeated failures, across addresses, until the window passes', async () => {
    const email = 'client@northwind.labline.test';
    for (const [index, address] of ['10.0.0.1', '10.0.0.2', '10.0.0.3'].entries()) {
      const failure = await login(context.app, email, `wrong-${index}`, {}, address);
      assert.equal(failure.statusCode, 401);
    }
    const locked = await login(context.app, email, DEMO_PASSWORD, {}, '10.0.0.4');
    assert.equal(locked.statusCode, 429);
    assert.deepEqual(locked.json(), { error: ERRORS.tooManyLoginAttempts });
    // Other accounts are not affected.
    assert.equal(
      (await login(context.app, 'lab@northwind.labline.test', DEMO_PASSWORD, {}, '10.0.0.5')).statusCode,
      200,
    );

    // Still locked within the window; then the window passes for this account's failures (aged in the table, as
    // the clock would age them) and the right password signs in.
    assert.equal((await login(context.app, email, DEMO_PASSWORD, {}, '10.0.0.6')).statusCode, 429);
    await withAdminClient(context.database.url, (client) =>
      client.query(
        `UPDATE ${SCHEMA}.login_attempts SET attempted_at = attempted_at - interval '1 hour' WHERE account = $1`,
        [email],
      ),
    );
    const later = await login(context.app, email, DEMO_PASSWORD, {}, '10.0.0.6');
    assert.equal(later.statusCode, 200);
  });

  it('holds the account limit across replicas, even for simultaneous attempts', async () => {
    const replica = await context.anotherReplica();
    const email = 'admin@northwind.labline.test';
    const attempts = Array.from({ length: 10 }, (_, index) =>
      login(index % 2 === 0 ? context.app : replica, email, `wrong-${index}`, {}, `10.1.0.${index}`),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode).sort();
    assert.deepEqual(statuses, [401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('limits attempts per client address', async () => {
    const address = '192.168.7.7';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await login(context.app, `nobody${attempt}@labline.test`, 'whatever', {}, address);
      assert.equal(response.statusCode, 401);
    }
    const limited = await login(context.app, 'super@labline.test', DEMO_PASSWORD, {}, address);
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { error: ERRORS.tooManyLoginAttempts });
    assert.equal((await login(context.app, 'super@labline.test', DEMO_PASSWORD, {}, '192.168.7.8')).statusCode, 200);
  });

  it('takes the client address from X-Forwarded-For set by the gateway', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login(
        context.app,
        `ghost${attempt}@labline.test`,
        'whatever',
        { 'x-forwarded-for': '203.0.113.9' },
        '127.0.0.1',
      );
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 429]);
    const otherClient = await login(
      context.app,
      'super@labline.test',
      DEMO_PASSWORD,
      { 'x-forwarded-for': '203.0.113.10' },
      '127.0.0.1',
    );
    assert.equal(otherClient.statusCode, 200);
  });
});

describe('sign-in limits that cannot lock a user out from elsewhere', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({
      seed: true,
      login: {
        perAddressMax: 1_000,
        perAccountAddressMaxFailures: 2,
        perAccountMaxFailures: 50,
        delayAfterFailures: 4,
        perAccountWindowMs: 60_000,
      },
    });
  });
  afterAll(() => context.close());

  it("throttles a guesser's address quickly while the user signs in from their own", async () => {
    const email = 'super@labline.test';
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await login(context.app, email, `guess-${attempt}`, {}, attacker)).statusCode);
    }
    assert.deepEqual(statuses, [401, 401, 429, 429]);
    // Even the right password from the guesser's address waits out the window…
    assert.equal((await login(context.app, email, DEMO_PASSWORD, {}, attacker)).statusCode, 429);
    // …while the only super_admin still signs in from the hospital.
    assert.equal((await login(context.app, email, DEMO_PASSWORD, {}, '10.20.30.40')).statusCode, 200);
  });

  it('slows a guesser spread over many addresses down with growing delays, alike for unknown accounts', async () => {
    const timings = async (email: string, offset: number) => {
      const took: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const started = performance.now();
        const response = await login(context.app, email, `guess-${attempt}`, {}, `203.0.113.${offset + attempt}`);
        took.push(performance.now() - started);
        assert.equal(response.statusCode, 401);
        assert.deepEqual(response.json(), { error: ERRORS.invalidCredentials });
      }
      return took;
    };
    const known = await timings('client@northwind.labline.test', 0);
    const unknown = await timings('nobody-here@labline.test', 100);
    for (const took of [known, unknown]) {
      // Four failures pass at once; the fifth waits at least 250 ms, the sixth 500 ms.
      assert.ok(took[4]! >= 250, `fifth attempt took ${took[4]} ms`);
      assert.ok(took[5]! >= 500, `sixth attempt took ${took[5]} ms`);
    }
  });
});
