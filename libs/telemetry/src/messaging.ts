/**
 * Spans of the event bus (messaging semantic conventions). A publish is a PRODUCER span continuing the trace
 * of the append that stored the event, and its context is what the message's headers carry; processing is a
 * CONSUMER span in the consuming service continuing that context. Names are `<subject> publish` and
 * `<subject> process`: a subject names the service, aggregate and event type, never an entity.
 */
import { ROOT_CONTEXT, SpanKind, trace, type Attributes } from '@opentelemetry/api';
import {
  ATTR_CONSUMER_OUTCOME,
  ATTR_MESSAGING_CONSUMER_GROUP_NAME,
  ATTR_MESSAGING_DESTINATION_NAME,
  ATTR_MESSAGING_MESSAGE_BODY_SIZE,
  ATTR_MESSAGING_OPERATION_NAME,
  ATTR_MESSAGING_OPERATION_TYPE,
  ATTR_MESSAGING_SYSTEM,
} from './semconv';
import { contextInService, tracerFor } from './services';
import { contextOfTraceparent, extractTraceContext, inSpan, injectTraceHeaders } from './trace';

const messagingAttributes = (subject: string, operation: 'send' | 'process', name: string): Attributes => ({
  [ATTR_MESSAGING_SYSTEM]: 'nats',
  [ATTR_MESSAGING_DESTINATION_NAME]: subject,
  [ATTR_MESSAGING_OPERATION_TYPE]: operation,
  [ATTR_MESSAGING_OPERATION_NAME]: name,
});

export interface PublishFacts {
  /** The publishing service, whose telemetry the span belongs to. */
  service: string;
  subject: string;
  /** The event's stored traceparent: the append's context. */
  traceparent: string | null;
  bodySize?: number;
}

/**
 * Runs `publish` in a `<subject> publish` span and hands it the trace headers the message must carry: the
 * span's context, or, with tracing off, the event's traceparent as stored, so a downstream that traces still
 * joins the request's trace.
 */
export function publishInSpan<T>(
  facts: PublishFacts,
  publish: (traceHeaders: Record<string, string>) => Promise<T>,
): Promise<T> {
  const attributes = {
    ...messagingAttributes(facts.subject, 'send', 'publish'),
    ...(facts.bodySize === undefined ? {} : { [ATTR_MESSAGING_MESSAGE_BODY_SIZE]: facts.bodySize }),
  };
  const parent = contextInService(facts.service, contextOfTraceparent(facts.traceparent));
  return inSpan(
    tracerFor(facts.service),
    `${facts.subject} publish`,
    { kind: SpanKind.PRODUCER, attributes },
    (span) => {
      const headers = injectTraceHeaders({}, trace.setSpan(ROOT_CONTEXT, span));
      // Without a propagator installed nothing is injected: the stored value goes on as is.
      if (!headers.traceparent && facts.traceparent) headers.traceparent = facts.traceparent;
      return publish(headers);
    },
    parent,
  );
}

export interface ProcessFacts {
  /** The consuming service; the active context's (or the global telemetry) when absent. */
  service?: string | undefined;
  subject: string;
  /** The durable consumer's name. */
  consumer: string;
  /** traceparent and tracestate from the message's headers. */
  traceHeaders: Record<string, string | undefined>;
  /** The envelope's traceparent, for a message that came without trace headers. */
  fallbackTraceparent: string | null;
}

/** Runs `process` in a `<subject> process` span continuing the producer's, labelled with the outcome it returns. */
export function processInSpan<T extends string>(facts: ProcessFacts, process: () => Promise<T>): Promise<T> {
  const fromHeaders = facts.traceHeaders.traceparent
    ? extractTraceContext(facts.traceHeaders, ROOT_CONTEXT)
    : contextOfTraceparent(facts.fallbackTraceparent);
  const parent = facts.service ? contextInService(facts.service, fromHeaders) : fromHeaders;
  const attributes = {
    ...messagingAttributes(facts.subject, 'process', 'process'),
    [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: facts.consumer,
  };
  return inSpan(
    tracerFor(facts.service),
    `${facts.subject} process`,
    { kind: SpanKind.CONSUMER, attributes },
    async (span) => {
      const outcome = await process();
      span.setAttribute(ATTR_CONSUMER_OUTCOME, outcome);
      return outcome;
    },
    parent,
  );
}
