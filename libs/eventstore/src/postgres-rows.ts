import { actorSchema } from '@labline/contracts';
import { z } from 'zod';
import type { ReadAllEvent, RecordedEvent } from './types';

/**
 * Rows as they leave Postgres. Tolerant of the pool's type parsers (libs/db parses int8 to number and
 * timestamptz to an ISO string; slonik's defaults differ), so the adapter works with any slonik pool.
 */
const timestamp = z.union([z.string(), z.number(), z.date()]).transform((value) => new Date(value).toISOString());

export const eventRowSchema = z.object({
  global_position: z.coerce.number().int(),
  // Selected as text: xid8 values exceed 2^53 on long-lived clusters.
  transaction_id: z.string(),
  event_id: z.string(),
  stream: z.string(),
  version: z.coerce.number().int(),
  type: z.string(),
  data: z.unknown(),
  actor: actorSchema,
  correlation_id: z.string(),
  causation_id: z.string().nullable(),
  traceparent: z.string().nullable(),
  occurred_at: timestamp,
});
export type EventRow = z.infer<typeof eventRowSchema>;

export const insertedRowSchema = z.object({
  event_id: z.string(),
  global_position: z.coerce.number().int(),
  transaction_id: z.string(),
  occurred_at: timestamp,
});

export const versionRowSchema = z.object({ version: z.number().int().nullable() });

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    stream: row.stream,
    version: row.version,
    occurredAt: row.occurred_at,
    actor: row.actor,
    correlationId: row.correlation_id,
    causationId: row.causation_id,
    traceparent: row.traceparent,
    data: row.data,
    globalPosition: row.global_position,
  };
}

export function toReadAllEvent(row: EventRow): ReadAllEvent {
  return {
    ...toRecordedEvent(row),
    checkpoint: { transactionId: row.transaction_id, globalPosition: row.global_position },
  };
}
