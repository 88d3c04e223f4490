import { eventEnvelopeSchema, type EventEnvelope } from '@labline/contracts';
import type { RecordedEvent } from '@labline/eventstore';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The envelope of docs/architecture.md §3 as it travels: the store's positions stay in the store. */
export function envelopeOf(event: RecordedEvent): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    stream: event.stream,
    version: event.version,
    occurredAt: event.occurredAt,
    actor: event.actor,
    correlationId: event.correlationId,
    causationId: event.causationId,
    traceparent: event.traceparent,
    data: event.data,
  };
}

export function encodeEnvelope(event: RecordedEvent): Uint8Array {
  return encoder.encode(JSON.stringify(envelopeOf(event)));
}

export type DecodedEnvelope =
  | { ok: true; envelope: EventEnvelope }
  /** What is safe to log and keep about a message that is not a valid envelope: never its data. */
  | { ok: false; reason: string; eventId: string | null; eventType: string | null };

export function decodeEnvelope(payload: Uint8Array): DecodedEnvelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(payload));
  } catch {
    return { ok: false, reason: 'payload is not JSON', eventId: null, eventType: null };
  }
  const result = eventEnvelopeSchema.safeParse(parsed);
  if (result.success) return { ok: true, envelope: result.data };
  // Paths and issue codes only: zod messages can quote the offending values.
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`);
  return {
    ok: false,
    reason: `invalid envelope (${issues.join('; ')})`,
    eventId: shortString(fieldOf(parsed, 'id')),
    eventType: shortString(fieldOf(parsed, 'type')),
  };
}

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function shortString(value: unknown): string | null {
  return typeof value === 'string' ? value.slice(0, 200) : null;
}
