import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ERRORS, ROLES, type Principal, type Role } from '@labline/contracts';
import type { TokenVerification } from '@labline/service-kit';
import { decide } from './policy';
import { ROUTES, type RouteRow } from './routes';

function signedIn(role: Role, permissions: string[] = []): TokenVerification {
  const principal: Principal = {
    id: 7,
    email: 'user@test.labline',
    role,
    institution_id: role === 'super_admin' ? null : 1,
    clinician_institution_ids: [],
    permissions,
    sid: '00000000-0000-4000-8000-000000000007',
  };
  return { ok: true, principal, expiresAt: Math.floor(Date.now() / 1000) + 900 };
}

function row(path: string): RouteRow {
  const found = ROUTES.find((candidate) => candidate.path === path && !candidate.exact);
  assert.ok(found, `no prefix row ${path}`);
  return found;
}
function exactRow(path: string): RouteRow {
  const found = ROUTES.find((candidate) => candidate.path === path && candidate.exact);
  assert.ok(found, `no exact row ${path}`);
  return found;
}

/** The roles that pass the row with their default sections, in ROLES order. */
function allowedRoles(target: RouteRow, method = 'GET'): Role[] {
  return ROLES.filter((role) => decide(target, method, signedIn(role)).allow);
}

describe('decide: access kinds', () => {
  const publicRow: RouteRow = { path: '/api/x', service: 'identity', access: 'public' };
  const authenticatedRow: RouteRow = { path: '/api/x', service: 'identity', access: 'authenticated' };
  const sectionRow: RouteRow = { path: '/api/x', service: 'clinical', access: ['patients'] };

  test('public passes without a token, with a bad one and with a good one', () => {
    assert.deepEqual(decide(publicRow, 'POST', undefined), { allow: true });
    assert.deepEqual(decide(publicRow, 'POST', { ok: false, reason: 'invalid' }), { allow: true });
    assert.deepEqual(decide(publicRow, 'POST', signedIn('lab_user')), { allow: true });
  });

  for (const target of [authenticatedRow, sectionRow]) {
    test(`${target.access === 'authenticated' ? 'authenticated' : 'section'} rows answer 401 without a usable token`, () => {
      const required = { allow: false, status: 401, error: ERRORS.authenticationRequired };
      const invalid = { allow: false, status: 401, error: ERRORS.invalidToken };
      assert.deepEqual(decide(target, 'GET', undefined), required);
      assert.deepEqual(decide(target, 'GET', { ok: false, reason: 'missing' }), required);
      assert.deepEqual(decide(target, 'GET', { ok: false, reason: 'invalid' }), invalid);
      assert.deepEqual(decide(target, 'GET', { ok: false, reason: 'expired' }), invalid);
    });
  }

  test('authenticated passes every role', () => {
    assert.deepEqual(allowedRoles(authenticatedRow), [...ROLES]);
  });

  test('a section row refuses with 403 the roles that cannot use the section', () => {
    assert.deepEqual(decide(sectionRow, 'GET', signedIn('fulfillment_agent')), {
      allow: false,
      status: 403,
      error: ERRORS.forbidden,
    });
  });

  test('writeAccess applies to writes only', () => {
    const target: RouteRow = { path: '/api/x', service: 'identity', access: 'authenticated', writeAccess: ['users'] };
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get'])
      assert.equal(decide(target, method, signedIn('clinician')).allow, true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post'])
      assert.equal(decide(target, method, signedIn('clinician')).allow, false, method);
  });

  test('alsoRoles pass a section row whatever their sections', () => {
    const target: RouteRow = { path: '/api/x', service: 'inventory', access: ['inventory'], alsoRoles: ['lab_user'] };
    assert.equal(decide(target, 'GET', signedIn('lab_user', ['dashboard'])).allow, true);
    assert.equal(decide(target, 'GET', signedIn('clinician')).allow, false);
  });
});

describe('decide: the route table per role (default sections)', () => {
  const everyone = [...ROLES];
  const allButFulfillmentAgent = ROLES.filter((role) => role !== 'fulfillment_agent');
  const cases: [string, RouteRow, string, Role[]][] = [
    ['patients', row('/api/patients'), 'GET', allButFulfillmentAgent],
    ['test requests', row('/api/tests'), 'POST', allButFulfillmentAgent],
    ['results', row('/api/results'), 'GET', allButFulfillmentAgent],
    ['external lab', row('/api/external-api'), 'POST', allButFulfillmentAgent],
    ['cms lookups', row('/api/cms'), 'GET', allButFulfillmentAgent],
    ['lab assignments', row('/api/institutions/:id/labs'), 'GET', allButFulfillmentAgent],
    ['notification tabs', row('/api/cms/notification-*'), 'GET', ['super_admin', 'institution_admin']],
    ['reminder configs', row('/api/cms/reminder-configs'), 'PUT', ['super_admin', 'institution_admin']],
    ['cron monitoring', row('/api/cron'), 'GET', ['super_admin', 'institution_admin']],
    [
      'storage locations',
      row('/api/cms/storage-locations'),
      'GET',
      ['super_admin', 'client_admin', 'fulfillment_agent'],
    ],
    [
      'inventory',
      row('/api/inventory'),
      'GET',
      ['super_admin', 'institution_admin', 'client_admin', 'fulfillment_agent'],
    ],
    ['fulfillment', row('/api/fulfillment'), 'GET', everyone],
    ['analytics', row('/api/analytics'), 'GET', ['super_admin', 'institution_admin', 'client_admin']],
    ['dashboard', row('/api/analytics/dashboard'), 'GET', everyone],
    ['contact', row('/api/contact'), 'POST', everyone],
    ['profile', row('/api/auth'), 'PUT', everyone],
    ['user pickers', row('/api/users'), 'GET', everyone],
    ['user list', exactRow('/api/users'), 'GET', everyone],
    ['user create', exactRow('/api/users'), 'POST', ['super_admin', 'institution_admin']],
    ['user edit', exactRow('/api/users/:id'), 'PUT', ['super_admin', 'institution_admin']],
    ['user detail', exactRow('/api/users/:id'), 'GET', everyone],
    ['institution list', exactRow('/api/institutions'), 'GET', everyone],
    ['institution create', exactRow('/api/institutions'), 'POST', ['super_admin']],
    ['institution edit', row('/api/institutions'), 'PUT', everyone],
  ];
  for (const [name, target, method, expected] of cases) {
    test(`${name}: ${method} ${target.path}`, () => assert.deepEqual(allowedRoles(target, method), expected));
  }

  test('sign-in is public', () => {
    assert.deepEqual(decide(exactRow('/api/auth/login'), 'POST', undefined), { allow: true });
  });
});

describe('decide: a permissions list replaces the role default', () => {
  test('an institution_admin without users may not create or edit users, but still lists them', () => {
    const admin = signedIn('institution_admin', ['dashboard', 'patients', 'tests', 'results', 'cms']);
    assert.deepEqual(decide(exactRow('/api/users'), 'POST', admin), {
      allow: false,
      status: 403,
      error: ERRORS.forbidden,
    });
    assert.equal(decide(exactRow('/api/users/:id'), 'PUT', admin).allow, false);
    assert.equal(decide(exactRow('/api/users'), 'GET', admin).allow, true);
  });

  test('a client_admin with only the dashboard loses inventory, fulfillment and analytics', () => {
    const clientAdmin = signedIn('client_admin', ['dashboard']);
    assert.equal(decide(row('/api/inventory'), 'GET', clientAdmin).allow, false);
    assert.equal(decide(row('/api/fulfillment'), 'GET', clientAdmin).allow, false);
    assert.equal(decide(row('/api/analytics'), 'GET', clientAdmin).allow, false);
    assert.equal(decide(row('/api/analytics/dashboard'), 'GET', clientAdmin).allow, true);
  });

  test('a lab_user with only results still reads test requests for the result form, not patients', () => {
    const labUser = signedIn('lab_user', ['results']);
    assert.equal(decide(row('/api/tests'), 'GET', labUser).allow, true);
    assert.equal(decide(row('/api/patients'), 'GET', labUser).allow, false);
  });

  test('a listed section does not lift a role restriction', () => {
    assert.equal(decide(row('/api/inventory'), 'GET', signedIn('clinician', ['inventory'])).allow, false);
    assert.equal(decide(row('/api/analytics'), 'GET', signedIn('lab_user', ['analytics'])).allow, false);
  });

  test('super_admin keeps every section whatever its list says', () => {
    const superAdmin = signedIn('super_admin', ['dashboard']);
    for (const target of ROUTES) assert.equal(decide(target, 'POST', superAdmin).allow, true, target.path);
  });
});
