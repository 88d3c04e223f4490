import { context, propagation, trace, type Context } from '@opentelemetry/api';

/** Writes the active trace context (W3C traceparent/tracestate) into a carrier such as NATS headers. */
export function injectTraceHeaders(carrier: Record<string, string> = {}, from: Context = context.active()) {
  propagation.inject(from, carrier);
  return carrier;
}

/** The context a consumer continues: the producer's trace as parent. */
export function extractTraceContext(carrier: Record<string, string | undefined>): Context {
  return propagation.extract(context.active(), carrier, {
    get: (headers, key) => headers[key],
    keys: (headers) => Object.keys(headers),
  });
}

/** The current traceparent string, stored on every event envelope; null when tracing is off. */
export function currentTraceparent(): string | null {
  const carrier = injectTraceHeaders({});
  return carrier.traceparent ?? null;
}

export function withTraceparent<T>(traceparent: string | null | undefined, fn: () => T): T {
  if (!traceparent) return fn();
  return context.with(extractTraceContext({ traceparent }), fn);
}

export const tracer = (name: string) => trace.getTracer(name);
