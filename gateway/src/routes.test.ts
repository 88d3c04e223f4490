import assert from 'node:assert/strict';
import { test } from 'vitest';
import Fastify from 'fastify';
import {
  allRoutes,
  DEPLOYED_SERVICES,
  PLANNED_PREFIXES,
  SERVICES,
  type NamedRoute,
  type PlannedPrefix,
} from '@labline/contracts';
import { API_PREFIX, claimedPaths, gateOf, isLoginForm, prefixRows, routeRows, routerPaths } from './routes';

/**
 * A planned prefix to test prefix rows with: the first still planned, or one made up once every service is built
 * (new-service.int.test.ts generates the last planned one in a copy).
 */
const PLANNED: readonly PlannedPrefix[] =
  PLANNED_PREFIXES.length > 0 ? PLANNED_PREFIXES : [{ service: 'results', prefix: '/planned', access: ['results'] }];

test('every contract but the internal key set is a row under /api, and the planned services claim prefixes', () => {
  const claimed = claimedPaths();
  for (const { route } of allRoutes()) {
    const row = claimed.get(`${API_PREFIX}${route.path}`);
    if (route.internal) assert.equal(row, undefined, route.path);
    else assert.deepEqual(row && gateOf(row, route.method)?.access, route.access, `${route.method} ${route.path}`);
  }
  assert.equal(claimed.get('/api/.well-known/jwks.json'), undefined);
  // whichever services are still planned (a generated service replaces its prefixes: new-service.int.test.ts)
  for (const { service, prefix } of PLANNED_PREFIXES) {
    assert.equal(claimed.get(`${API_PREFIX}${prefix}/*`)?.service, service, prefix);
  }
  // analytics is built: its routes are rows of their own, the routes it does not have yet no prefix
  assert.equal(claimed.get('/api/analytics/dashboard')?.service, 'analytics');
  assert.equal(claimed.get('/api/analytics/*'), undefined);
});

test('a route row claims its path alone, a prefix row its path and everything below it', () => {
  const [patients] = routeRows().filter((row) => row.path === '/api/patients');
  assert.ok(patients);
  assert.deepEqual(routerPaths(patients), ['/api/patients']);
  assert.deepEqual(Object.keys(patients.methods).sort(), ['GET', 'POST']);
  // a planned service's prefix (whichever is planned while its service is not built)
  const [planned] = prefixRows(PLANNED);
  assert.ok(planned);
  assert.deepEqual(routerPaths(planned), [planned.path, `${planned.path}/*`]);
});

test('a method the contracts do not name has no gate; HEAD passes as GET', () => {
  const claimed = claimedPaths([...routeRows(), ...prefixRows(PLANNED)]);
  const patient = claimed.get('/api/patients/:id');
  assert.ok(patient);
  assert.equal(gateOf(patient, 'PATCH'), undefined);
  assert.equal(gateOf(patient, 'OPTIONS'), undefined);
  assert.deepEqual(gateOf(patient, 'HEAD'), gateOf(patient, 'GET'));
  const [plannedPrefix] = PLANNED;
  assert.ok(plannedPrefix);
  const planned = claimed.get(`/api${plannedPrefix.prefix}/*`);
  assert.ok(planned);
  assert.deepEqual(gateOf(planned, 'PATCH')?.access, plannedPrefix.access);
});

test('two services declaring one path, or one route declared twice, is refused', () => {
  const [login] = allRoutes().filter((entry) => entry.name === 'login');
  assert.ok(login);
  const clash: NamedRoute = { ...login, service: 'clinical', name: 'clash' };
  assert.throws(() => routeRows([login, clash]), /\/api\/auth\/login is claimed by identity and clinical/);
  assert.throws(() => routeRows([login, { ...login, name: 'again' }]), /POST \/api\/auth\/login is declared twice/);
  const rows = [
    ...routeRows([login]),
    ...prefixRows([{ service: 'results', prefix: '/auth/login', access: 'public' }]),
  ];
  assert.throws(() => claimedPaths(rows), /\/api\/auth\/login is claimed by identity and results/);
});

