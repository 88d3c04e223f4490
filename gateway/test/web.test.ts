import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ERRORS } from '@labline/contracts';
import { WEB_NOT_BUILT_MESSAGE } from '../src/web';
import { HASHED_SCRIPT, INDEX_HTML, startHarness, type Harness } from './harness';

/** CSP header → directive name → its sources. */
function cspDirectives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the web app', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());

  test('an app route that is not a file gets index.html, revalidated on every load', async () => {
    for (const url of ['/', '/patients/12', '/tests/new?patient_id=3', '/cms/cron-monitoring', '/login']) {
      const response = await harness.app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX_HTML, url);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
    }
  });

  test('hashed assets are served with a long, immutable cache', async () => {
    const response = await harness.app.inject({ url: `/${HASHED_SCRIPT}` });
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, readFileSync(path.join(harness.webDist, HASHED_SCRIPT), 'utf8'));
    assert.match(String(response.headers['content-type']), /javascript/);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('unhashed files are revalidated', async () => {
    const response = await harness.app.inject({ url: '/favicon.svg' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
  });

  test('a missing file is a 404, never index.html', async () => {
    for (const url of ['/assets/missing.js', '/assets/missing.css', '/robots.txt']) {
      const response = await harness.app.inject({ url });
      assert.equal(response.statusCode, 404, url);
      assert.deepEqual(response.json(), { error: ERRORS.routeNotFound }, url);
    }
  });

  test('nothing outside the web app, and no dotfile in it, is served', async () => {
    writeFileSync(path.join(harness.webDist, '.secret'), 'hidden');
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await harness.app.inject({ url });
      assert.equal(response.statusCode, 404, `${url}: ${response.body.slice(0, 60)}`);
    }
    const dotfile = await harness.app.inject({ url: '/.secret' });
    assert.notEqual(dotfile.body, 'hidden');
  });

  test('security headers: a CSP fit for a Vite + antd app, no framing, no sniffing', async () => {
    const token = await harness.token('clinician');
    for (const [url, headers] of [
      ['/patients', {}],
      ['/api/patients', { authorization: `Bearer ${token}` }],
      ['/api/nope', {}],
    ] as const) {
      const response = await harness.app.inject({ url, headers });
      const csp = cspDirectives(response.headers['content-security-policy']);
      assert.deepEqual(csp.get('default-src'), ["'self'"], url);
      assert.deepEqual(csp.get('script-src'), ["'self'"], `${url}: no inline scripts`);
      assert.deepEqual(csp.get('style-src'), ["'self'", "'unsafe-inline'"], `${url}: antd CSS-in-JS`);
      assert.deepEqual(csp.get('img-src'), ["'self'", 'data:'], url);
      assert.deepEqual(csp.get('connect-src'), ["'self'"], url);
      assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], url);
      assert.deepEqual(csp.get('object-src'), ["'none'"], url);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(response.headers['x-frame-options'], 'DENY', url);
      assert.equal(response.headers['referrer-policy'], 'no-referrer', url);
    }
  });
});

describe('without a built web app', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness((config) => ({ ...config, webDist: path.join(os.tmpdir(), 'labline-no-such-dist') }));
  });
  after(() => harness.close());

  test('a page load says how to build it, in plain text', async () => {
    const response = await harness.app.inject({ url: '/patients' });
    assert.equal(response.statusCode, 503);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    assert.equal(response.body, WEB_NOT_BUILT_MESSAGE);
    assert.match(response.body, /npm run build:web/);
  });

  test('the API still works', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/auth/login' });
    assert.equal(response.statusCode, 200);
  });
});
