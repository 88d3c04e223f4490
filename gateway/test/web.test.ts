import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());

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

describe('precompressed files, as the web build writes them beside the originals', () => {
  let harness: Harness;
  const script = () => readFileSync(path.join(harness.webDist, HASHED_SCRIPT));
  beforeAll(async () => {
    harness = await startHarness();
    for (const file of [HASHED_SCRIPT, 'index.html']) {
      const content = readFileSync(path.join(harness.webDist, file));
      writeFileSync(path.join(harness.webDist, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(harness.webDist, `${file}.gz`), gzipSync(content));
    }
  });
  afterAll(() => harness.close());

  const load = (url: string, acceptEncoding?: string) =>
    harness.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  test('a browser that accepts brotli gets the .br file, labelled as such, still cached for good', async () => {
    for (const acceptEncoding of ['br', 'gzip, deflate, br, zstd']) {
      const response = await load(`/${HASHED_SCRIPT}`, acceptEncoding);
      assert.equal(response.statusCode, 200, acceptEncoding);
      assert.equal(response.headers['content-encoding'], 'br', acceptEncoding);
      assert.match(String(response.headers.vary), /accept-encoding/i, acceptEncoding);
      assert.match(String(response.headers['content-type']), /javascript/, acceptEncoding);
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable', acceptEncoding);
      assert.deepEqual(brotliDecompressSync(response.rawPayload), script(), acceptEncoding);
    }
  });

  test('one that accepts gzip only gets the .gz file', async () => {
    const response = await load(`/${HASHED_SCRIPT}`, 'gzip, deflate');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], 'gzip');
    assert.match(String(response.headers.vary), /accept-encoding/i);
    assert.deepEqual(gunzipSync(response.rawPayload), script());
  });

  test('the preference a client states wins', async () => {
    const response = await load(`/${HASHED_SCRIPT}`, 'br;q=0.5, gzip;q=1');
    assert.equal(response.headers['content-encoding'], 'gzip');
  });

  test('one that accepts neither gets the file itself, still varying on Accept-Encoding for caches', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'zstd']) {
      const response = await load(`/${HASHED_SCRIPT}`, acceptEncoding);
      assert.equal(response.statusCode, 200, acceptEncoding);
      assert.equal(response.headers['content-encoding'], undefined, acceptEncoding);
      assert.match(String(response.headers.vary), /accept-encoding/i, acceptEncoding);
      assert.deepEqual(response.rawPayload, script(), acceptEncoding);
    }
  });

  test('index.html, for an app route too, comes compressed and is still revalidated on every load', async () => {
    for (const url of ['/', '/patients/12']) {
      const response = await load(url, 'gzip, deflate, br');
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['content-encoding'], 'br', url);
      assert.match(String(response.headers['content-type']), /^text\/html/, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
      assert.equal(brotliDecompressSync(response.rawPayload).toString(), INDEX_HTML, url);
    }
  });

  test('a file the build left without copies is sent as it is; a missing one is still a 404', async () => {
    const favicon = await load('/favicon.svg', 'br');
    assert.equal(favicon.statusCode, 200);
    assert.equal(favicon.headers['content-encoding'], undefined);
    assert.equal(favicon.body, readFileSync(path.join(harness.webDist, 'favicon.svg'), 'utf8'));
    const missing = await load('/assets/missing.js', 'br');
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { error: ERRORS.routeNotFound });
  });
});

describe('without a built web app', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness((config) => ({ ...config, webDist: path.join(os.tmpdir(), 'labline-no-such-dist') }));
  });
  afterAll(() => harness.close());

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
