import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS, userSchema, type User } from '@labline/contracts';
import { signInDemoAccounts, type SignedInAccounts } from './accounts';
import { startIdentity, type IdentityTestContext } from './harness';

describe('user administration: reads', () => {
  let context: IdentityTestContext;
  let accounts: SignedInAccounts;
  let ids: SignedInAccounts['ids'];
  let northwind: number;
  let riverside: number;
  const call: SignedInAccounts['call'] = (...args) => accounts.call(...args);

  beforeAll(async () => {
    context = await startIdentity({ seed: true });
    accounts = await signInDemoAccounts(context);
    ({ ids, northwind, riverside } = accounts);
  });
  afterAll(() => context.close());

  describe('GET /users', () => {
    it('lists every user to super_admin, with search, filters and pagination', async () => {
      const all = await call('super', 'GET', '/users?limit=100');
      assert.equal(all.statusCode, 200);
      const body = all.json();
      assert.equal(body.pagination.total, 8);
      for (const user of body.users) userSchema.strict().parse(user);
      const emily: User = body.users.find((user: User) => user.email === 'clinician@northwind.labline.test');
      assert.deepEqual(emily.clinician_institution_names, ['Northwind General Hospital', 'Riverside Clinic']);
      assert.equal(emily.clinician_institutions, 'Northwind General Hospital, Riverside Clinic');

      const search = await call('super', 'GET', '/users?search=chen');
      assert.deepEqual(
        search.json().users.map((user: User) => user.email),
        ['clinician@northwind.labline.test'],
      );
      const byName = await call('super', 'GET', '/users?search=Emily%20Ch');
      assert.equal(byName.json().pagination.total, 1);
      const inactive = await call('super', 'GET', '/users?is_active=false');
      assert.deepEqual(
        inactive.json().users.map((user: User) => user.email),
        ['inactive@northwind.labline.test'],
      );
      const page = await call('super', 'GET', '/users?page=3&limit=3');
      assert.deepEqual(page.json().pagination, { page: 3, limit: 3, total: 8, pages: 3 });
      assert.equal(page.json().users.length, 2);
      const riversideUsers = await call('super', 'GET', `/users?institution_id=${riverside}`);
      assert.deepEqual(
        riversideUsers
          .json()
          .users.map((user: User) => user.email)
          .sort(),
        ['admin@riverside.labline.test', 'clinician@northwind.labline.test'],
      );
    });

    it('lists an institution_admin and a client_admin their own institution only', async () => {
      const own = await call('riversideAdmin', 'GET', '/users');
      assert.deepEqual(
        own
          .json()
          .users.map((user: User) => user.email)
          .sort(),
        ['admin@riverside.labline.test', 'clinician@northwind.labline.test'],
      );
      const foreignFilter = await call('riversideAdmin', 'GET', `/users?institution_id=${northwind}&role=lab_user`);
      assert.deepEqual(foreignFilter.json().users, []);
      // A client_admin administers nobody: the same users, as picker entries (id, name, role) only.
      const client = await call('client', 'GET', '/users?limit=100');
      const northwindUsers = await call('super', 'GET', `/users?institution_id=${northwind}&limit=100`);
      const idsOf = (users: { id: number }[]) => users.map((user) => user.id).sort((a, b) => a - b);
      assert.deepEqual(idsOf(client.json().users), idsOf(northwindUsers.json().users));
      assert.equal(client.json().pagination.total, 6);
      for (const user of client.json().users) {
        assert.deepEqual(Object.keys(user).sort(), ['first_name', 'id', 'last_name', 'role']);
      }
    });

    it('lets the form pickers of clinicians and fulfillment agents list clinicians and partners only', async () => {
      const clinicians = await call('clinician', 'GET', `/users?role=clinician&institution_id=${riverside}`);
      assert.equal(clinicians.statusCode, 200);
      // Pickers get id, name and role only: no e-mail, phone or permissions of colleagues.
      assert.deepEqual(Object.keys(clinicians.json().users[0]).sort(), ['first_name', 'id', 'last_name', 'role']);
      assert.deepEqual(
        clinicians.json().users.map((user: User) => user.id),
        [ids.clinician],
      );
      const partners = await call('client', 'GET', '/users?role=fulfillment_agent');
      assert.deepEqual(
        partners.json().users.map((user: User) => user.id),
        [ids.fulfillment],
      );
      assert.equal((await call('clinician', 'GET', '/users?role=fulfillment_agent')).json().pagination.total, 1);
      assert.equal((await call('fulfillment', 'GET', '/users?role=fulfillment_agent')).statusCode, 200);
      for (const [who, url] of [
        ['clinician', '/users'],
        ['clinician', '/users?role=lab_user'],
        ['fulfillment', '/users?role=clinician'],
        ['lab', '/users?role=clinician'],
      ] as const) {
        const refused = await call(who, 'GET', url);
        assert.equal(refused.statusCode, 403, `${who} ${url}`);
        assert.deepEqual(refused.json(), { error: ERRORS.forbidden });
      }
    });

    it('answers 400 naming a bad query parameter', async () => {
      const response = await call('super', 'GET', '/users?role=wizard&limit=1000');
      assert.equal(response.statusCode, 400);
      assert.match(response.json().error, /^limit: .*role: |^role: .*limit: /);
    });
  });

  describe('GET /users/{id}', () => {
    it('answers in scope and 404 outside it', async () => {
      assert.equal((await call('super', 'GET', `/users/${ids.lab}`)).json().user.email, 'lab@northwind.labline.test');
      assert.equal((await call('admin', 'GET', `/users/${ids.lab}`)).statusCode, 200);
      assert.equal((await call('client', 'GET', `/users/${ids.lab}`)).statusCode, 200);
      assert.equal((await call('lab', 'GET', `/users/${ids.lab}`)).statusCode, 200);
      for (const [who, target] of [
        ['riversideAdmin', ids.lab],
        ['admin', ids.super],
        ['lab', ids.clinician],
        ['clinician', ids.admin],
        ['super', 999_999],
      ] as const) {
        const response = await call(who, 'GET', `/users/${target}`);
        assert.equal(response.statusCode, 404, `${who} → ${target}`);
        assert.deepEqual(response.json(), { error: ERRORS.userNotFound });
      }
    });
  });
});
