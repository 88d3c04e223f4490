/**
 * The only place the bus touches tracing, so the propagation format can change in one file. The relay's
 * publish is a span continuing the trace of the append that stored the event (its envelope's traceparent),
 * and the message headers carry the publish span's context; the consumer's processing is a span continuing
 * the trace found in the message headers (the envelope's traceparent for a message without them).
 */
import { headers, type MsgHdrs } from 'nats';
import { injectTraceHeaders, processInSpan, publishInSpan, withTraceparent } from '@labline/telemetry';

const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

export function traceHeadersFor(traceparent: string | null): Record<string, string> {
  const carrier = withTraceparent(traceparent, () => injectTraceHeaders({}));
  // Without an OpenTelemetry propagator installed nothing is injected: pass the envelope's value on as is.
  if (!carrier.traceparent && traceparent) carrier.traceparent = traceparent;
  return carrier;
}

/** Message headers holding the trace headers of the carrier, and nothing else of it. */
function messageHeadersWith(carrier: Record<string, string>): MsgHdrs {
  const target = headers();
  for (const key of TRACE_HEADERS) {
    const value = carrier[key];
    if (value) target.set(key, value);
  }
  return target;
}

/** Publishes the event in a `<subject> publish` span whose context the message's headers carry. */
export function publishTraced<T>(
  facts: { service: string; subject: string; traceparent: string | null; bodySize: number },
  publish: (messageHeaders: MsgHdrs) => Promise<T>,
): Promise<T> {
  return publishInSpan(facts, (traceHeaders) => publish(messageHeadersWith(traceHeaders)));
}

/** Processes a message in a `<subject> process` span continuing the publisher's trace. */
export function processTraced<T extends string>(
  facts: {
    service: string | undefined;
    consumer: string;
    subject: string;
    headers: MsgHdrs | undefined;
    fallbackTraceparent: string | null;
  },
  process: () => Promise<T>,
): Promise<T> {
  const traceHeaders = Object.fromEntries(TRACE_HEADERS.map((key) => [key, facts.headers?.get(key) || undefined]));
  return processInSpan(
    {
      service: facts.service,
      consumer: facts.consumer,
      subject: facts.subject,
      traceHeaders,
      fallbackTraceparent: facts.fallbackTraceparent,
    },
    process,
  );
}
