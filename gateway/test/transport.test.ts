/**
 * HTTP as real clients speak it, over a socket rather than inject(): `Expect: 100-continue` and bodies over
 * the gateway's limit, which must be answered by the gateway itself and promptly.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ERRORS } from '@labline/contracts';
import { startHarness, type Harness } from './harness';
import type { ReceivedRequest } from './upstream';

const BODY_LIMIT = 64 * 1024;
/** The answer must arrive within this, not after a keep-alive or upstream timeout. */
const PROMPT_MS = 2_000;

interface RawAnswer {
  /** The server sent `100 Continue` before its answer. */
  continued: boolean;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  elapsedMs: number;
}

interface RawRequest {
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body: Buffer;
  /** Send the body only after `100 Continue`, as curl and .NET do for `Expect: 100-continue`. */
  waitForContinue?: boolean;
  /** Send the body in chunks of this size without Content-Length. */
  chunked?: number;
}

/** A POST on its own socket (no agent), timed from the first byte sent to the end of the answer. */
function post(baseUrl: string, options: RawRequest): Promise<RawAnswer> {
  const url = new URL(options.path, baseUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let continued = false;
    let answered = false;
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer within ${PROMPT_MS * 3} ms`));
    }, PROMPT_MS * 3);
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(options.chunked ? {} : { 'content-length': options.body.length }),
        ...options.headers,
      },
    });
    const sendBody = () => {
      if (!options.chunked) return request.end(options.body);
      for (let offset = 0; offset < options.body.length; offset += options.chunked) {
        request.write(options.body.subarray(offset, offset + options.chunked));
      }
      request.end();
    };
    request.on('continue', () => {
      continued = true;
      sendBody();
    });
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          continued,
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          elapsedMs: Date.now() - started,
        });
      });
    });
    // The server may close the connection while the rest of an oversize body is still being written: the
    // answer that came before is what counts.
    request.on('error', (error) => {
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    if (!options.waitForContinue) sendBody();
    else request.flushHeaders();
  });
}

const loginBody = Buffer.from(JSON.stringify({ email: 'super@labline.test', password: 'labline-demo' }));
const oversize = Buffer.alloc(BODY_LIMIT * 4, 'a');

describe('transport', () => {
  let harness: Harness;
  let baseUrl: string;
  beforeAll(async () => {
    harness = await startHarness((config) => ({ ...config, bodyLimit: BODY_LIMIT }));
    baseUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => harness.close());

  test('Expect: 100-continue gets 100 Continue, then the service answer to the body sent after it', async () => {
    const answer = await post(baseUrl, {
      path: '/api/auth/login',
      headers: { expect: '100-continue' },
      body: loginBody,
      waitForContinue: true,
    });
    assert.equal(answer.continued, true, 'the gateway asked for the body');
    assert.equal(answer.status, 200, answer.body);
    const echo = JSON.parse(answer.body) as ReceivedRequest;
    assert.equal(echo.url, '/auth/login');
    assert.equal(echo.body, loginBody.toString('utf8'));
    assert.equal(echo.headers.expect, undefined, 'the expectation was met at the gateway, not passed on');
  });

  test('a body within the limit passes with or without Expect', async () => {
    const body = Buffer.from(JSON.stringify({ notes: 'x'.repeat(BODY_LIMIT - 100) }));
    const plain = await post(baseUrl, { path: '/api/auth/login', body });
    assert.equal(plain.status, 200);
    assert.equal((JSON.parse(plain.body) as ReceivedRequest).body.length, body.length);
  });

  test('a declared oversize body is refused with 413 by the gateway, promptly', async () => {
    const answer = await post(baseUrl, { path: '/api/auth/login', body: oversize });
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(answer.body), { error: ERRORS.payloadTooLarge });
    assert.equal(answer.headers.connection, 'close');
    assert.ok(answer.elapsedMs < PROMPT_MS, `answered after ${answer.elapsedMs} ms`);
    assert.equal(answer.headers['x-content-type-options'], 'nosniff', 'with the security headers');
    assert.equal(answer.headers['cache-control'], 'no-store');
  });

  test('with Expect: 100-continue an oversize body is refused before it is sent', async () => {
    const answer = await post(baseUrl, {
      path: '/api/auth/login',
      headers: { expect: '100-continue' },
      body: oversize,
      waitForContinue: true,
    });
    assert.equal(answer.continued, false, 'no 100 Continue for a body that will be refused');
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(answer.body), { error: ERRORS.payloadTooLarge });
    assert.ok(answer.elapsedMs < PROMPT_MS, `answered after ${answer.elapsedMs} ms`);
  });

  test('a chunked body that grows past the limit is refused with 413, promptly', async () => {
    const answer = await post(baseUrl, { path: '/api/auth/login', body: oversize, chunked: 16 * 1024 });
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(answer.body), { error: ERRORS.payloadTooLarge });
    assert.equal(answer.headers.connection, 'close');
    assert.ok(answer.elapsedMs < PROMPT_MS, `answered after ${answer.elapsedMs} ms`);
  });

  test('an oversize body is refused before the access check and on every route', async () => {
    for (const path of ['/api/patients', '/api/nope', '/patients']) {
      const answer = await post(baseUrl, { path, body: oversize });
      assert.equal(answer.status, 413, path);
      assert.deepEqual(JSON.parse(answer.body), { error: ERRORS.payloadTooLarge }, path);
    }
  });
});
