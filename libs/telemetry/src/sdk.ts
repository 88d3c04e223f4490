import { createRequire } from 'node:module';
import type * as AutoInstrumentations from '@opentelemetry/auto-instrumentations-node';
import type * as MetricExporter from '@opentelemetry/exporter-metrics-otlp-http';
import type * as TraceExporter from '@opentelemetry/exporter-trace-otlp-http';
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import {
  defaultResource,
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type IMetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { packageVersion, serviceResourceAttributes } from './resource';
import { samplerFromEnv } from './sampler';
import { clearServiceTelemetry, INSTRUMENTATION_SCOPE, registerServiceTelemetry } from './services';

export interface TelemetryOptions {
  /** `service.version`; by default the version of the package.json nearest the process's entry point. */
  version?: string;
  /** Beside the OTLP export (tests: an in-memory exporter); any processor or reader turns telemetry on. */
  spanProcessors?: readonly SpanProcessor[];
  metricReaders?: readonly IMetricReader[];
}

interface Providers {
  tracerProvider: TracerProvider;
  meterProvider: MeterProvider;
}

const started = new Map<string, Providers>();
let disableInstrumentations: (() => void) | null = null;

/**
 * Loaded only when exporting: the package pulls in some forty instrumentations (about a second of CPU per process),
 * which a process without an OTLP endpoint never registers. Synchronous, so that it is still in place before the
 * HTTP and database stacks load.
 */
const requireLazily = createRequire(import.meta.url);

function autoInstrumentations() {
  const { getNodeAutoInstrumentations } = requireLazily(
    '@opentelemetry/auto-instrumentations-node',
  ) as typeof AutoInstrumentations;
  return getNodeAutoInstrumentations({
    '@opentelemetry/instrumentation-fs': { enabled: false },
    '@opentelemetry/instrumentation-dns': { enabled: false },
    '@opentelemetry/instrumentation-net': { enabled: false },
    // The request spans are app.ts's, named by route pattern: http's own server spans would record the URL
    // with its query values (patient search terms) and a second, unrouted latency histogram.
    '@opentelemetry/instrumentation-http': { disableIncomingRequestInstrumentation: true },
    // The gateway propagates to the services explicitly (proxy.ts): undici's client span would add a second
    // traceparent header to the proxied request and record url.full with its query values.
    '@opentelemetry/instrumentation-undici': { enabled: false },
    // Queries outside a trace are the relay's and the consumers' polling: a root span each would bury the rest.
    '@opentelemetry/instrumentation-pg': { requireParentSpan: true },
  });
}

/**
 * Starts a service's telemetry: call it before the HTTP and database stacks load, so auto-instrumentations
 * can hook into them. With `OTEL_EXPORTER_OTLP_ENDPOINT` set, traces and metrics are exported over
 * OTLP/HTTP (metrics every `OTEL_METRIC_EXPORT_INTERVAL` ms, default 60 s); without it (and without test
 * processors) only W3C propagation is installed, so trace context still flows through HTTP and NATS headers
 * and every span and instrument is the API's no-op. Several services may start in one process (tests): each
 * gets its own providers and resource; the first is also the global one, which auto-instrumentations use.
 */
export function startTelemetry(service: string, options: TelemetryOptions = {}): void {
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const env = process.env;
  if (started.has(service) || env.OTEL_SDK_DISABLED === 'true') return;
  const exporting = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  // The OTLP exporters load only when exporting, like the instrumentations.
  const { OTLPTraceExporter } = exporting
    ? (requireLazily('@opentelemetry/exporter-trace-otlp-http') as typeof TraceExporter)
    : { OTLPTraceExporter: null };
  const { OTLPMetricExporter } = exporting
    ? (requireLazily('@opentelemetry/exporter-metrics-otlp-http') as typeof MetricExporter)
    : { OTLPMetricExporter: null };
  const spanProcessors = [
    ...(options.spanProcessors ?? []),
    ...(OTLPTraceExporter ? [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })] : []),
  ];
  const readers = [
    ...(options.metricReaders ?? []),
    ...(OTLPMetricExporter
      ? [
          new PeriodicExportingMetricReader({
            exporter: new OTLPMetricExporter(),
            exportIntervalMillis: Number(env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000,
          }),
        ]
      : []),
  ];
  if (spanProcessors.length === 0 && readers.length === 0) return;

  const first = started.size === 0;
  // Parent-child links within a process follow async calls through AsyncLocalStorage (only when tracing).
  if (first) context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const version = options.version ?? (process.argv[1] ? packageVersion(process.argv[1]) : undefined);
  // OTEL_RESOURCE_ATTRIBUTES adds to what the configuration says (k8s.pod.name…) but does not override it.
  const resource = defaultResource()
    .merge(detectResources({ detectors: [resourceAttributesEnvDetector] }))
    .merge(resourceFromAttributes(serviceResourceAttributes(service, { version, env })));
  const sampler = samplerFromEnv(env);
  const tracerProvider = new TracerProvider({ resource, spanProcessors, ...(sampler ? { sampler } : {}) });
  const meterProvider = new MeterProvider({ resource, readers });
  if (first) {
    trace.setGlobalTracerProvider(tracerProvider);
    metrics.setGlobalMeterProvider(meterProvider);
    if (exporting) {
      disableInstrumentations = registerInstrumentations({
        tracerProvider,
        meterProvider,
        instrumentations: [autoInstrumentations()],
      });
    }
  }
  started.set(service, { tracerProvider, meterProvider });
  registerServiceTelemetry(service, {
    tracer: tracerProvider.getTracer(INSTRUMENTATION_SCOPE),
    meter: meterProvider.getMeter(INSTRUMENTATION_SCOPE),
  });
}

/** Exports what is buffered and stops every service's telemetry (at shutdown; between tests). */
export async function stopTelemetry(): Promise<void> {
  disableInstrumentations?.();
  disableInstrumentations = null;
  const providers = [...started.values()];
  started.clear();
  clearServiceTelemetry();
  await Promise.allSettled(
    providers.flatMap(({ tracerProvider, meterProvider }) => [tracerProvider.shutdown(), meterProvider.shutdown()]),
  );
  trace.disable();
  metrics.disable();
  context.disable();
}
