/**
 * The only place the bus touches tracing, so the propagation format can change in one file. The relay
 * continues the trace of the request that appended the event (its envelope's traceparent); the consumer
 * continues the trace found in the message headers.
 */
import type { MsgHdrs } from 'nats';
import { injectTraceHeaders, withTraceparent } from '@labline/telemetry';

const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

export function traceHeadersFor(traceparent: string | null): Record<string, string> {
  const carrier = withTraceparent(traceparent, () => injectTraceHeaders({}));
  // Without an OpenTelemetry propagator installed nothing is injected: pass the envelope's value on as is.
  if (!carrier.traceparent && traceparent) carrier.traceparent = traceparent;
  return carrier;
}

export function setTraceHeaders(target: MsgHdrs, traceparent: string | null): void {
  for (const [key, value] of Object.entries(traceHeadersFor(traceparent))) {
    if ((TRACE_HEADERS as readonly string[]).includes(key)) target.set(key, value);
  }
}

export function runInMessageTrace<T>(headers: MsgHdrs | undefined, fallback: string | null, fn: () => T): T {
  return withTraceparent(headers?.get('traceparent') || fallback, fn);
}
