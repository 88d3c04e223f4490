import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ERRORS, PLANNED_PREFIXES, ROLES, type Principal, type Role } from '@labline/contracts';
import type { TokenVerification } from '@labline/service-kit';
import { decide } from './policy';
import { claimedPaths, gateOf, type Gate, type RouteRow } from './routes';

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

/** The gate of a method at a router pattern of the derived table. */
function gate(method: string, pattern: string): Gate {
  const row = claimedPaths().get(pattern);
  const found = row && gateOf(row, method);
  assert.ok(found, `no gate for ${method} ${pattern}`);
  return found;
}

/** The roles that pass the gate with their default sections, in ROLES order. */
function allowedRoles(target: Gate): Role[] {
  return ROLES.filter((role) => decide(target, signedIn(role)).allow);
}

describe('decide: access kinds', () => {
  const publicRow: Gate = { access: 'public' };
  const authenticatedRow: Gate = { access: 'authenticated' };
  const sectionRow: Gate = { access: ['patients'] };

  test('public passes without a token, with a bad one and with a good one', () => {
    assert.deepEqual(decide(publicRow, undefined), { allow: true });
    assert.deepEqual(decide(publicRow, { ok: false, reason: 'invalid' }), { allow: true });
    assert.deepEqual(decide(publicRow, signedIn('lab_user')), { allow: true });
  });

  for (const target of [authenticatedRow, sectionRow]) {
    test(`${target.access === 'authenticated' ? 'authenticated' : 'section'} rows answer 401 without a usable token`, () => {
      const required = { allow: false, status: 401, error: ERRORS.authenticationRequired };
      const invalid = { allow: false, status: 401, error: ERRORS.invalidToken };
      assert.deepEqual(decide(target, undefined), required);
      assert.deepEqual(decide(target, { ok: false, reason: 'missing' }), required);
      assert.deepEqual(decide(target, { ok: false, reason: 'invalid' }), invalid);
      assert.deepEqual(decide(target, { ok: false, reason: 'expired' }), invalid);
    });
  }

  test('authenticated passes every role', () => {
    assert.deepEqual(allowedRoles(authenticatedRow), [...ROLES]);
  });

  test('a section row refuses with 403 the roles that cannot use the section', () => {
    assert.deepEqual(decide(sectionRow, signedIn('fulfillment_agent')), {
      allow: false,
      status: 403,
      error: ERRORS.forbidden,
    });
  });

  test("a planned service's writeAccess applies to its writes only", () => {
    const target: RouteRow = {
      kind: 'prefix',
      path: '/api/x',
      // a service not built yet (planned prefixes are the only rows with writeAccess), or a made-up one when every
      // service is built
      service: PLANNED_PREFIXES[0]?.service ?? 'results',
      access: 'authenticated',
      writeAccess: ['users'],
    };
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get'])
      assert.equal(decide(gateOf(target, method)!, signedIn('clinician')).allow, true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post'])
      assert.equal(decide(gateOf(target, method)!, signedIn('clinician')).allow, false, method);
  });

  test('alsoRoles pass a section row whatever their sections', () => {
    const target: Gate = { access: ['inventory'], alsoRoles: ['lab_user'] };
    assert.equal(decide(target, signedIn('lab_user', ['dashboard'])).allow, true);
    assert.equal(decide(target, signedIn('clinician')).allow, false);
  });
});

describe('decide: the route table per role (default sections)', () => {
  const everyone = [...ROLES];
  const allButFulfillmentAgent = ROLES.filter((role) => role !== 'fulfillment_agent');
  const cases: [string, string, string, Role[]][] = [
    ['patients', 'GET', '/api/patients', allButFulfillmentAgent],
    ['test requests', 'POST', '/api/tests/requests', allButFulfillmentAgent],
    ['results', 'GET', '/api/results', allButFulfillmentAgent],
    ['result report', 'GET', '/api/results/:id/pdf', allButFulfillmentAgent],
    ['cms lookups', 'GET', '/api/cms/markers', allButFulfillmentAgent],
    ['lab assignments', 'GET', '/api/institutions/:id/labs', allButFulfillmentAgent],
    ['notification tabs', 'GET', '/api/cms/notification-logs', ['super_admin', 'institution_admin']],
    ['reminder configs', 'PUT', '/api/cms/reminder-configs/:reminder_type', ['super_admin', 'institution_admin']],
    ['cron monitoring', 'GET', '/api/cron/scheduler-status', ['super_admin', 'institution_admin']],
    ['storage locations', 'GET', '/api/cms/storage-locations', ['super_admin', 'client_admin', 'fulfillment_agent']],
    ['inventory', 'GET', '/api/inventory', ['super_admin', 'institution_admin', 'client_admin', 'fulfillment_agent']],
    ['fulfillment', 'GET', '/api/fulfillment', ['super_admin', 'client_admin', 'fulfillment_agent']],
    ['fulfillment status', 'PUT', '/api/fulfillment/:id/status', ['super_admin', 'client_admin', 'fulfillment_agent']],
    ['dashboard', 'GET', '/api/analytics/dashboard', everyone],
    // the dashboard's activity filter and the analytics screen: analytics' guards decide who gets them
    ['analytics institutions', 'GET', '/api/analytics/institutions', everyone],
    ['analytics user activity', 'GET', '/api/analytics/user-activity', everyone],
    ['contact', 'POST', '/api/contact/send-email', everyone],
    ['profile', 'PUT', '/api/auth/profile', everyone],
    ['user e-mail card', 'POST', '/api/users/:id/emails', everyone],
    ['user list', 'GET', '/api/users', everyone],
    ['user create', 'POST', '/api/users', ['super_admin', 'institution_admin']],
    ['user edit', 'PUT', '/api/users/:id', ['super_admin', 'institution_admin']],
    ['user detail', 'GET', '/api/users/:id', everyone],
    ['institution list', 'GET', '/api/institutions', everyone],
    ['institution create', 'POST', '/api/institutions', ['super_admin']],
    ['institution edit', 'PUT', '/api/institutions/:id', everyone],
  ];
  for (const [name, method, pattern, expected] of cases) {
    test(`${name}: ${method} ${pattern}`, () => assert.deepEqual(allowedRoles(gate(method, pattern)), expected));
  }

  test('sign-in is public', () => {
    assert.deepEqual(decide(gate('POST', '/api/auth/login'), undefined), { allow: true });
  });
});

describe('decide: a permissions list replaces the role default', () => {
  test('an institution_admin without users may not create or edit users, but still lists them', () => {
    const admin = signedIn('institution_admin', ['dashboard', 'patients', 'tests', 'results', 'cms']);
    assert.deepEqual(decide(gate('POST', '/api/users'), admin), {
      allow: false,
      status: 403,
      error: ERRORS.forbidden,
    });
    assert.equal(decide(gate('PUT', '/api/users/:id'), admin).allow, false);
    assert.equal(decide(gate('GET', '/api/users'), admin).allow, true);
  });

  test('a client_admin with only the dashboard loses inventory and fulfillment, keeps the dashboard', () => {
    const clientAdmin = signedIn('client_admin', ['dashboard']);
    assert.equal(decide(gate('GET', '/api/inventory'), clientAdmin).allow, false);
    assert.equal(decide(gate('GET', '/api/fulfillment'), clientAdmin).allow, false);
    assert.equal(decide(gate('GET', '/api/analytics/dashboard'), clientAdmin).allow, true);
  });

  test('a lab_user with only results still reads test requests for the result form, not patients', () => {
    const labUser = signedIn('lab_user', ['results']);
    assert.equal(decide(gate('GET', '/api/tests/requests'), labUser).allow, true);
    assert.equal(decide(gate('GET', '/api/patients'), labUser).allow, false);
  });

  test('a listed section does not lift a role restriction', () => {
    assert.equal(decide(gate('GET', '/api/inventory'), signedIn('clinician', ['inventory'])).allow, false);
  });

  test('super_admin keeps every section whatever its list says', () => {
    const superAdmin = signedIn('super_admin', ['dashboard']);
    for (const [pattern, row] of claimedPaths()) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const target = gateOf(row, method);
        if (target) assert.equal(decide(target, superAdmin).allow, true, `${method} ${pattern}`);
      }
    }
  });
});
