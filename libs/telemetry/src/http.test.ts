import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { httpServerTelemetry } from './http';
import { startTelemetry, stopTelemetry } from './sdk';
import { currentTraceparent, injectTraceHeaders } from './trace';
import { InMemorySpanExporter, OnDemandMetricReader, SimpleSpanProcessor } from './testing';

const CALLER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('HTTP server spans and the request duration histogram', () => {
  let exporter: InMemorySpanExporter;
  let reader: OnDemandMetricReader;

  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    reader = new OnDemandMetricReader();
    startTelemetry('clinical', {
      version: '1.2.3',
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
      metricReaders: [reader],
    });
  });
  afterEach(() => stopTelemetry());

  const durations = async () =>
    (await reader.metrics()).find((metric) => metric.descriptor.name === 'http.server.request.duration');

  it("continues the caller's trace, named and labelled by route pattern, method and status only", async () => {
    const telemetry = httpServerTelemetry('clinical');
    const exchange = telemetry.start({
      method: 'GET',
      route: '/patients/:id',
      scheme: 'http',
      headers: { traceparent: CALLER },
    });
    exchange.end(200);
    exchange.end(500);

    const [span, ...others] = exporter.getFinishedSpans();
    assert.ok(span);
    assert.equal(others.length, 0, 'only the first end counts');
    assert.equal(span.name, 'GET /patients/:id');
    assert.equal(span.spanContext().traceId, '0af7651916cd43dd8448eb211c80319c');
    assert.equal(span.parentSpanContext?.spanId, 'b7ad6b7169203331');
    assert.deepEqual(span.attributes, {
      'http.request.method': 'GET',
      'url.scheme': 'http',
      'http.route': '/patients/:id',
      'http.response.status_code': 200,
    });
    assert.equal(span.resource.attributes['service.name'], 'clinical');
    assert.equal(span.resource.attributes['service.version'], '1.2.3');

    const metric = await durations();
    assert.equal(metric?.descriptor.unit, 's');
    assert.deepEqual(
      metric?.dataPoints.map((point) => point.attributes),
      [
        {
          'http.request.method': 'GET',
          'url.scheme': 'http',
          'http.route': '/patients/:id',
          'http.response.status_code': 200,
        },
      ],
    );
  });

  it('marks 5xx and aborted requests as errors, folds unknown methods, and keeps probes out of the traces', async () => {
    const telemetry = httpServerTelemetry('clinical');
    telemetry.start({ method: 'POST', route: '/patients', scheme: 'http', headers: {} }).end(503);
    telemetry.start({ method: 'PUT', route: '/patients/:id', scheme: 'http', headers: {} }).end(null);
    telemetry.start({ method: 'BREW', route: undefined, scheme: 'http', headers: {} }).end(404);
    telemetry.start({ method: 'GET', route: '/readyz', scheme: 'http', headers: {}, traced: false }).end(200);

    const spans = exporter.getFinishedSpans();
    assert.deepEqual(
      spans.map((span) => [span.name, span.status.code, span.attributes['error.type']]),
      [
        ['POST /patients', 2, '503'],
        ['PUT /patients/:id', 2, 'aborted'],
        ['HTTP', 0, undefined],
      ],
    );
    assert.equal(spans[0]!.parentSpanContext, undefined, 'without a traceparent the request starts the trace');
    const points = (await durations())?.dataPoints.map((point) => point.attributes) ?? [];
    assert.equal(points.length, 4, 'the probe is measured');
    assert.ok(points.some((attributes) => attributes['http.request.method'] === '_OTHER'));
  });
});

describe('with telemetry off', () => {
  it("starts no recording span, and what the request sends on is still the caller's traceparent", () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    startTelemetry('gateway');
    const exchange = httpServerTelemetry('gateway').start({
      method: 'GET',
      route: '/api/patients',
      scheme: 'http',
      headers: { traceparent: CALLER },
    });
    assert.equal(
      exchange.run(() => currentTraceparent()),
      null,
      'no span is active: no context manager',
    );
    assert.equal(injectTraceHeaders({}, exchange.context).traceparent, CALLER);
    exchange.end(200);
  });
});
