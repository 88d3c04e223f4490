import { sql, type CommonQueryMethods, type DatabasePool, type DatabaseTransactionConnection } from '@labline/db';
import { UniqueIntegrityConstraintViolationError } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import { assertExpectedVersion, assertValidExpectedVersion, retriableAfterLostRace } from './expected-version';
import { STREAM_VERSION_CONSTRAINT } from './migrations';
import { eventRowSchema, insertedRowSchema, toReadAllEvent, toRecordedEvent, versionRowSchema } from './postgres-rows';
import {
  ConcurrencyError,
  NO_CONCURRENCY_CHECK,
  START_OF_ALL,
  type AppendOptions,
  type AppendResult,
  type AppendSignal,
  type EventStore,
  type ExpectedStreamVersion,
  type NewEvent,
  type ReadAllEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from './types';

export interface PostgresEventStoreOptions {
  /** A pool whose search_path is the service schema holding `events` (createDatabasePool of libs/db). */
  pool: DatabasePool;
  /**
   * How many times an append that lost a race for a stream version is retried at the next version; only for
   * NO_CONCURRENCY_CHECK and STREAM_EXISTS, whose callers did not pin a version. Default 10.
   */
  maxRaceRetries?: number;
}

export interface PostgresEventStore extends EventStore, AppendSignal {}

/**
 * transaction_id is selected as text under its own name, so an ORDER BY must name `events.transaction_id`: a bare
 * `transaction_id` there means the text output column, which sorts 100000 before 99999.
 */
const EVENT_COLUMNS = sql.fragment`
  global_position, transaction_id::text AS transaction_id, event_id, stream, version, type, data, actor,
  correlation_id, causation_id, traceparent, occurred_at`;

/**
 * The Postgres adapter of docs/architecture.md §4. The pool belongs to the caller: `close()` stops the store from
 * being used but leaves the pool open.
 */
export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const { pool } = options;
  const maxRaceRetries = options.maxRaceRetries ?? 10;
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
        // A wake-up hint must never turn a committed append into a failure for the caller.
      }
    }
  };

  async function appendOnce(
    connection: DatabaseTransactionConnection,
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedStreamVersion,
    options: AppendOptions,
  ): Promise<AppendResult> {
    const current = await versionOf(connection, stream);
    assertExpectedVersion(stream, expected, current);
    const firstVersion = current === null ? 0 : current + 1;
    const { metadata } = options;
    const pending = events.map((event, index) => ({ id: uuidv7(), version: firstVersion + index, event }));
    const rows = pending.map(
      ({ id, version, event }) => sql.fragment`(
        ${id}, ${stream}, ${version}, ${event.type}, ${JSON.stringify(event.data ?? null)}::jsonb,
        ${JSON.stringify(metadata.actor)}::jsonb, ${metadata.correlationId}, ${metadata.causationId ?? null},
        ${metadata.traceparent ?? null}
      )`,
    );
    const inserted = await connection.many(sql.type(insertedRowSchema)`
      INSERT INTO events (event_id, stream, version, type, data, actor, correlation_id, causation_id, traceparent)
      VALUES ${sql.join(rows, sql.fragment`, `)}
      RETURNING event_id, global_position, transaction_id::text AS transaction_id, occurred_at`);
    const insertedById = new Map(inserted.map((row) => [row.event_id, row]));
    const recorded: RecordedEvent[] = pending.map(({ id, version, event }) => {
      const row = insertedById.get(id);
      if (!row) throw new Error(`Insert of event ${id} returned no row`);
      return {
        id,
        type: event.type,
        stream,
        version,
        occurredAt: row.occurred_at,
        actor: metadata.actor,
        correlationId: metadata.correlationId,
        causationId: metadata.causationId ?? null,
        traceparent: metadata.traceparent ?? null,
        data: event.data,
        globalPosition: row.global_position,
      };
    });
    if (options.inTransaction) await options.inTransaction(connection, recorded);
    return { nextExpectedStreamVersion: firstVersion + events.length - 1, events: recorded };
  }

  return {
    async appendToStream(stream, events, appendOptions) {
      assertOpen();
      const expected = appendOptions.expectedStreamVersion ?? NO_CONCURRENCY_CHECK;
      assertValidExpectedVersion(expected);
      if (events.length === 0) throw new RangeError(`Appending to ${stream} needs at least one event`);
      const joined = appendOptions.transaction;
      for (let attempt = 1; ; attempt += 1) {
        try {
          if (joined) {
            // A savepoint, so that a conflict leaves the caller's transaction usable.
            const result = await joined.transaction((savepoint) =>
              appendOnce(savepoint, stream, events, expected, appendOptions),
            );
            joined.once('commit', signalAppended);
            return result;
          }
          const result = await pool.transaction((transaction) =>
            appendOnce(transaction, stream, events, expected, appendOptions),
          );
          signalAppended();
          return result;
        } catch (error) {
          if (!isStreamVersionRace(error)) throw error;
          // Another append took the same version between our read and our insert (and has committed).
          if (retriableAfterLostRace(expected) && attempt < maxRaceRetries) {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
            continue;
          }
          throw new ConcurrencyError(stream, expected, await versionOf(joined ?? pool, stream));
        }
      }
    },

    async readStream(stream, readOptions: ReadStreamOptions = {}) {
      assertOpen();
      const from = readOptions.from ?? 0;
      const upTo = readOptions.to === undefined ? sql.fragment`` : sql.fragment`AND version <= ${readOptions.to}`;
      const rows = await (readOptions.transaction ?? pool).any(sql.type(eventRowSchema)`
        SELECT ${EVENT_COLUMNS} FROM events
        WHERE stream = ${stream} AND version >= ${from} ${upTo}
        ORDER BY version
        LIMIT ${readOptions.maxCount ?? null}`);
      return rows.map(toRecordedEvent);
    },

    async readAll(readOptions: ReadAllOptions = {}): Promise<ReadAllEvent[]> {
      assertOpen();
      const after = readOptions.after ?? START_OF_ALL;
      // Only transactions older than every running one: a slower transaction holding an earlier
      // global_position may still commit, and a reader advancing past it would skip it forever.
      const rows = await pool.any(sql.type(eventRowSchema)`
        SELECT ${EVENT_COLUMNS} FROM events
        WHERE (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
          AND (${readOptions.consistency === 'committed'}
               OR transaction_id < pg_snapshot_xmin(pg_current_snapshot()))
        ORDER BY events.transaction_id, events.global_position
        LIMIT ${readOptions.maxCount ?? null}`);
      return rows.map(toReadAllEvent);
    },

    async streamVersion(stream) {
      assertOpen();
      return versionOf(pool, stream);
    },

    onAppended(listener) {
      appendListeners.add(listener);
      return () => appendListeners.delete(listener);
    },

    async close() {
      closed = true;
      appendListeners.clear();
    },
  };
}

async function versionOf(connection: CommonQueryMethods, stream: string): Promise<number | null> {
  return connection.oneFirst(
    sql.type(versionRowSchema)`SELECT max(version) AS version FROM events WHERE stream = ${stream}`,
  );
}

function isStreamVersionRace(error: unknown): boolean {
  return error instanceof UniqueIntegrityConstraintViolationError && error.constraint === STREAM_VERSION_CONSTRAINT;
}
