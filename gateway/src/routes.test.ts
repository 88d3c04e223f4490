import assert from 'node:assert/strict';
import { test } from 'vitest';
import Fastify from 'fastify';
import { SERVICES } from '@labline/contracts';
import { accessFor } from './policy';
import { API_PREFIX, claimedPaths, ROUTES, routerPaths } from './routes';

test('every row sits under /api and claims at least one path (no row is shadowed)', () => {
  const claimed = claimedPaths();
  for (const row of ROUTES) {
    assert.ok(row.path.startsWith(`${API_PREFIX}/`), row.path);
    assert.ok(
      routerPaths(row).some((pattern) => claimed.get(pattern) === row),
      `${row.path} is claimed entirely by earlier rows`,
    );
  }
});

test('a prefix row claims its path and everything below it; an exact or wildcard row only itself', () => {
  assert.deepEqual(routerPaths({ path: '/api/patients', service: 'clinical', access: ['patients'] }), [
    '/api/patients',
    '/api/patients/*',
  ]);
  assert.deepEqual(routerPaths({ path: '/api/auth/login', exact: true, service: 'identity', access: 'public' }), [
    '/api/auth/login',
  ]);
  assert.deepEqual(routerPaths({ path: '/api/cms/notification-*', service: 'notifications', access: ['cms'] }), [
    '/api/cms/notification-*',
  ]);
});

test('where two rows name the same path, the first listed claims it', () => {
  const claimed = claimedPaths();
  assert.equal(claimed.get('/api/users')?.exact, true);
  assert.equal(claimed.get('/api/users/*')?.exact, undefined);
  assert.equal(claimed.get('/api/institutions')?.writeAccess?.[0], 'institutions');
});

test('every service has a row; only sign-in, the set-password page and the SMS provider callbacks are public', () => {
  assert.deepEqual([...new Set(ROUTES.map((row) => row.service))].sort(), [...SERVICES].sort());
  const publicRows = ROUTES.filter((row) => row.access === 'public');
  assert.deepEqual(
    publicRows.map((row) => row.path),
    ['/api/auth/login', '/api/auth/password-token', '/api/auth/set-password', '/api/webhooks/twilio'],
  );
  // each is a single path, and the user's own calls (sign-in, set-password) have the sign-in form's rate limit
  assert.ok(publicRows.filter((row) => row.service === 'identity').every((row) => row.exact && row.loginRateLimit));
});

/** Fails unless the gateway's own router (Fastify's) over the claimed patterns sends each path to clinical. */
async function assertReachClinical(paths: readonly [string, string][]) {
  const router = Fastify();
  for (const [pattern, row] of claimedPaths())
    router.all(pattern, async () => ({ service: row.service, path: row.path }));
  for (const [method, url] of paths) {
    const response = await router.inject({ method: method as 'GET', url });
    assert.equal(response.json().service, 'clinical', `${method} ${url}`);
  }
  await router.close();
}

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
  const cms = claimedPaths().get('/api/cms/*');
  assert.deepEqual(cms && accessFor(cms, 'POST'), ['cms']);
  assert.deepEqual(cms && accessFor(cms, 'GET'), ['cms', 'tests', 'results']);
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
  const tests = claimedPaths().get('/api/tests/*');
  assert.deepEqual(tests && accessFor(tests, 'GET'), ['tests', 'results']);
  assert.deepEqual(tests && accessFor(tests, 'PUT'), ['tests']);
});
