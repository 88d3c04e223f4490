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
