import { subjectFor, type ServiceName } from '@labline/contracts';
import { sql, type DatabasePool } from '@labline/db';
import type { DatabasePoolConnection } from 'slonik';
import {
  START_OF_ALL,
  type AppendSignal,
  type EventStore,
  type GlobalCheckpoint,
  type ReadAllEvent,
} from '@labline/eventstore';
import { createLogger, type Logger } from '@labline/telemetry';
import type { JetStreamClient, NatsConnection } from 'nats';
import { z } from 'zod';
import { encodeEnvelope } from './envelope';
import { errorMessage } from './errors';
import { observeRelayMetrics } from './relay-metrics';
import { publishTraced } from './trace';
import { Wakeup } from './wakeup';

export interface RelayOptions {
  /** The service's event store; a store with `onAppended` wakes the relay as soon as its own process appends. */
  store: EventStore & Partial<AppendSignal>;
  /** The service's pool: the relay keeps one of its connections while active (advisory lock, checkpoint). */
  pool: DatabasePool;
  nc: NatsConnection;
  service: ServiceName;
  /** Checkpoint and lock name; default the service name. */
  name?: string;
  /** Events read and published per round. Default 200. */
  batchSize?: number;
  /** How often the active relay looks for events appended by other processes. Default 200 ms. */
  pollIntervalMs?: number;
  /** How often a standby replica tries to take over. Default 1 s. */
  standbyRetryMs?: number;
  logger?: Logger;
}

export interface RelayStats {
  /** Whether this replica holds the lock and is the one publishing. */
  active: boolean;
  published: number;
  /** Publishes JetStream recognised as already stored (a republish after a crash). */
  duplicates: number;
  failures: number;
  /** Tries for the lock (each standby round is one): a standby that keeps trying yet stays inactive is standing by. */
  lockAttempts: number;
  /** Reads of the store for new events, whatever they found. */
  reads: number;
}

export interface Relay {
  readonly stats: Readonly<RelayStats>;
  /** Look for new events now instead of at the next poll. */
  wake(): void;
  /** Finishes the batch in flight, records its checkpoint, releases the lock. */
  stop(): Promise<void>;
}

const lockedSchema = z.object({ locked: z.boolean() });
const checkpointSchema = z.object({ transaction_id: z.string(), global_position: z.coerce.number().int() });
const MAX_FAILURE_BACKOFF_MS = 5_000;
/**
 * A wake-up means an append committed, but readAll may not return it yet: it holds back every event while a
 * transaction with an older id still runs, in any database of the server. Such an append is looked for again
 * after this, doubling up to the poll interval, instead of only at the next poll.
 */
const HELD_BACK_FIRST_RETRY_MS = 10;

/**
 * The outbox relay: publishes the service's events from the event store to JetStream, at least once and in
 * readAll order. Each message carries the event id as Nats-Msg-Id, so a republish after a crash between
 * publish and checkpoint is dropped by JetStream's duplicate window (and by the consumers' processed_events
 * beyond it). One replica per service is active, elected by a Postgres advisory lock; the others stand by.
 */
