import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS, SYSTEM_ACTOR } from '@labline/contracts';
import { HttpError } from '@labline/service-kit';
import { sql } from 'slonik';
import { z } from 'zod';
import { registerUser, type NewUser } from '../src/commands/users';
import { startIdentity, type IdentityTestContext } from './harness';

const metadata = { actor: SYSTEM_ACTOR, correlationId: 'register-test' };
const newUser = (email: string): NewUser => ({
  email,
  first_name: 'Ada',
  last_name: 'Byron',
  phone: null,
  role: 'lab_user',
  institution_id: null,
  clinician_institution_ids: [],
  permissions: [],
  is_active: true,
  password: 'a-long-password',
});

const refusedWith = (status: number, message: string) => (error: unknown) =>
  error instanceof HttpError && error.statusCode === status && error.message === message;

describe('registerUser', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: false });
  });
  afterAll(() => context.close());

  it('registers one of two simultaneous registrations of an e-mail and leaves nothing of the other', async () => {
    const results = await Promise.allSettled([
      registerUser(context.commands, newUser('ada@labline.test'), metadata),
      registerUser(context.commands, newUser('ADA@labline.test'), metadata),
    ]);
    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    const rejected = results.filter((result) => result.status === 'rejected');
    assert.equal(fulfilled.length, 1);
    assert.equal(rejected.length, 1);
    assert.ok(refusedWith(409, ERRORS.emailAlreadyRegistered)(rejected[0]?.reason));
    const counts = await context.pool.one(
      sql.type(z.object({ users: z.number(), credentials: z.number(), events: z.number() }))`
        SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM credentials)::int AS credentials,
               (SELECT count(*) FROM events)::int AS events`,
    );
    assert.deepEqual(counts, { users: 1, credentials: 1, events: 1 });
  });

  it('refuses unknown institutions and a clinician without institutions', async () => {
    await assert.rejects(
      registerUser(context.commands, { ...newUser('bob@labline.test'), institution_id: 999 }, metadata),
      refusedWith(400, ERRORS.institutionNotFound),
    );
    await assert.rejects(
      registerUser(context.commands, { ...newUser('cleo@labline.test'), role: 'clinician' }, metadata),
      refusedWith(400, ERRORS.cliniciansNeedInstitution),
    );
  });
});
