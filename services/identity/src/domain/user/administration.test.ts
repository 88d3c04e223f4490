import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { defaultPermissionsForRole, ERRORS } from '@labline/contracts';
import { RuleViolation } from '@labline/eventstore';
import { accountAfterUpdate, accountForNewUser, type AccountInput, type Administrator } from './administration';
import type { UserState } from './state';

const superAdmin: Administrator = { userId: 1, role: 'super_admin', institutionId: null };
const northwindAdmin: Administrator = { userId: 2, role: 'institution_admin', institutionId: 10 };
const input: AccountInput = {
  email: 'nadia@northwind.test',
  first_name: 'Nadia',
  last_name: 'Okafor',
  phone: null,
  role: 'clinician',
  institution_id: null,
  clinician_institution_ids: [],
  permissions: ['dashboard'],
};
const clinician: Extract<UserState, { status: 'registered' }> = {
  status: 'registered',
  userId: 5,
  email: input.email,
  role: 'clinician',
  institutionId: 10,
  clinicianInstitutionIds: [10, 20],
  permissions: ['dashboard', 'patients'],
  isActive: true,
  firstName: 'Nadia',
  lastName: 'Okafor',
  phone: null,
  sessions: [],
};

const refusal = (kind: RuleViolation['kind'], message: string) => (error: unknown) =>
  error instanceof RuleViolation && error.kind === kind && error.message === message;

describe('user administration rules', () => {
  it('gives an institution_admin their institution and the role defaults', () => {
    const account = accountForNewUser(northwindAdmin, { ...input, permissions: ['users'] });
    assert.equal(account.institution_id, 10);
    assert.deepEqual(account.clinician_institution_ids, [10]);
    assert.deepEqual(account.permissions, defaultPermissionsForRole('clinician'));
  });

  it('refuses an institution_admin escalating or reaching another institution', () => {
    assert.throws(
      () => accountForNewUser(northwindAdmin, { ...input, role: 'super_admin' }),
      refusal('forbidden', ERRORS.forbidden),
    );
    assert.throws(
      () => accountForNewUser(northwindAdmin, { ...input, institution_id: 20 }),
      refusal('forbidden', ERRORS.forbidden),
    );
    assert.throws(
      () => accountAfterUpdate(northwindAdmin, clinician, { ...input, clinician_institution_ids: [10] }),
      refusal('forbidden', ERRORS.forbidden),
    );
    assert.throws(
      () => accountAfterUpdate(northwindAdmin, { ...clinician, institutionId: 20 }, input),
      refusal('forbidden', ERRORS.forbidden),
    );
  });

  it("keeps another institution's clinician link an institution_admin cannot see, and the permissions", () => {
    const account = accountAfterUpdate(northwindAdmin, clinician, {
      ...input,
      last_name: 'Okafor-Reid',
      clinician_institution_ids: [20, 10],
      permissions: ['users'],
    });
    assert.deepEqual(account.clinician_institution_ids, [20, 10]);
    assert.deepEqual(account.permissions, ['dashboard', 'patients']);
    // Changing the role would drop the other institution's link: that is the other institution's business.
    assert.throws(
      () => accountAfterUpdate(northwindAdmin, clinician, { ...input, role: 'lab_user' }),
      refusal('forbidden', ERRORS.forbidden),
    );
    const ownOnly = { ...clinician, clinicianInstitutionIds: [10] };
    const relabelled = accountAfterUpdate(northwindAdmin, ownOnly, { ...input, role: 'lab_user' });
    assert.deepEqual(relabelled.permissions, defaultPermissionsForRole('lab_user'));
    assert.deepEqual(relabelled.clinician_institution_ids, []);
  });

  it("checks a super_admin's menu permissions", () => {
    assert.throws(
      () => accountForNewUser(superAdmin, { ...input, permissions: [] }),
      refusal('invalid', ERRORS.selectAtLeastOnePermission),
    );
    assert.throws(
      () => accountForNewUser(superAdmin, { ...input, permissions: ['cms'] }),
      refusal('invalid', ERRORS.selectAtLeastOneCmsSubPermission),
    );
    assert.deepEqual(accountForNewUser(superAdmin, { ...input, role: 'super_admin', permissions: [] }).permissions, []);
    assert.deepEqual(accountAfterUpdate(superAdmin, clinician, { ...input, permissions: [] }).permissions, []);
  });

  it('refuses every other role', () => {
    for (const role of ['clinician', 'client_admin', 'fulfillment_agent', 'lab_user'] as const) {
      assert.throws(
        () => accountForNewUser({ userId: 9, role, institutionId: 10 }, input),
        refusal('forbidden', ERRORS.noPermissionManageUsers),
      );
    }
  });
});
