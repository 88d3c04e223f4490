import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ERRORS, type Role, type ServiceName } from '@labline/contracts';
import { createTestKeys } from '@labline/testkit';
import { bearer, received, startHarness, type Harness } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every API call of the three spec documents, and the service that must answer it. */
const SPEC_CALLS: [Method, string, ServiceName][] = [
  ['POST', '/api/auth/login', 'identity'],
  ['GET', '/api/auth/profile', 'identity'],
  ['PUT', '/api/auth/profile', 'identity'],
  ['POST', '/api/auth/change-password', 'identity'],
  ['GET', '/api/users?role=clinician&institution_id=1', 'identity'],
  ['GET', '/api/users?role=fulfillment_agent', 'identity'],
  ['GET', '/api/users/5', 'identity'],
  ['POST', '/api/users', 'identity'],
  ['PUT', '/api/users/5', 'identity'],
  ['GET', '/api/institutions', 'identity'],
  ['GET', '/api/institutions/my', 'identity'],
  ['GET', '/api/institutions/3', 'identity'],
  ['POST', '/api/institutions', 'identity'],
  ['PUT', '/api/institutions/3', 'identity'],
  ['GET', '/api/institutions/3/stats', 'identity'],
  ['GET', '/api/institutions/3/clinicians', 'identity'],
  ['GET', '/api/institutions/3/labs?sample_type=blood', 'clinical'],
  ['POST', '/api/institutions/3/labs', 'clinical'],
  ['DELETE', '/api/institutions/3/labs/9', 'clinical'],
  ['GET', '/api/patients?search=smith&page=1&limit=10', 'clinical'],
  ['GET', '/api/patients/12', 'clinical'],
  ['POST', '/api/patients', 'clinical'],
  ['PUT', '/api/patients/12', 'clinical'],
  ['DELETE', '/api/patients/12', 'clinical'],
  ['GET', '/api/patients/institution/3', 'clinical'],
  ['GET', '/api/tests/requests?page=1&status=pending&limit=20', 'clinical'],
  ['GET', '/api/tests/requests/12', 'clinical'],
  ['POST', '/api/tests/requests', 'clinical'],
  ['PUT', '/api/tests/requests/12', 'clinical'],
  ['DELETE', '/api/tests/requests/12', 'clinical'],
  ['PUT', '/api/tests/requests/12/status', 'clinical'],
  ['POST', '/api/tests/requests/12/send-reminder', 'clinical'],
  ['GET', '/api/cms/collection-devices', 'clinical'],
  ['PUT', '/api/cms/collection-devices/4', 'clinical'],
  ['GET', '/api/cms/tube-types', 'clinical'],
  ['GET', '/api/cms/markers?institution_id=1', 'clinical'],
  ['GET', '/api/cms/panels/4', 'clinical'],
  ['GET', '/api/cms/test-form-fields?institution_id=1', 'clinical'],
  ['GET', '/api/cms/labs/active', 'clinical'],
  ['POST', '/api/cms/sample-types', 'clinical'],
  ['DELETE', '/api/cms/priorities/2', 'clinical'],
  ['GET', '/api/cms/storage-locations?active=true', 'inventory'],
  ['PUT', '/api/cms/storage-locations/2', 'inventory'],
  ['GET', '/api/inventory?page=1&category=Supplies', 'inventory'],
  ['GET', '/api/inventory/7', 'inventory'],
  ['POST', '/api/inventory', 'inventory'],
  ['PUT', '/api/inventory/7', 'inventory'],
  ['POST', '/api/inventory/7/adjust', 'inventory'],
  ['POST', '/api/inventory/7/notify', 'inventory'],
  ['POST', '/api/inventory/7/request', 'inventory'],
  ['GET', '/api/fulfillment?page=1&limit=20', 'fulfillment'],
  ['GET', '/api/fulfillment/8', 'fulfillment'],
  ['PUT', '/api/fulfillment/8/status', 'fulfillment'],
  ['POST', '/api/fulfillment/8/assign', 'fulfillment'],
  ['POST', '/api/fulfillment', 'fulfillment'],
  ['GET', '/api/results?page=1&limit=20', 'results'],
  ['GET', '/api/results/9', 'results'],
  ['POST', '/api/results', 'results'],
  ['PUT', '/api/results/9', 'results'],
  ['POST', '/api/results/9/review', 'results'],
  ['GET', '/api/results/9/history', 'results'],
  ['GET', '/api/results/9/pdf', 'results'],
  // spec 1 §7's external laboratory calls (issue 27), served by results
  ['POST', '/api/results/create', 'results'],
  ['GET', '/api/results/9/api-status', 'results'],
  ['POST', '/api/results/9/sync-status', 'results'],
  ['POST', '/api/external-api/fhir/submit-order/7', 'results'],
  ['POST', '/api/external-api/fhir/fetch-results/7', 'results'],
  ['GET', '/api/cms/notification-logs?page=1&limit=10', 'notifications'],
  ['GET', '/api/cms/notification-stats', 'notifications'],
  ['GET', '/api/cms/reminder-configs', 'notifications'],
  ['POST', '/api/cms/reminder-configs', 'notifications'],
  ['PUT', '/api/cms/reminder-configs/7_days_before', 'notifications'],
  ['DELETE', '/api/cms/reminder-configs/7_days_before', 'notifications'],
  ['POST', '/api/cms/test-notification', 'notifications'],
  ['GET', '/api/cron/scheduler-status', 'notifications'],
  ['GET', '/api/cron/upcoming-reminders?days=7', 'notifications'],
  ['GET', '/api/cron/notification-health', 'notifications'],
  ['POST', '/api/contact/send-email', 'notifications'],
  ['GET', '/api/analytics/dashboard?timeframe=30&include_user_activity=true', 'analytics'],
  ['GET', '/api/analytics/institutions?timeframe=30', 'analytics'],
  ['GET', '/api/analytics/user-activity?role=clinician', 'analytics'],
  ['GET', '/api/analytics/stream', 'analytics'],
  // spec 3 §7's test-types, audit-summary, institution/:id and patient/:id are not built yet (issue 23)
];

