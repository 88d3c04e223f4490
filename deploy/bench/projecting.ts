/**
 * Loading a benchmark's read models through a service's own projections: the events that make the records, applied
 * as the service would apply them (its inline projections and its projections of other services' events).
 */
import { randomUUID } from 'node:crypto';
import type { Actor, EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import type { DatabasePool } from 'slonik';

/** Events applied per transaction while loading. */
const BATCH = 2_000;
const SYSTEM: Actor = { userId: null, role: null, institutionId: null };

/** An event as a relay would deliver it, at `at`, by `actor` (the system by default). */
export const envelope = (
  stream: string,
  version: number,
  type: string,
  data: unknown,
  at: Date,
  actor: Actor = SYSTEM,
): EventEnvelope => {
  const id = randomUUID();
  return {
    id,
    type,
    stream,
    version,
    occurredAt: at.toISOString(),
    actor,
    correlationId: id,
    causationId: null,
    traceparent: null,
    data,
  };
};

/** Applies the events through the service's own projections, BATCH to a transaction. */
export async function project(
  pool: DatabasePool,
  projections: readonly Projection[],
  events: Iterable<EventEnvelope>,
): Promise<void> {
  let batch: EventEnvelope[] = [];
  const flush = async () => {
    const applying = batch;
    batch = [];
    await pool.transaction(async (transaction) => {
      for (const event of applying)
        for (const projection of projections)
          if (projection.handles.includes(event.type)) await projection.apply(transaction, event);
    });
  };
  for (const event of events) {
    batch.push(event);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length > 0) await flush();
}
