import { createEventStoreDbStore, createPostgresEventStore, type EventStore } from '@labline/eventstore';
import type { AppendSignal } from '@labline/eventstore';
import type { DatabasePool } from 'slonik';

/**
 * The service's event store as configured (EVENT_STORE): Postgres on the service's pool, or EventStoreDB with
 * the service's schema name as its stream prefix, so services sharing a cluster each relay only their own
 * events, as they each read their own `events` table on Postgres.
 */
export function createServiceEventStore(
  config: { EVENT_STORE: 'postgres' | 'eventstoredb'; EVENTSTORE_URL?: string | undefined },
  parts: { pool: DatabasePool; schema: string },
): EventStore & AppendSignal {
  if (config.EVENT_STORE === 'postgres') return createPostgresEventStore({ pool: parts.pool });
  if (!config.EVENTSTORE_URL) throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_URL');
  return createEventStoreDbStore({ url: config.EVENTSTORE_URL, streamPrefix: `${parts.schema}.` });
}

/**
 * Why this service cannot run on the configured event store, or null. A service with inline projections writes
 * its read models in the append's Postgres transaction (read-your-writes, and its unique claims such as an MRN
 * or a barcode are read-model constraints checked there); EventStoreDB has no transaction to share with
 * Postgres, so such a service is refused at start-up with this sentence rather than failing at its first write.
 */
export function eventStoreProblem(
  service: { name: string; projections?: readonly unknown[] },
  config: { EVENT_STORE: 'postgres' | 'eventstoredb' },
): string | null {
  if (config.EVENT_STORE !== 'eventstoredb' || (service.projections ?? []).length === 0) return null;
  return (
    `EVENT_STORE=eventstoredb: ${service.name} projects its read models in the append's transaction, which ` +
    'EventStoreDB cannot share with PostgreSQL; run it with EVENT_STORE=postgres (README, "Configuration")'
  );
}
