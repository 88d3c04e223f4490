import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { e164PhoneNumber, ERRORS } from '@labline/contracts';
import { sql } from 'slonik';
import { z } from 'zod';
import { bootstrapAdmin, DEMO_PASSWORD, seedDemo } from '../src/seed';
import { login, signIn, startIdentity, type IdentityTestContext } from './harness';

describe('seedDemo', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: false });
  });
  afterAll(() => context.close());

  it('seeds an empty database once, through events, and every demo account signs in', async () => {
    const [first, second] = await Promise.all([seedDemo(context.commands), seedDemo(context.commands)]);
    assert.deepEqual([first.seeded, second.seeded].sort(), [false, true]);
    assert.deepEqual(await seedDemo(context.commands), { seeded: false });

    const institutions = await context.pool.any(
      sql.type(z.object({ name: z.string(), institution_type: z.string(), api_enabled: z.boolean() }))`
        SELECT name, institution_type, api_enabled FROM institutions ORDER BY id`,
    );
    // Northwind sends its samples to the demo's external laboratory (issue 27)
    assert.deepEqual(institutions, [
      { name: 'Northwind General Hospital', institution_type: 'Hospital', api_enabled: true },
      { name: 'Riverside Clinic', institution_type: 'Clinic', api_enabled: false },
    ]);
    for (const id of [1, 2]) {
      assert.equal((await context.eventsOfType('InstitutionRegistered', `institution-${id}`)).length, 1);
    }
    for (let id = 1; id <= 8; id += 1) {
      const [registered] = await context.eventsOfType('UserRegistered', `user-${id}`);
      assert.equal(registered?.actor.userId, null, 'seeded by the system');
      assert.match(registered?.correlationId ?? '', /^seed-demo-/);
    }

    const expected = {
      'super@labline.test': ['super_admin', null],
      'admin@northwind.labline.test': ['institution_admin', 'Northwind General Hospital'],
      'clinician@northwind.labline.test': ['clinician', 'Northwind General Hospital'],
      'client@northwind.labline.test': ['client_admin', 'Northwind General Hospital'],
      'fulfillment@labline.test': ['fulfillment_agent', 'Northwind General Hospital'],
      'lab@northwind.labline.test': ['lab_user', 'Northwind General Hospital'],
      'admin@riverside.labline.test': ['institution_admin', 'Riverside Clinic'],
    } as const;
    for (const [email, [role, institution]] of Object.entries(expected)) {
      const { user } = await signIn(context, email);
      assert.equal(user.role, role);
      assert.equal(user.institution_name, institution);
      assert.deepEqual(user.permissions, []);
    }
    const inactive = await login(context.app, 'inactive@northwind.labline.test', DEMO_PASSWORD);
    assert.deepEqual(inactive.json(), { error: ERRORS.accountInactive });

    // The demo phone numbers are what the forms would store: E.164 numbers the services accept.
    const phones = await context.pool.anyFirst(sql.type(z.object({ phone: z.string() }))`
      SELECT phone FROM users WHERE phone IS NOT NULL UNION ALL SELECT phone FROM institutions WHERE phone IS NOT NULL`);
    assert.ok(phones.length >= 8, `${phones.length} phones`);
    for (const phone of phones) assert.equal(e164PhoneNumber(phone), phone);
  });
});

describe('bootstrapAdmin', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: false });
  });
  afterAll(() => context.close());

  it('creates nothing without both values, then the first super_admin, and never a second time', async () => {
    assert.deepEqual(await bootstrapAdmin(context.commands, { email: 'root@hospital.example', password: undefined }), {
      created: false,
    });
    assert.deepEqual(await bootstrapAdmin(context.commands, { email: undefined, password: 'a-long-passphrase' }), {
      created: false,
    });
    assert.deepEqual(
      await bootstrapAdmin(context.commands, { email: 'Root@Hospital.example', password: 'a-long-passphrase' }),
      { created: true },
    );
    const { user } = await signIn(context, 'root@hospital.example', 'a-long-passphrase');
    assert.equal(user.role, 'super_admin');
    assert.equal(user.institution_id, null);
    assert.deepEqual(
      await bootstrapAdmin(context.commands, { email: 'other@hospital.example', password: 'another-passphrase' }),
      { created: false },
    );
    assert.deepEqual(await seedDemo(context.commands), { seeded: false });
  });
});
