import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { propagation } from '@opentelemetry/api';

let sdk: NodeSDK | null = null;

/**
 * Starts the OpenTelemetry NodeSDK with auto-instrumentations (http, fastify, pg, undici…) exporting OTLP
 * over HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set. Without an endpoint only W3C propagation is set up,
 * so trace context still flows through HTTP and NATS headers at no cost.
 */
export function startTelemetry(serviceName: string, version = '0.1.0'): void {
  if (sdk) return;
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_SDK_DISABLED === 'true') return;
  sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName, [ATTR_SERVICE_VERSION]: version }),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      getNodeAutoInstrumentations({
        '@opentelemetry/instrumentation-fs': { enabled: false },
        '@opentelemetry/instrumentation-dns': { enabled: false },
        '@opentelemetry/instrumentation-net': { enabled: false },
      }),
    ],
  });
  sdk.start();
}

export async function stopTelemetry(): Promise<void> {
  await sdk?.shutdown();
  sdk = null;
}
