import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, test } from 'vitest';
import { startTelemetry, stopTelemetry } from './sdk';
import { tracerFor } from './services';

afterEach(async () => {
  await stopTelemetry();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
});

/** A collector's OTLP/HTTP endpoint: the paths posted to. */
async function collector() {
  const posts: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    request.resume();
    request.on('end', () => {
      posts.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, posts, close: () => new Promise((resolve) => server.close(resolve)) };
}

// The exporters and instrumentations load only when an endpoint is set (sdk.ts): this is that path, end to end.
test('with OTEL_EXPORTER_OTLP_ENDPOINT set, a span reaches the collector at /v1/traces', async () => {
  const otlp = await collector();
  try {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = otlp.url;
    startTelemetry('telemetry-test', { version: '0.0.0' });
    tracerFor('telemetry-test').startSpan('exported work').end();
    await stopTelemetry();
    assert.ok(otlp.posts.includes('/v1/traces'), `posted to: ${otlp.posts.join(', ') || 'nothing'}`);
  } finally {
    await otlp.close();
  }
});