export function startRelay(options: RelayOptions): Relay {
  const { store, pool, nc, service } = options;
  const name = options.name ?? service;
  const batchSize = options.batchSize ?? 200;
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const standbyRetryMs = options.standbyRetryMs ?? 1_000;
  const logger = (options.logger ?? createLogger('relay')).child({ relay: name });
  const stats: RelayStats = { active: false, published: 0, duplicates: 0, failures: 0, lockAttempts: 0, reads: 0 };
  const js = nc.jetstream();
  const newEvents = new Wakeup();
  const retry = new Wakeup();
  let stopping = false;
  const unsubscribe = store.onAppended?.(() => newEvents.wake());
  const stopObserving = observeRelayMetrics({ service, name, pool, stats });

  async function relayWhileLeader(connection: DatabasePoolConnection): Promise<void> {
    const locked = await connection.oneFirst(sql.type(lockedSchema)`
      SELECT pg_try_advisory_lock(hashtextextended('labline-relay:' || current_schema() || ':' || ${name}, 0)) AS locked`);
    stats.lockAttempts += 1;
    if (!locked) return;
    stats.active = true;
    logger.info('relay active');
    try {
      let checkpoint = await loadCheckpoint(connection, name);
      let heldBackRetryMs: number | null = null;
      while (!stopping) {
        const events = await store.readAll({ after: checkpoint, maxCount: batchSize });
        stats.reads += 1;
        if (events.length === 0) {
          const woken = await newEvents.sleep(heldBackRetryMs ?? pollIntervalMs);
          heldBackRetryMs = woken
            ? Math.min(HELD_BACK_FIRST_RETRY_MS, pollIntervalMs)
            : nextHeldBackRetry(heldBackRetryMs, pollIntervalMs);
          continue;
        }
        heldBackRetryMs = null;
        const { publishedUpTo, failure } = await publishInOrder(js, service, events, stats);
        if (publishedUpTo) {
          // On the lock's own connection: if that connection is gone, so is the lock, and this write fails.
          await saveCheckpoint(connection, name, publishedUpTo);
          checkpoint = publishedUpTo;
        }
        if (failure) throw failure;
      }
    } finally {
      stats.active = false;
      // Releasing the connection runs DISCARD ALL, which also drops the lock; unlocking is for clarity.
      await connection.query(sql.unsafe`SELECT pg_advisory_unlock_all()`).catch(() => undefined);
    }
  }

  const running = (async () => {
    let consecutiveFailures = 0;
    while (!stopping) {
      try {
        await pool.connect(relayWhileLeader);
        consecutiveFailures = 0;
      } catch (error) {
        consecutiveFailures += 1;
        stats.failures += 1;
        logger.warn({ error: errorMessage(error), consecutiveFailures }, 'relay round failed; retrying');
      }
      if (stopping) break;
      const backoff = Math.min(MAX_FAILURE_BACKOFF_MS, standbyRetryMs * 2 ** Math.max(0, consecutiveFailures - 1));
      await retry.sleep(consecutiveFailures > 0 ? backoff : standbyRetryMs);
    }
  })();

  return {
    stats,
    wake: () => newEvents.wake(),
    async stop() {
      stopping = true;
      unsubscribe?.();
      newEvents.wake();
      retry.wake();
      await running;
      stopObserving();
      logger.info({ published: stats.published }, 'relay stopped');
    },
  };
}

/** The next wait for an append held back behind an older transaction; null once it reaches the poll interval. */
function nextHeldBackRetry(retryMs: number | null, pollIntervalMs: number): number | null {
  if (retryMs === null || retryMs * 2 >= pollIntervalMs) return null;
  return retryMs * 2;
}

/**
 * Publishes a batch pipelined (one connection keeps them in order on the wire) and reports the checkpoint of
 * the longest prefix JetStream acknowledged: the checkpoint never passes an event that was not stored.
 */
async function publishInOrder(
  js: JetStreamClient,
  service: ServiceName,
  events: readonly ReadAllEvent[],
  stats: RelayStats,
): Promise<{ publishedUpTo: GlobalCheckpoint | null; failure: unknown }> {
  const outcomes = await Promise.allSettled(
    events.map((event) => {
      const subject = subjectFor(service, event);
      const body = encodeEnvelope(event);
      return publishTraced(
        { service, subject, traceparent: event.traceparent, bodySize: body.length },
        (messageHeaders) => js.publish(subject, body, { msgID: event.id, headers: messageHeaders }),
      );
    }),
  );
  let publishedUpTo: GlobalCheckpoint | null = null;
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'rejected') return { publishedUpTo, failure: outcome.reason };
    stats.published += 1;
    if (outcome.value.duplicate) stats.duplicates += 1;
    publishedUpTo = events[index]!.checkpoint;
  }
  return { publishedUpTo, failure: null };
}

async function loadCheckpoint(connection: DatabasePoolConnection, name: string): Promise<GlobalCheckpoint> {
  const row = await connection.maybeOne(sql.type(checkpointSchema)`
    SELECT transaction_id::text AS transaction_id, global_position FROM relay_checkpoints WHERE name = ${name}`);
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : START_OF_ALL;
}

async function saveCheckpoint(
  connection: DatabasePoolConnection,
  name: string,
  checkpoint: GlobalCheckpoint,
): Promise<void> {
  await connection.query(sql.unsafe`
    INSERT INTO relay_checkpoints (name, transaction_id, global_position)
    VALUES (${name}, ${checkpoint.transactionId}::xid8, ${checkpoint.globalPosition})
    ON CONFLICT (name) DO UPDATE
    SET transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`);
}
