import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  StreamNotFoundError,
  type ReadPosition,
  type StreamingRead,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { v7 as uuidv7 } from 'uuid';
import { assertValidExpectedVersion } from '../expected-version';
import {
  NO_CONCURRENCY_CHECK,
  START_OF_ALL,
  type AppendSignal,
  type EventStore,
  type GlobalCheckpoint,
  type ReadAllEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../types';
import { eventDataOf, isSystemEvent, toRecordedEvent } from './events';
import { concurrencyErrorOf, expectedRevisionOf } from './expected-version';
import { checkpointOf, isAfter, positionOf, readPositionAfter } from './positions';

export interface EventStoreDbStoreOptions {
  /** `esdb://host:2113?tls=false` or `esdb+discover://…`: the store opens the client and disposes of it on close. */
  url?: string;
  /** Or a client of the caller's, which `close()` leaves open. */
  client?: EventStoreDBClient;
  /**
   * Prefix of this store's stream names in a cluster that several services share, as each has its own Postgres
   * schema (e.g. `clinical.`): appends and reads add it, events carry the name without it, and readAll returns
   * only streams that have it. Default none: every non-system stream.
   */
  streamPrefix?: string;
  /** Events fetched per round trip while scanning `$all` (system and other prefixes' events included). Default 500. */
  pageSize?: number;
}

export interface EventStoreDbStore extends EventStore, AppendSignal {}

/**
 * The EventStoreDB adapter of docs/architecture.md §4. A server append is atomic and `$all` only ever shows committed
 * events in log order, so readAll has no commit-order gap to hold back and both of its consistencies read the
 * same. There is no transaction to share with Postgres: `inTransaction` and `transaction` are refused.
 */
export function createEventStoreDbStore(options: EventStoreDbStoreOptions): EventStoreDbStore {
  const ownsClient = options.client === undefined;
  const client = options.client ?? EventStoreDBClient.connectionString(requiredUrl(options.url));
  const prefix = options.streamPrefix ?? '';
  const pageSize = options.pageSize ?? 500;
  const appendListeners = new Set<() => void>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('The event store is closed');
  };

  const signalAppended = () => {
    for (const listener of appendListeners) {
      try {
        listener();
      } catch {
        // A wake-up hint must never turn a stored append into a failure for the caller.
      }
    }
  };

  async function readVersions(stream: string, from: number, count: number): Promise<RecordedEvent[]> {
    const read = client.readStream(prefix + stream, { fromRevision: BigInt(from), maxCount: count });
    return (await collect(read)).map((event) => toRecordedEvent(event, stream).event);
  }

  return {
    async appendToStream(stream, events, appendOptions) {
      assertOpen();
      const expected = appendOptions.expectedStreamVersion ?? NO_CONCURRENCY_CHECK;
      assertValidExpectedVersion(expected);
      if (events.length === 0) throw new RangeError(`Appending to ${stream} needs at least one event`);
      if (appendOptions.inTransaction || appendOptions.transaction) {
        throw new Error(
          'The EventStoreDB event store has no Postgres transaction: inTransaction and transaction need the Postgres store',
        );
      }
      const proposed = events.map((event) => eventDataOf(uuidv7(), event, appendOptions.metadata));
      const result = await client
        .appendToStream(prefix + stream, proposed, { expectedRevision: expectedRevisionOf(expected) })
        .catch((error: unknown) => {
          throw concurrencyErrorOf(error, stream, expected);
        });
      signalAppended();
      const lastVersion = Number(result.nextExpectedRevision);
      // The append answers one position for the whole write; each event's own position and time are read back.
      const recorded = await readVersions(stream, lastVersion - events.length + 1, events.length);
      if (recorded.map((event) => event.id).join() !== proposed.map((event) => event.id).join()) {
        throw new Error(`Stream ${stream}: the events read back after the append are not the ones appended`);
      }
      return { nextExpectedStreamVersion: lastVersion, events: recorded };
    },

    async readStream(stream, readOptions: ReadStreamOptions = {}) {
      assertOpen();
      if (readOptions.transaction) {
        throw new Error(
          'The EventStoreDB event store has no Postgres transaction: transaction needs the Postgres store',
        );
      }
      const from = readOptions.from ?? 0;
      const upTo = readOptions.to === undefined ? Number.MAX_SAFE_INTEGER : readOptions.to - from + 1;
      const count = Math.min(upTo, readOptions.maxCount ?? Number.MAX_SAFE_INTEGER);
      return count > 0 ? readVersions(stream, from, count) : [];
    },

    async readAll(readOptions = {}): Promise<ReadAllEvent[]> {
      assertOpen();
      const after = readOptions.after ?? START_OF_ALL;
      const wanted = readOptions.maxCount ?? Number.POSITIVE_INFINITY;
      const found: ReadAllEvent[] = [];
      let lastSeen: GlobalCheckpoint = after;
      let from: ReadPosition = readPositionAfter(after);
      for (;;) {
        let fetched = 0;
        for await (const resolved of client.readAll({ fromPosition: from, maxCount: pageSize })) {
          fetched += 1;
          const event = resolved.event;
          // Each page starts at the last event seen, which the server returns again.
          if (!event || !isAfter(event.position, lastSeen)) continue;
          lastSeen = checkpointOf(event.position);
          if (isSystemEvent(event) || !event.streamId.startsWith(prefix)) continue;
          const { event: recorded } = toRecordedEvent(event, event.streamId.slice(prefix.length));
          found.push({ ...recorded, checkpoint: lastSeen });
          if (found.length >= wanted) return found;
        }
        if (fetched < pageSize) return found;
        from = positionOf(lastSeen);
      }
    },

    async streamVersion(stream) {
      assertOpen();
      const [last] = await collect(
        client.readStream(prefix + stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }),
      );
      return last ? Number(last.revision) : null;
    },

    onAppended(listener) {
      appendListeners.add(listener);
      return () => appendListeners.delete(listener);
    },

    async close() {
      closed = true;
      appendListeners.clear();
      if (ownsClient) await client.dispose();
    },
  };
}

function requiredUrl(url: string | undefined): string {
  if (!url) throw new Error('The EventStoreDB event store needs a url (EVENTSTORE_URL) or a client');
  return url;
}

/** The events of a stream read; a stream that does not exist reads empty, as in the Postgres store. */
async function collect(read: StreamingRead<ResolvedEvent>): Promise<NonNullable<ResolvedEvent['event']>[]> {
  const events: NonNullable<ResolvedEvent['event']>[] = [];
  try {
    for await (const resolved of read) if (resolved.event) events.push(resolved.event);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
  return events;
}
