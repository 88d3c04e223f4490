import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from './semconv';

/** Writes the active trace context (W3C traceparent/tracestate) into a carrier such as NATS headers. */
export function injectTraceHeaders(carrier: Record<string, string> = {}, from: Context = context.active()) {
  propagation.inject(from, carrier);
  return carrier;
}

/** The context a consumer continues: the producer's trace as parent. */
export function extractTraceContext(
  carrier: Record<string, string | undefined>,
  base: Context = context.active(),
): Context {
  return propagation.extract(base, carrier, {
    get: (headers, key) => headers[key],
    keys: (headers) => Object.keys(headers),
  });
}

/** The current traceparent string, stored on every event envelope; null when tracing is off. */
export function currentTraceparent(): string | null {
  const carrier = injectTraceHeaders({});
  return carrier.traceparent ?? null;
}

/** The span's own traceparent while it records; null for the API's no-op spans (telemetry off, not sampled). */
export function traceparentOf(span: Span): string | null {
  if (!span.isRecording()) return null;
  return injectTraceHeaders({}, trace.setSpan(ROOT_CONTEXT, span)).traceparent ?? null;
}

/** The context whose parent is the given traceparent, with nothing else of the caller's context. */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  return traceparent ? extractTraceContext({ traceparent }, ROOT_CONTEXT) : ROOT_CONTEXT;
}

export function withTraceparent<T>(traceparent: string | null | undefined, fn: () => T): T {
  if (!traceparent) return fn();
  return context.with(extractTraceContext({ traceparent }), fn);
}

/** Marks a span failed by the error's class name only: messages may carry data that must not leave the process. */
export function markSpanFailed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute(ATTR_ERROR_TYPE, error instanceof Error ? error.name : 'unknown');
}

/** Runs `fn` inside a new span, active for everything `fn` does, that ends when `fn` settles. */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: SpanOptions,
  fn: (span: Span) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  const span = tracer.startSpan(name, options, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (error) {
    markSpanFailed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

export const tracer = (name: string) => trace.getTracer(name);
