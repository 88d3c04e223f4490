/**
 * A server-sent event stream through the gateway (the live dashboard, GET /api/analytics/stream): each event
 * reaches the client as the service writes it, not buffered; the stream outlives the upstream timeout (which
 * bounds the wait for the answer's headers and the silence between chunks, and the stream's heartbeat is well
 * within it); and a client that goes closes the request to the service, so an open tab costs it nothing after.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { waitFor } from '@labline/testkit';
import { bearer, startHarness, type Harness } from './harness';

const UPSTREAM_TIMEOUT_MS = 300;
const TICK_MS = 100;

interface StreamingUpstream {
  url: string;
  /** Streams whose request the gateway has closed. */
  closed: number;
  open: number;
  close(): Promise<void>;
}

/** analytics' stream in small: headers at once, then an event every TICK_MS until the request closes. */
async function startStreamingUpstream(): Promise<StreamingUpstream> {
  const state = { closed: 0, open: 0 };
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    state.open += 1;
    let tick = 0;
    const timer = setInterval(() => response.write(`id: ${++tick}\ndata: {}\n\n`), TICK_MS);
    request.on('close', () => {
      clearInterval(timer);
      state.open -= 1;
      state.closed += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get closed() {
      return state.closed;
    },
    get open() {
      return state.open;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('a server-sent event stream through the gateway', () => {
  let harness: Harness;
  let upstream: StreamingUpstream;
  let gatewayUrl: string;

  beforeAll(async () => {
    upstream = await startStreamingUpstream();
    harness = await startHarness((config) => ({
      ...config,
      upstreams: { ...config.upstreams, analytics: upstream.url },
      upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    }));
    gatewayUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await harness.close();
    await upstream.close();
  });

  test('arrives event by event, outlives the upstream timeout, and a client that goes closes it upstream', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const response = await fetch(`${gatewayUrl}/api/analytics/stream`, {
      headers: { ...bearer(await harness.token('clinician')), 'accept-encoding': 'gzip, br' },
      signal: controller.signal,
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(response.headers.get('content-encoding'), null, 'not compressed (which would buffer it)');
    const body = response.body;
    assert.ok(body);

    const arrivals: number[] = [];
    const decoder = new TextDecoder();
    let text = '';
    const reading = (async () => {
      try {
        for await (const chunk of body) {
          text += decoder.decode(chunk as Uint8Array, { stream: true });
          arrivals.push(Date.now() - started);
        }
      } catch {
        // aborted below
      }
    })();
    // Four upstream timeouts long, and still streaming.
    await waitFor(() => Date.now() - started > UPSTREAM_TIMEOUT_MS * 4 && text.includes('\n\n'), {
      description: 'the stream past the timeout',
    });
    const events = text.split('\n\n').filter(Boolean).length;
    assert.ok(events >= 8, `${events} events in ${Date.now() - started} ms`);
    // Event by event: the chunks came spread over the time, not in one piece at the end.
    assert.ok(arrivals.length >= 8, `${arrivals.length} chunks`);
    assert.ok((arrivals[0] ?? Infinity) < UPSTREAM_TIMEOUT_MS * 2, `the first event after ${arrivals[0]} ms`);
    assert.equal(upstream.open, 1);

    controller.abort();
    await reading;
    await waitFor(() => upstream.closed === 1 && upstream.open === 0, {
      timeoutMs: 2_000,
      description: 'the upstream request closed',
    });
  });
});
