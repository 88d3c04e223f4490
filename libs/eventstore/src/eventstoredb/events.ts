import type { JSONEventData, JSONType, Position, RecordedEvent as DbRecordedEvent } from '@eventstore/db-client';
import { actorSchema } from '@labline/contracts';
import { z } from 'zod';
import type { AppendMetadata, NewEvent, RecordedEvent } from '../types';
import { globalPositionOf } from './positions';

/**
 * The request metadata of docs/architecture.md §3 in the event's metadata JSON. `$correlationId` and `$causationId`
 * are EventStoreDB's own keys (its `$by_correlation_id` projection and UI read them); the plain keys are ours.
 */
export const eventMetadataSchema = z.object({
  actor: actorSchema,
  correlationId: z.string(),
  causationId: z.string().nullable().default(null),
  traceparent: z.string().nullable().default(null),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export function metadataJsonOf(metadata: AppendMetadata): Record<string, unknown> {
  const causationId = metadata.causationId ?? null;
  return {
    actor: metadata.actor,
    correlationId: metadata.correlationId,
    causationId,
    traceparent: metadata.traceparent ?? null,
    $correlationId: metadata.correlationId,
    ...(causationId === null ? {} : { $causationId: causationId }),
  };
}

export function eventDataOf(id: string, event: NewEvent, metadata: AppendMetadata): JSONEventData {
  return {
    id,
    contentType: 'application/json',
    type: event.type,
    // Any JSON value, as the Postgres adapter's jsonb column takes; the client JSON-encodes it.
    data: (event.data ?? null) as JSONType,
    metadata: metadataJsonOf(metadata),
  };
}

/**
 * Streams and event types starting with `$` are the server's own (`$settings`, `$stats-…`, `$metadata`,
 * projections' links): never part of a service's history.
 */
export function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

/**
 * A stored event as the interface's RecordedEvent, with its log position apart (a bigint pair, kept out of the
 * envelope that is published); `stream` is the name without the store's prefix. Servers from 22.6 return the
 * position with stream reads too.
 */
export function toRecordedEvent(event: DbRecordedEvent, stream: string): { event: RecordedEvent; position: Position } {
  if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON`);
  if (!event.position) throw new Error('EventStoreDB returned no event position: the server must be 22.6 or later');
  const metadata = eventMetadataSchema.parse(event.metadata);
  const recorded: RecordedEvent = {
    id: event.id,
    type: event.type,
    stream,
    version: Number(event.revision),
    occurredAt: event.created.toISOString(),
    actor: metadata.actor,
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    traceparent: metadata.traceparent,
    data: event.data,
    globalPosition: globalPositionOf(event.position),
  };
  return { event: recorded, position: event.position };
}
