import { SpanKind } from '@opentelemetry/api';
import { ATTR_DB_OPERATION_NAME, ATTR_EVENT_COUNT, ATTR_EVENT_TYPES, ATTR_STREAM_CATEGORY } from './semconv';
import { tracerFor } from './services';
import { inSpan, traceparentOf } from './trace';

/** The aggregate type of a stream: `patient` of `patient-42` (the part before the first dash, as EventStoreDB). */
export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash < 0 ? stream : stream.slice(0, dash);
}

/**
 * Runs an append in an `eventstore.append <category>` span of the active service, and hands it the
 * traceparent its events must store: the span's own, so that the relay's publish continues from the
 * append; null when the span does not record (telemetry off), and the request's traceparent stays.
 */
export function appendInSpan<T>(
  facts: { stream: string; types: readonly string[] },
  append: (traceparent: string | null) => Promise<T>,
): Promise<T> {
  const category = streamCategory(facts.stream);
  const attributes = {
    [ATTR_DB_OPERATION_NAME]: 'append',
    [ATTR_STREAM_CATEGORY]: category,
    [ATTR_EVENT_COUNT]: facts.types.length,
    [ATTR_EVENT_TYPES]: [...new Set(facts.types)],
  };
  return inSpan(tracerFor(), `eventstore.append ${category}`, { kind: SpanKind.INTERNAL, attributes }, (span) =>
    append(traceparentOf(span)),
  );
}