describe('gateway proxy', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  test('every spec API call reaches its service without /api', async () => {
    const token = await harness.token('super_admin');
    for (const [method, url, service] of SPEC_CALLS) {
      const response = await harness.app.inject({ method, url, headers: bearer(token) });
      assert.equal(response.statusCode, 200, `${method} ${url}: ${response.body}`);
      const echo = received(response);
      assert.equal(echo.service, service, `${method} ${url}`);
      assert.equal(echo.url, url.slice('/api'.length), `${method} ${url}`);
      assert.equal(echo.method, method);
    }
  });

  test('sign-in reaches identity without a token, with its body', async () => {
    const body = JSON.stringify({ email: 'super@labline.test', password: 'labline-demo' });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    assert.equal(response.statusCode, 200);
    const echo = received(response);
    assert.equal(echo.url, '/auth/login');
    assert.equal(echo.headers.authorization, undefined);
    assert.deepEqual(JSON.parse(echo.body), JSON.parse(body));
  });

  test('a path or method no contract names answers 404 JSON at the gateway', async () => {
    const token = await harness.token('super_admin');
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['POST', '/api/nope/deeper'],
      ['GET', '/api/patientsx'],
      ['GET', '/api/Patients'],
      ['DELETE', '/api'],
      // a path the contracts do not name, below a built service's paths or beside a public one
      ['GET', '/api/patients/12/unknown'],
      ['GET', '/api/auth/login/'],
      // a method the path's contracts do not name
      ['PATCH', '/api/patients/12'],
    ] as const) {
      const response = await harness.app.inject({ method, url, headers: bearer(token) });
      assert.equal(response.statusCode, 404, `${method} ${url}`);
      assert.deepEqual(response.json(), { error: ERRORS.routeNotFound }, `${method} ${url}`);
      assert.equal(response.headers['cache-control'], 'no-store');
    }
  });

  describe('authentication', () => {
    const required = { error: ERRORS.authenticationRequired };
    const invalid = { error: ERRORS.invalidToken };

    test('401 without a token, on authenticated and section rows alike', async () => {
      for (const url of ['/api/auth/profile', '/api/patients', '/api/analytics/dashboard']) {
        const response = await harness.app.inject({ url });
        assert.equal(response.statusCode, 401, url);
        assert.deepEqual(response.json(), required);
        assert.equal(response.headers['cache-control'], 'no-store');
      }
      const basic = await harness.app.inject({
        url: '/api/patients',
        headers: { authorization: 'Basic dXNlcjpwdw==' },
      });
      assert.deepEqual([basic.statusCode, basic.json()], [401, required]);
    });

    test('401 for a garbage, expired, wrong-issuer or foreign-signed token', async () => {
      const foreign = await createTestKeys();
      const tokens = {
        garbage: 'not.a.token',
        expired: await harness.keys.mintToken(
          { id: 1, role: 'super_admin' },
          { expiresIn: Math.floor(Date.now() / 1000) - 60 },
        ),
        wrongIssuer: await harness.keys.mintToken({ id: 1, role: 'super_admin' }, { issuer: 'someone-else' }),
        foreignKey: await foreign.mintToken({ id: 1, role: 'super_admin' }),
      };
      for (const [kind, token] of Object.entries(tokens)) {
        const response = await harness.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
        assert.deepEqual([response.statusCode, response.json()], [401, invalid], kind);
      }
    });

    test('nothing reaches the upstream when the gateway refuses', async () => {
      const response = await harness.app.inject({ method: 'DELETE', url: '/api/patients/12' });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().service, undefined);
    });
  });

  describe('sections and roles', () => {
    const forbidden = { error: ERRORS.forbidden };
    const cases: [Role, string[], Method, string, number][] = [
      ['fulfillment_agent', [], 'GET', '/api/patients', 403],
      ['fulfillment_agent', [], 'GET', '/api/tests/requests', 403],
      ['fulfillment_agent', [], 'GET', '/api/inventory', 200],
      ['clinician', [], 'GET', '/api/inventory', 403],
      ['clinician', [], 'GET', '/api/patients/12', 200],
      ['clinician', [], 'GET', '/api/users?role=clinician', 200],
      ['clinician', [], 'GET', '/api/institutions/my', 200],
      ['lab_user', [], 'GET', '/api/analytics/test-types', 403],
      ['lab_user', [], 'GET', '/api/analytics/dashboard', 200],
      ['lab_user', [], 'GET', '/api/cron/scheduler-status', 403],
      ['fulfillment_agent', [], 'GET', '/api/results/9', 403],
      // the test request detail's results card, which client_admin sees; results decides more
      ['client_admin', [], 'GET', '/api/results/9', 200],
      ['client_admin', [], 'GET', '/api/cms/storage-locations', 200],
      ['client_admin', [], 'GET', '/api/cms/notification-logs', 403],
      ['institution_admin', [], 'GET', '/api/institutions', 200],
      ['institution_admin', [], 'GET', '/api/institutions/1/stats', 200],
      ['institution_admin', [], 'PUT', '/api/institutions/1', 200],
      ['institution_admin', [], 'POST', '/api/institutions', 403],
      ['institution_admin', [], 'POST', '/api/institutions/1/labs', 200],
      ['institution_admin', [], 'POST', '/api/inventory/7/request', 200],
      ['institution_admin', [], 'POST', '/api/users', 200],
      ['institution_admin', ['dashboard', 'patients', 'tests', 'results', 'cms'], 'POST', '/api/users', 403],
      ['institution_admin', ['dashboard', 'patients', 'tests', 'results', 'cms'], 'PUT', '/api/users/5', 403],
      ['institution_admin', ['dashboard', 'patients', 'tests', 'results', 'cms'], 'GET', '/api/users/5', 200],
      ['client_admin', ['dashboard'], 'GET', '/api/inventory', 403],
      ['client_admin', ['dashboard'], 'GET', '/api/analytics/dashboard', 200],
      ['clinician', ['inventory'], 'GET', '/api/inventory', 403],
    ];
    for (const [role, permissions, method, url, status] of cases) {
      const who = permissions.length ? `${role} [${permissions.join(',')}]` : role;
      test(`${who}: ${method} ${url} → ${status}`, async () => {
        const token = await harness.keys.mintToken({ id: 9, role, permissions, institution_id: 1 });
        const response = await harness.app.inject({ method, url, headers: bearer(token) });
        assert.equal(response.statusCode, status, response.body);
        if (status === 403) assert.deepEqual(response.json(), forbidden);
      });
    }
  });
});
