/**
 * A service's background work beside its HTTP routes, declared in `defineService` and run by the kit:
 * - reactors: side effects of other services' events (a message to send, a reminder to plan), each on a durable
 *   consumer of its own, in the consumer's transaction with its processed-event row; one may declare that it
 *   runs after a projection of the service has applied the event (it reads what that projection wrote);
 * - workers: loops of the service's own (a delivery worker, a job scheduler), started once the consumers run
 *   and stopped before the service's connections close.
 * Both get the service's own NATS connection.
 */
import { startConsumer, type DurableConsumer } from '@labline/bus';
import type { EventEnvelope, ServiceName } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import type { Logger } from '@labline/telemetry';
import type { NatsConnection } from 'nats';
import { sql, type CommonQueryMethods, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { consumerNameOf, type CrossServiceProjection } from './projection';

/** A reaction to other services' events, on the durable consumer `<service>-<name>`. */
export interface Reactor {
  name: string;
  /** The subjects it consumes, e.g. `lab.clinical.testRequest.>`. */
  subjects: readonly string[];
  /** The event types it reacts to; the others are acknowledged untouched. */
  handles: readonly string[];
  /**
   * Projections of the service (its `consumes`) that must have applied an event before the reactor sees it:
   * the reaction reads what they wrote about it (a patient's details as of the event).
   */
  after?: readonly CrossServiceProjection[];
  /** Events older than this cause no reaction: a new deployment's consumer reading old history must not act. */
  maxEventAgeMs?: number;
  /** Redelivery waits after a failed reaction (the first is also the ack wait); the bus's default when absent. */
  backoffMs?: readonly number[];
  maxDeliver?: number;
  /** The reaction, in the consumer's transaction; `metadata` is what its own events carry (caused by the event). */
  react(event: EventEnvelope, transaction: DatabaseTransactionConnection, metadata: AppendMetadata): Promise<void>;
}

/** What the kit hands a worker when it starts: the service's own NATS connection and its reactor start. */
export interface WorkerKit {
  nc: NatsConnection;
  /** Starts a reactor that the worker owns (started and stopped with it, e.g. only where it is enabled). */
  startReactor(reactor: Reactor): Promise<DurableConsumer>;
}

export interface ServiceWorker {
  name: string;
  start(kit: WorkerKit): Promise<void> | void;
  /** Finishes the work in hand and stops. */
  stop(): Promise<void>;
}

/** The metadata of events a reaction appends: the reacting event's actor and correlation, caused by it. */
export const reactionMetadata = (event: EventEnvelope): AppendMetadata => ({
  actor: event.actor,
  correlationId: event.correlationId,
  causationId: event.id,
  traceparent: event.traceparent,
});

// ---- "after projection X": the projection consumers of this process tell when they committed an event ----

const waiting = new Map<string, Set<() => void>>();
const keyOf = (consumer: string, eventId: string) => `${consumer}\u0000${eventId}`;

/** Called when a projection's consumer committed an event (any of its subjects', handled or not). */
export function signalProcessed(consumer: string, eventId: string): void {
  const key = keyOf(consumer, eventId);
  for (const wake of waiting.get(key) ?? []) wake();
  waiting.delete(key);
}

const processedSchema = z.object({ processed: z.boolean() });
const hasProcessed = (db: CommonQueryMethods, consumer: string, eventId: string) =>
  db.oneFirst(sql.type(processedSchema)`
    SELECT EXISTS (SELECT 1 FROM processed_events WHERE consumer = ${consumer} AND event_id = ${eventId}) AS processed`);

/** How long a reaction waits for a projection it runs after before it is tried again later. */
const AFTER_WAIT_MS = 3_000;

/**
 * Whether the consumer has applied the event (its processed-event record), waiting for it at most `timeoutMs`:
 * woken when this process's consumer commits it; one of another replica is seen by the check at the deadline.
 */
export async function awaitProcessed(
  db: CommonQueryMethods,
  consumer: string,
  eventId: string,
  timeoutMs = AFTER_WAIT_MS,
): Promise<boolean> {
  const key = keyOf(consumer, eventId);
  let wake = () => undefined as void;
  const signalled = new Promise<void>((resolve) => (wake = resolve));
  const wakers = waiting.get(key) ?? new Set();
  wakers.add(wake);
  waiting.set(key, wakers);
  let timer: NodeJS.Timeout | undefined;
  try {
    if (await hasProcessed(db, consumer, eventId)) return true;
    await Promise.race([signalled, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    return await hasProcessed(db, consumer, eventId);
  } finally {
    clearTimeout(timer);
    wakers.delete(wake);
    if (wakers.size === 0 && waiting.get(key) === wakers) waiting.delete(key);
  }
}

/** The durable consumer `<service>-<projection>` that keeps a projection of another service's events. */
export function startProjectionConsumer(
  service: ServiceName,
  projection: CrossServiceProjection,
  parts: { nc: NatsConnection; pool: DatabasePool; logger?: Logger },
): Promise<DurableConsumer> {
  const durableName = consumerNameOf(service, projection);
  return startConsumer({
    nc: parts.nc,
    pool: parts.pool,
    durableName,
    filterSubjects: projection.subjects,
    service,
    handle: async (event, transaction) => {
      if (projection.handles.includes(event.type)) await projection.apply(transaction, event);
      transaction.once('commit', () => signalProcessed(durableName, event.id));
    },
    ...(parts.logger ? { logger: parts.logger } : {}),
  });
}

/** A reactor's durable consumer `<service>-<name>`. */
export function startReactor(
  service: ServiceName,
  reactor: Reactor,
  parts: { nc: NatsConnection; pool: DatabasePool; logger: Logger },
): Promise<DurableConsumer> {
  const logger = parts.logger.child({ reactor: reactor.name });
  async function handle(event: EventEnvelope, transaction: DatabaseTransactionConnection) {
    if (!reactor.handles.includes(event.type)) return;
    if (reactor.maxEventAgeMs !== undefined && Date.now() - Date.parse(event.occurredAt) > reactor.maxEventAgeMs) {
      logger.info({ eventId: event.id, eventType: event.type }, 'event too old to react to; skipped');
      return;
    }
    for (const projection of reactor.after ?? []) {
      if (!(await awaitProcessed(transaction, consumerNameOf(service, projection), event.id))) {
        throw new Error(`the ${projection.name} projection has not reached this event yet`);
      }
    }
    await reactor.react(event, transaction, reactionMetadata(event));
  }
  return startConsumer({
    nc: parts.nc,
    pool: parts.pool,
    durableName: consumerNameOf(service, reactor),
    filterSubjects: reactor.subjects,
    service,
    handle,
    ...(reactor.backoffMs ? { backoffMs: reactor.backoffMs } : {}),
    ...(reactor.maxDeliver ? { maxDeliver: reactor.maxDeliver } : {}),
    logger,
  });
}

export interface Background {
  stop(): Promise<void>;
}

/**
 * Starts a service's consumers in order: the projections of other services' events, `beforeWork` (the seed,
 * which may wait for them), then the reactors, then the workers; `stop` stops them the other way round and then
 * runs `close` (the resources: SMTP pools, clients).
 */
export async function startBackground(
  service: ServiceName,
  parts: {
    nc: NatsConnection;
    pool: DatabasePool;
    logger: Logger;
    projections: readonly CrossServiceProjection[];
    reactors: readonly Reactor[];
    workers: readonly ServiceWorker[];
    beforeWork?: () => Promise<void>;
    close?: () => Promise<void> | void;
  },
): Promise<Background> {
  const { nc, pool, logger } = parts;
  const consumers: DurableConsumer[] = [];
  const started: ServiceWorker[] = [];
  const stop = async () => {
    for (const worker of started.reverse()) await worker.stop();
    for (const consumer of consumers.reverse()) await consumer.stop();
    await parts.close?.();
  };
  try {
    for (const projection of parts.projections) {
      consumers.push(await startProjectionConsumer(service, projection, { nc, pool, logger }));
    }
    await parts.beforeWork?.();
    const kit: WorkerKit = { nc, startReactor: (reactor) => startReactor(service, reactor, { nc, pool, logger }) };
    for (const reactor of parts.reactors) consumers.push(await kit.startReactor(reactor));
    for (const worker of parts.workers) {
      await worker.start(kit);
      started.push(worker);
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { stop };
}