test('every service has rows; only sign-in, the set-password page and the SMS provider callbacks are public', () => {
  const claimed = claimedPaths();
  const rows = [...new Set(claimed.values())];
  assert.deepEqual([...new Set(rows.map((row) => row.service))].sort(), [...SERVICES].sort());
  const publicRoutes = allRoutes()
    .filter(({ route }) => route.access === 'public' && !route.internal)
    .map(({ route }) => `${route.method} ${route.path}`);
  assert.deepEqual(publicRoutes, [
    'POST /auth/login',
    'GET /auth/password-token',
    'POST /auth/set-password',
    'POST /webhooks/twilio/status',
    'POST /webhooks/twilio/inbound',
  ]);
  assert.ok(rows.every((row) => row.kind === 'routes' || row.access !== 'public'));
  // the user's own calls (sign-in, set-password) have the sign-in form's rate limit, nothing else has it
  const limited = rows.filter(isLoginForm).map((row) => row.path);
  assert.deepEqual(limited, ['/api/auth/login', '/api/auth/password-token', '/api/auth/set-password']);
});

test('the built services are the deployed ones, and only the others answer through prefixes', () => {
  assert.deepEqual([...new Set(routeRows().map((row) => row.service))].sort(), [...DEPLOYED_SERVICES].sort());
  for (const row of prefixRows()) assert.ok(!(DEPLOYED_SERVICES as readonly string[]).includes(row.service));
});

/** Fails unless the gateway's own router (Fastify's) over the claimed patterns sends each path to clinical. */
async function assertReachClinical(paths: readonly [string, string][]) {
  const router = Fastify();
  for (const [pattern, row] of claimedPaths()) router.all(pattern, async () => ({ service: row.service }));
  for (const [method, url] of paths) {
    const response = await router.inject({ method: method as 'GET', url });
    assert.equal(response.json().service, 'clinical', `${method} ${url}`);
  }
  await router.close();
}

const accessOf = (pattern: string, method: string) => {
  const row = claimedPaths().get(pattern);
  return row && gateOf(row, method)?.access;
};

test('the catalogue, lab assignment and history paths reach clinical; catalogue writes need the cms section', async () => {
  await assertReachClinical([
    ['GET', '/api/cms/sample-types?active=true'],
    ['PUT', '/api/cms/collection-devices/4'],
    ['GET', '/api/cms/markers/7/history'],
    ['GET', '/api/cms/labs/active'],
    ['GET', '/api/cms/test-form-fields?institution_id=1'],
    ['GET', '/api/institutions/3/labs/9/history'],
    ['DELETE', '/api/institutions/3/labs/9'],
    ['GET', '/api/patients/12/history'],
  ]);
  assert.deepEqual(accessOf('/api/cms/markers', 'POST'), ['cms']);
  assert.deepEqual(accessOf('/api/cms/markers', 'GET'), ['cms', 'tests', 'results']);
  assert.deepEqual(accessOf('/api/cms/labs/:id', 'DELETE'), ['cms']);
});

test('the test request paths reach clinical; reads need tests or results, writes tests', async () => {
  await assertReachClinical([
    ['GET', '/api/tests/requests?page=1&status=pending&limit=20'],
    ['POST', '/api/tests/requests'],
    ['GET', '/api/tests/requests/12'],
    ['PUT', '/api/tests/requests/12'],
    ['DELETE', '/api/tests/requests/12'],
    ['PUT', '/api/tests/requests/12/status'],
    ['POST', '/api/tests/requests/12/send-reminder'],
    ['GET', '/api/tests/requests/12/history'],
  ]);
  assert.deepEqual(accessOf('/api/tests/requests/:id', 'GET'), ['tests', 'results']);
  assert.deepEqual(accessOf('/api/tests/requests/:id', 'PUT'), ['tests']);
});
