import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { injectTraceHeaders, startTelemetry, stopTelemetry } from '@labline/telemetry';
import { InMemorySpanExporter, OnDemandMetricReader, SimpleSpanProcessor } from '@labline/telemetry/testing';
import { createHttpApp, traceContextOf, type HttpApp } from './app';
import { requestContext } from './context';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/items/:id',
    { schema: { params: z.object({ id: z.string() }), querystring: z.object({ search: z.string() }) } },
    async (request) => ({
      stored: requestContext()?.traceparent ?? null,
      forwarded: injectTraceHeaders({}, traceContextOf(request)).traceparent ?? null,
    }),
  );
};

describe("a service's requests are traced and measured by route pattern", () => {
  const exporter = new InMemorySpanExporter();
  const reader = new OnDemandMetricReader();
  let app: HttpApp;

  beforeAll(async () => {
    startTelemetry('clinical', { spanProcessors: [new SimpleSpanProcessor({ exporter })], metricReaders: [reader] });
    app = createHttpApp({ name: 'clinical', logger: false });
    app.register(routes);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await stopTelemetry();
  });

  it("makes the request's span the child of the caller's, and its context the request's traceparent", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/items/7?search=Thompson',
      headers: { traceparent: `00-${TRACE_ID}-b7ad6b7169203331-01` },
    });
    assert.equal(response.statusCode, 200, response.body);
    const span = exporter.getFinishedSpans().find((candidate) => candidate.name === 'GET /items/:id');
    assert.ok(span);
    assert.equal(span.parentSpanContext?.spanId, 'b7ad6b7169203331');
    const own = `00-${TRACE_ID}-${span.spanContext().spanId}-01`;
    assert.deepEqual(response.json(), { stored: own, forwarded: own });
    assert.equal(span.attributes['http.response.status_code'], 200);
    const text = JSON.stringify(span.attributes);
    assert.ok(!text.includes('Thompson') && !text.includes('/items/7'), text);
  });

  it('measures probes and unknown routes without tracing the probes', async () => {
    exporter.reset();
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/nowhere/12?name=Amelia' });
    assert.deepEqual(
      exporter.getFinishedSpans().map((span) => span.name),
      ['GET'],
    );
    const metric = (await reader.metrics()).find((m) => m.descriptor.name === 'http.server.request.duration');
    const points = metric?.dataPoints.map((point) => point.attributes) ?? [];
    assert.ok(points.some((attributes) => attributes['http.route'] === '/healthz'));
    // no route matched: no http.route at all (a 400 here, the refused query parameter), never the path
    assert.ok(
      points.some((attributes) => !('http.route' in attributes)),
      JSON.stringify(points),
    );
    assert.ok(!JSON.stringify(points).includes('Amelia') && !JSON.stringify(points).includes('nowhere'));
  });
});
