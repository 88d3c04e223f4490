import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  CMS_SUB_PERMISSIONS,
  defaultPermissionsForRole,
  ERRORS,
  PHONE_NUMBER_PROBLEM,
  SYSTEM_ACTOR,
  type User,
} from '@labline/contracts';
import { registerUser } from '../src/commands/users';
import { DEMO_PASSWORD } from '../src/seed';
import { signInDemoAccounts, type DemoAccount, type Method, type SignedInAccounts } from './accounts';
import { bearer, login, signIn, startIdentity, storedState, type IdentityTestContext } from './harness';

describe('user administration: writes', () => {
  let context: IdentityTestContext;
  let accounts: SignedInAccounts;
  let ids: SignedInAccounts['ids'];
  let tokens: SignedInAccounts['tokens'];
  let northwind: number;
  let riverside: number;
  const call: SignedInAccounts['call'] = (...args) => accounts.call(...args);

  const newUser = (overrides: Record<string, unknown> = {}) => ({
    email: `new.${Math.random().toString(36).slice(2, 10)}@northwind.labline.test`,
    first_name: 'Nadia',
    last_name: 'Okafor',
    phone: '+44 20 7946 0999',
    role: 'lab_user',
    institution_id: northwind,
    password: 'a-good-password',
    permissions: ['dashboard', 'results'],
    ...overrides,
  });

  beforeAll(async () => {
    context = await startIdentity({ seed: true });
    accounts = await signInDemoAccounts(context);
    ({ ids, tokens, northwind, riverside } = accounts);
  });
  afterAll(() => context.close());

  describe('POST /users', () => {
    it('lets super_admin create a clinician with two institutions and chosen permissions', async () => {
      const payload = newUser({
        role: 'clinician',
        institution_id: northwind,
        clinician_institution_ids: [northwind, riverside],
        permissions: ['dashboard', 'patients'],
      });
      const response = await call('super', 'POST', '/users', payload);
      assert.equal(response.statusCode, 201, response.body);
      const user: User = response.json().user;
      assert.deepEqual(
        user.clinician_institution_ids,
        [northwind, riverside].sort((a, b) => a - b),
      );
      assert.deepEqual(user.permissions, ['dashboard', 'patients']);
      assert.equal(user.institution_name, 'Northwind General Hospital');
      assert.equal(user.phone, '+442079460999', 'stored in E.164');
      const [registered] = await context.eventsOfType('UserRegistered', `user-${user.id}`);
      assert.doesNotMatch(JSON.stringify(registered), /a-good-password|argon2/);
      const signedIn = await login(context.app, payload.email, 'a-good-password');
      assert.equal(signedIn.statusCode, 200);
      assert.deepEqual(signedIn.json().user.permissions, ['dashboard', 'patients']);
    });

    it('refuses what the user form refuses, storing nothing', async () => {
      const before = await storedState(context);
      const cases: [DemoAccount, Record<string, unknown>, number, string][] = [
        ['super', newUser({ password: '' }), 400, ERRORS.passwordRequiredForNewUsers],
        ['super', newUser({ password: undefined }), 400, ERRORS.passwordRequiredForNewUsers],
        ['super', newUser({ password: 'short' }), 400, 'password: must be at least 8 characters'],
        ['super', newUser({ permissions: [] }), 400, ERRORS.selectAtLeastOnePermission],
        ['super', newUser({ permissions: ['cms_markers'] }), 400, ERRORS.selectAtLeastOnePermission],
        ['super', newUser({ permissions: ['dashboard', 'cms'] }), 400, ERRORS.selectAtLeastOneCmsSubPermission],
        ['super', newUser({ role: 'clinician', institution_id: northwind }), 400, ERRORS.cliniciansNeedInstitution],
        ['super', newUser({ institution_id: 424_242 }), 400, ERRORS.institutionNotFound],
        ['super', newUser({ email: 'LAB@northwind.labline.test' }), 409, ERRORS.emailAlreadyRegistered],
        ['super', newUser({ institution_id: null }), 400, ERRORS.institutionRequiredForRole],
        ['super', newUser({ role: 'institution_admin', institution_id: null }), 400, ERRORS.institutionRequiredForRole],
        ['super', newUser({ role: 'super_admin' }), 400, ERRORS.superAdminHasNoInstitution],
        ['admin', newUser({ role: 'super_admin' }), 403, ERRORS.forbidden],
        ['admin', newUser({ institution_id: riverside }), 403, ERRORS.forbidden],
        ['admin', newUser({ role: 'clinician', clinician_institution_ids: [riverside] }), 403, ERRORS.forbidden],
        ['client', newUser(), 403, ERRORS.noPermissionManageUsers],
        ['clinician', newUser(), 403, ERRORS.noPermissionManageUsers],
        ['lab', newUser(), 403, ERRORS.noPermissionManageUsers],
      ];
      for (const [who, payload, status, error] of cases) {
        const response = await call(who, 'POST', '/users', payload);
        assert.equal(response.statusCode, status, `${who} ${JSON.stringify(payload)}: ${response.body}`);
        assert.deepEqual(response.json(), { error });
      }
      assert.deepEqual(await storedState(context), before);
    });

    it('sets the institution and the role defaults for an institution_admin', async () => {
      const response = await call(
        'admin',
        'POST',
        '/users',
        newUser({ role: 'clinician', permissions: ['users', 'cms'], clinician_institution_ids: [] }),
      );
      assert.equal(response.statusCode, 201, response.body);
      const user: User = response.json().user;
      assert.equal(user.institution_id, northwind);
      assert.deepEqual(user.clinician_institution_ids, [northwind]);
      assert.deepEqual(user.permissions, defaultPermissionsForRole('clinician'));
      const admin = await call('admin', 'POST', '/users', newUser({ role: 'institution_admin' }));
      assert.deepEqual(admin.json().user.permissions, defaultPermissionsForRole('institution_admin'));
      assert.ok(CMS_SUB_PERMISSIONS.every((key) => admin.json().user.permissions.includes(key)));
    });

    it('answers bad input with 400 naming the field, storing nothing', async () => {
      const before = await storedState(context);
      const cases: [unknown, RegExp][] = [
        [newUser({ first_name: 7 }), /^first_name: must be a string$/],
        [newUser({ last_name: 'x'.repeat(101) }), /^last_name: must be at most 100 characters$/],
        [newUser({ email: 'not-an-email' }), /^email: must be a valid email address$/],
        [newUser({ phone: '12ab' }), new RegExp(`^phone: ${PHONE_NUMBER_PROBLEM}$`)],
        [newUser({ phone: 'hello world' }), new RegExp(`^phone: ${PHONE_NUMBER_PROBLEM}$`)],
        [newUser({ role: 'wizard' }), /^role: /],
        [newUser({ institution_id: 'one' }), /^institution_id: /],
        [newUser({ permissions: ['everything'] }), /^permissions\.0: /],
        [newUser({ is_admin: true }), /^is_admin: is not allowed$/],
      ];
      for (const [payload, error] of cases) {
        const response = await call('super', 'POST', '/users', payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.match(response.json().error, error);
      }
      const malformed = await context.app.inject({
        method: 'POST',
        url: '/users',
        headers: { ...bearer(tokens.super!), 'content-type': 'application/json' },
        payload: '{"email": "x@',
      });
      assert.equal(malformed.statusCode, 400);
      assert.deepEqual(malformed.json(), { error: ERRORS.malformedJson });
      assert.deepEqual(await storedState(context), before);
    });
  });

  describe('PUT /users/{id}', () => {
    const form = (user: User, overrides: Record<string, unknown> = {}) => ({
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone,
      role: user.role,
      institution_id: user.institution_id,
      clinician_institution_ids: user.clinician_institution_ids,
      permissions: user.permissions,
      ...overrides,
    });
    const current = async (id: number): Promise<User> => (await call('super', 'GET', `/users/${id}`)).json().user;

    it('lets an institution_admin edit their user; an empty password keeps it, a new one replaces it', async () => {
      const lab = await current(ids.lab!);
      const renamed = await call(
        'admin',
        'PUT',
        `/users/${ids.lab}`,
        form(lab, { last_name: 'Grant-Ellis', password: '' }),
      );
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(renamed.json().user.last_name, 'Grant-Ellis');
      const [updated] = await context.eventsOfType('UserUpdated', `user-${ids.lab}`);
      assert.equal(updated?.data && (updated.data as { last_name: string }).last_name, 'Grant-Ellis');
      assert.equal((await login(context.app, lab.email, DEMO_PASSWORD)).statusCode, 200);

      const reset = await call(
        'admin',
        'PUT',
        `/users/${ids.lab}`,
        form(lab, { last_name: 'Grant-Ellis', password: 'reset-by-admin' }),
      );
      assert.equal(reset.statusCode, 200);
      assert.equal((await login(context.app, lab.email, DEMO_PASSWORD)).statusCode, 401);
      assert.equal((await login(context.app, lab.email, 'reset-by-admin')).statusCode, 200);
      const [changed] = await context.eventsOfType('UserPasswordChanged', `user-${ids.lab}`);
      assert.deepEqual(changed?.data, { userId: ids.lab, reason: 'admin_reset' });
      assert.doesNotMatch(JSON.stringify(changed), /reset-by-admin|argon2/);
    });

    it('keeps an institution_admin from escalating or moving anyone, and from foreign users', async () => {
      const before = await storedState(context);
      const lab = await current(ids.lab!);
      const admin = await current(ids.admin!);
      const clinician = await current(ids.clinician!);
      const cases: [number, Record<string, unknown>, number, string][] = [
        [ids.lab!, form(lab, { role: 'super_admin' }), 403, ERRORS.forbidden],
        [ids.admin!, form(admin, { role: 'super_admin' }), 403, ERRORS.forbidden],
        [ids.lab!, form(lab, { institution_id: riverside }), 403, ERRORS.forbidden],
        [ids.clinician!, form(clinician, { clinician_institution_ids: [northwind] }), 403, ERRORS.forbidden],
        [ids.super!, form(lab, { email: 'someone@labline.test' }), 404, ERRORS.userNotFound],
      ];
      for (const [id, payload, status, error] of cases) {
        const response = await call('admin', 'PUT', `/users/${id}`, payload);
        assert.equal(response.statusCode, status, `${id} ${JSON.stringify(payload)}`);
        assert.deepEqual(response.json(), { error });
      }
      // A clinician of Northwind is visible to Riverside's admin through the link, but not theirs to edit.
      const linked = await call('riversideAdmin', 'PUT', `/users/${ids.clinician}`, form(clinician));
      assert.equal(linked.statusCode, 403);
      const foreign = await call('riversideAdmin', 'PUT', `/users/${ids.lab}`, form(lab, { first_name: 'X' }));
      assert.equal(foreign.statusCode, 404);
      const lacking = await call('client', 'PUT', `/users/${ids.lab}`, form(lab));
      assert.deepEqual([lacking.statusCode, lacking.json()], [403, { error: ERRORS.noPermissionManageUsers }]);
      const taken = await call('super', 'PUT', `/users/${ids.lab}`, form(lab, { email: admin.email.toUpperCase() }));
      assert.deepEqual([taken.statusCode, taken.json()], [409, { error: ERRORS.emailAlreadyRegistered }]);
      assert.deepEqual(await storedState(context), before);
      assert.deepEqual(await current(ids.lab!), lab);
    });

    it('keeps an institution_admin from managing a super_admin filed under their institution', async () => {
      // A super_admin with an institution, as data from before the rule could hold: the command path refuses it now.
      const userId = await registerUser(
        context.commands,
        {
          email: 'legacy.root@northwind.labline.test',
          first_name: 'Legacy',
          last_name: 'Root',
          phone: null,
          role: 'super_admin',
          institution_id: northwind,
          clinician_institution_ids: [],
          permissions: [],
          is_active: true,
          password: 'a-good-password',
        },
        { actor: SYSTEM_ACTOR, correlationId: 'legacy-data', causationId: null, traceparent: null },
      );
      const before = await storedState(context);
      const root = await current(userId);
      const attempts: [Method, string, unknown][] = [
        ['PUT', `/users/${userId}`, form(root, { role: 'lab_user' })],
        ['PUT', `/users/${userId}`, form(root, { password: 'a-new-password' })],
        ['POST', `/users/${userId}/deactivate`, undefined],
        ['DELETE', `/users/${userId}`, undefined],
      ];
      for (const [method, url, payload] of attempts) {
        const response = await call('admin', method, url, payload);
        assert.deepEqual(
          [response.statusCode, response.json()],
          [403, { error: ERRORS.forbidden }],
          `${method} ${url}`,
        );
      }
      assert.deepEqual(await storedState(context), before);
    });

    it('lets super_admin change role, institution and permissions', async () => {
      const client = await current(ids.client!);
      const response = await call(
        'super',
        'PUT',
        `/users/${ids.client}`,
        form(client, { institution_id: riverside, permissions: ['dashboard', 'inventory'] }),
      );
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().user.institution_name, 'Riverside Clinic');
      assert.deepEqual(response.json().user.permissions, ['dashboard', 'inventory']);
      const refused = await call('super', 'PUT', `/users/${ids.client}`, form(client, { permissions: ['cms'] }));
      assert.deepEqual(refused.json(), { error: ERRORS.selectAtLeastOneCmsSubPermission });
      // The change ended the user's sessions: the token issued before says the old institution, and is refused.
      const stale = await call('client', 'GET', '/auth/profile');
      assert.deepEqual([stale.statusCode, stale.json()], [401, { error: ERRORS.invalidToken }]);
      tokens.client = (await signIn(context, client.email)).token;
      assert.equal((await call('client', 'GET', '/auth/profile')).json().user.institution_id, riverside);
    });
  });

  describe('deactivation', () => {
    it('refuses the deactivated user at once: their token and their sign-in; reactivation restores sign-in only', async () => {
      const { token, user } = await signIn(context, 'fulfillment@labline.test');
      const profile = () => context.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
      assert.equal((await profile()).statusCode, 200);

      const deactivated = await call('admin', 'POST', `/users/${user.id}/deactivate`);
      assert.equal(deactivated.statusCode, 200, deactivated.body);
      assert.equal(deactivated.json().user.is_active, false);
      assert.deepEqual((await profile()).json(), { error: ERRORS.invalidToken });
      assert.deepEqual((await login(context.app, user.email, DEMO_PASSWORD)).json(), { error: ERRORS.accountInactive });
      const [event] = await context.eventsOfType('UserDeactivated', `user-${user.id}`);
      assert.deepEqual(event?.data, { userId: user.id });

      const reactivated = await call('admin', 'POST', `/users/${user.id}/reactivate`);
      assert.equal(reactivated.json().user.is_active, true);
      // Reactivation does not revive the session that deactivation ended: only a new sign-in works.
      assert.deepEqual((await profile()).json(), { error: ERRORS.invalidToken });
      const again = await login(context.app, user.email, DEMO_PASSWORD);
      assert.equal(again.statusCode, 200);
      const fresh = await context.app.inject({
        method: 'GET',
        url: '/auth/profile',
        headers: bearer(again.json().token),
      });
      assert.equal(fresh.statusCode, 200);
    });

    it('deactivates through the edit form too, and never oneself', async () => {
      const self = await call('admin', 'POST', `/users/${ids.admin}/deactivate`);
      assert.deepEqual([self.statusCode, self.json()], [403, { error: ERRORS.cannotDeactivateSelf }]);
      const admin: User = (await call('admin', 'GET', `/users/${ids.admin}`)).json().user;
      const viaForm = await call('admin', 'PUT', `/users/${ids.admin}`, {
        email: admin.email,
        first_name: admin.first_name,
        last_name: admin.last_name,
        role: admin.role,
        is_active: false,
      });
      assert.deepEqual(viaForm.json(), { error: ERRORS.cannotDeactivateSelf });
      const foreign = await call('riversideAdmin', 'POST', `/users/${ids.lab}/deactivate`);
      assert.equal(foreign.statusCode, 404);
      const lacking = await call('client', 'POST', `/users/${ids.lab}/deactivate`);
      assert.equal(lacking.statusCode, 403);

      const lab: User = (await call('admin', 'GET', `/users/${ids.lab}`)).json().user;
      const off = await call('admin', 'PUT', `/users/${ids.lab}`, {
        email: lab.email,
        first_name: lab.first_name,
        last_name: lab.last_name,
        role: lab.role,
        is_active: false,
      });
      assert.equal(off.json().user.is_active, false);
      const on = await call('admin', 'DELETE', `/users/${ids.lab}`);
      assert.equal(on.json().user.is_active, false);
      assert.equal((await call('admin', 'POST', `/users/${ids.lab}/reactivate`)).json().user.is_active, true);
    });
  });
});
