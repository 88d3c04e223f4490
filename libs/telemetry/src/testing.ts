/**
 * For tests: what they register through `startTelemetry` to see the spans and metrics the production set-up
 * produces (an in-memory span exporter behind a simple processor, a metric reader collected on demand).
 */
import { MetricReader, type MetricData } from '@opentelemetry/sdk-metrics';

export { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
export type { MetricData } from '@opentelemetry/sdk-metrics';

/** A metric reader that collects only when asked: no timer, no export. */
export class OnDemandMetricReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}

  /** Every metric collected now, across services and scopes. */
  async metrics(): Promise<MetricData[]> {
    const { resourceMetrics } = await this.collect();
    return resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
  }
}
