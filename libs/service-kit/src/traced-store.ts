import type { EventStore } from '@labline/eventstore';
import { appendInSpan } from '@labline/telemetry';

/**
 * The store the command handler appends through: each append is a span (telemetry's appendInSpan) and its
 * events store the span's traceparent, so the trace continues from the append to the relay's publish and on.
 * Reads pass straight through.
 */
export function tracedEventStore(store: EventStore): EventStore {
  return {
    appendToStream: (stream, events, options) =>
      appendInSpan({ stream, types: events.map((event) => event.type) }, (traceparent) =>
        store.appendToStream(
          stream,
          events,
          traceparent ? { ...options, metadata: { ...options.metadata, traceparent } } : options,
        ),
      ),
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    streamVersion: (stream) => store.streamVersion(stream),
    close: () => store.close(),
  };
}
