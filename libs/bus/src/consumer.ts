import { JETSTREAM_STREAM, type EventEnvelope } from '@labline/contracts';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from '@labline/db';
import { createLogger, type Logger } from '@labline/telemetry';
import { ConsumerEvents, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { z } from 'zod';
import {
  DEFAULT_BACKOFF_MS,
  DEFAULT_MAX_DELIVER,
  durableConsumerConfig,
  ensureDurableConsumer,
  retryDelayMs,
} from './consumer-config';
import { decodeEnvelope } from './envelope';
import { errorMessage } from './errors';
import { subjectMatches } from './subjects';
import { observeConsumerMetrics } from './consumer-metrics';
import { processTraced } from './trace';
import { startResumingLoop } from './resuming-loop';

export interface DeliveryContext {
  subject: string;
  streamSequence: number;
  /** 1 on the first delivery. */
  deliveryCount: number;
}

/**
 * Applies one event inside the transaction that also records it as processed; throwing rolls both back and
 * the message is delivered again later. Never put event data in an error message: it is logged.
 */
export type EventHandler = (
  event: EventEnvelope,
  transaction: DatabaseTransactionConnection,
  delivery: DeliveryContext,
) => Promise<void>;

export interface ConsumerOptions {
  nc: NatsConnection;
  /** The consuming service's pool (processed_events, consumer_checkpoints, dead letters live there). */
  pool: DatabasePool;
  /** Also the key of this consumer's processed events and checkpoint, e.g. `clinical-results-projection`. */
  durableName: string;
  /** Subjects with NATS wildcards, e.g. `lab.identity.user.>`. */
  filterSubjects: readonly string[];
  handle: EventHandler;
  /** The consuming service, whose telemetry the processing spans and metrics are; the process's when absent. */
  service?: string;
  /** Default LABLINE. */
  stream?: string;
  maxDeliver?: number;
  backoffMs?: readonly number[];
  /** Messages pulled per request. Default 20: each waits its turn within the first backoff (the ack wait). */
  batchSize?: number;
  logger?: Logger;
}

export interface ConsumerStats {
  handled: number;
  /** Redeliveries of events already applied: acknowledged without running the handler. */
  duplicates: number;
  /** Handler failures that will be delivered again. */
  retried: number;
  /** Messages given up on: terminated (or expired past max_deliver), logged and dead-lettered. */
  poisoned: number;
  /** Outside the filter subjects (servers before 2.10 filter on a covering subject): acknowledged. */
  ignored: number;
}

export interface DurableConsumer {
  readonly stats: Readonly<ConsumerStats>;
  /** Finishes and acknowledges the message in hand, then stops pulling. */
  stop(): Promise<void>;
}

const freshSchema = z.object({ fresh: z.boolean() });
const maxDeliveriesAdvisorySchema = z.object({ stream_seq: z.number(), deliveries: z.number() });

/**
 * A durable JetStream consumer that applies each event exactly once to the service's database: the handler,
 * the processed-event row and the checkpoint commit together, and the ack follows the commit. A crash
 * before the ack means a redelivery, which finds the processed-event row and is skipped.
 */
export async function startConsumer(options: ConsumerOptions): Promise<DurableConsumer> {
  const { nc, pool, durableName, handle } = options;
  const stream = options.stream ?? JETSTREAM_STREAM;
  const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const logger = (options.logger ?? createLogger('consumer')).child({ consumer: durableName });
  const stats: ConsumerStats = { handled: 0, duplicates: 0, retried: 0, poisoned: 0, ignored: 0 };
  const config = durableConsumerConfig({
    durableName,
    filterSubjects: options.filterSubjects,
    maxDeliver,
    backoffMs,
    maxAckPending: 1_000,
    serverVersion: nc.info?.version,
  });
  const jsm = await nc.jetstreamManager();
  const provision = () => ensureDurableConsumer(jsm, stream, config);
  await provision();
  const js = nc.jetstream();
  const stopObserving = observeConsumerMetrics({ service: options.service, jsm, stream, durableName, stats });

  async function recordDeadLetter(message: JsMsg, reason: string, eventId: string | null, eventType: string | null) {
    await pool.query(sql.unsafe`
      INSERT INTO consumer_dead_letters (consumer, stream_sequence, subject, event_id, event_type, deliveries, reason)
      VALUES (${durableName}, ${message.info.streamSequence}, ${message.subject}, ${eventId}, ${eventType},
              ${message.info.deliveryCount}, ${reason})`);
  }

  /** Gives up on a message, but only once it is on record: if the record fails, it comes back later. */
  async function terminate(message: JsMsg, reason: string, eventId: string | null, eventType: string | null) {
    const facts = { subject: message.subject, streamSequence: message.info.streamSequence, eventId, eventType };
    try {
      await recordDeadLetter(message, reason, eventId, eventType);
    } catch (error) {
      logger.error({ ...facts, error: errorMessage(error) }, 'could not record a poison message; redelivering it');
      message.nak(retryDelayMs(backoffMs, message.info.deliveryCount));
      return;
    }
    // No reason on the term: servers before 2.10 ignore a `+TERM <reason>` and redeliver. It is on record.
    message.term();
    stats.poisoned += 1;
    logger.error({ ...facts, deliveries: message.info.deliveryCount, reason }, 'poison message terminated');
  }

  async function applyOnce(event: EventEnvelope, delivery: DeliveryContext): Promise<'handled' | 'duplicate'> {
    return pool.transaction(async (transaction) => {
      const fresh = await transaction.maybeOneFirst(sql.type(freshSchema)`
        INSERT INTO processed_events (consumer, event_id, stream_sequence)
        VALUES (${durableName}, ${event.id}, ${delivery.streamSequence})
        ON CONFLICT DO NOTHING
        RETURNING true AS fresh`);
      if (!fresh) return 'duplicate';
      await handle(event, transaction, delivery);
      await transaction.query(sql.unsafe`
        INSERT INTO consumer_checkpoints (consumer, stream_sequence) VALUES (${durableName}, ${delivery.streamSequence})
        ON CONFLICT (consumer) DO UPDATE
        SET stream_sequence = GREATEST(consumer_checkpoints.stream_sequence, excluded.stream_sequence),
            updated_at = now()`);
      return 'handled';
    });
  }

  async function processMessage(message: JsMsg): Promise<void> {
    if (!options.filterSubjects.some((filter) => subjectMatches(filter, message.subject))) {
      message.ack();
      stats.ignored += 1;
      return;
    }
    const decoded = decodeEnvelope(message.data);
    if (!decoded.ok) {
      // Redelivering cannot repair a malformed message.
      await terminate(message, decoded.reason, decoded.eventId, decoded.eventType);
      return;
    }
    const event = decoded.envelope;
    const delivery: DeliveryContext = {
      subject: message.subject,
      streamSequence: message.info.streamSequence,
      deliveryCount: message.info.deliveryCount,
    };
    try {
      const outcome = await processTraced(
        {
          service: options.service,
          consumer: durableName,
          subject: message.subject,
          headers: message.headers,
          fallbackTraceparent: event.traceparent,
        },
        () => applyOnce(event, delivery),
      );
      message.ack();
      if (outcome === 'handled') stats.handled += 1;
      else stats.duplicates += 1;
    } catch (error) {
      const facts = {
        eventId: event.id,
        eventType: event.type,
        stream: event.stream,
        deliveries: delivery.deliveryCount,
      };
      if (delivery.deliveryCount >= maxDeliver) {
        await terminate(message, `handler failed on the last delivery: ${errorMessage(error)}`, event.id, event.type);
        return;
      }
      message.nak(retryDelayMs(backoffMs, delivery.deliveryCount));
      stats.retried += 1;
      logger.warn({ ...facts, error: errorMessage(error) }, 'handler failed; the event will be delivered again');
    }
  }

  // A message whose deliveries all ended without an ack (e.g. the process died each time) is dropped by the
  // server after max_deliver; its advisory is the only trace, so it is recorded like a terminated message.
  const advisories = nc.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${durableName}`, {
    queue: durableName,
    callback: (error, advisory) => {
      if (error) return;
      const parsed = maxDeliveriesAdvisorySchema.safeParse(advisory.json<unknown>());
      if (!parsed.success) return;
      stats.poisoned += 1;
      const { stream_seq: streamSequence, deliveries } = parsed.data;
      logger.error({ streamSequence, deliveries }, 'message expired after max deliveries without an ack');
      pool
        .query(
          sql.unsafe`
          INSERT INTO consumer_dead_letters (consumer, stream_sequence, deliveries, reason)
          VALUES (${durableName}, ${streamSequence}, ${deliveries}, 'max deliveries reached without an ack')`,
        )
        .catch((recordError: unknown) =>
          logger.error({ streamSequence, error: errorMessage(recordError) }, 'could not record an expired message'),
        );
    },
  });

  let messages: ConsumerMessages | null = null;

  /**
   * Ends the pull when the server lost the consumer (deleted, stream recreated): the loop then provisions it
   * and pulls again at once, instead of the client noticing only after missed heartbeats.
   */
  async function watchStatus(current: ConsumerMessages): Promise<void> {
    for await (const status of await current.status()) {
      if (status.type !== ConsumerEvents.ConsumerNotFound && status.type !== ConsumerEvents.ConsumerDeleted) continue;
      logger.warn({ status: status.type }, 'consumer missing on the server; provisioning it again');
      await current.close();
      return;
    }
  }

  let resuming = false;
  const loop = startResumingLoop({
    nc,
    async pass({ madeProgress, isStopping }) {
      try {
        // After any interruption the consumer may be gone (deleted, stream recreated): provision it again.
        if (resuming) await provision();
        resuming = true;
        const consumer = await js.consumers.get(stream, durableName);
        messages = await consumer.consume({ max_messages: options.batchSize ?? 20 });
        watchStatus(messages).catch(() => undefined);
        // A stop while subscribing found nothing to close: close now. The close takes effect, and its promise
        // resolves, only as the messages are iterated: the loop below ends at once instead of waiting forever.
        if (isStopping()) messages.close().catch(() => undefined);
        for await (const message of messages) {
          if (isStopping()) break;
          await processMessage(message);
          madeProgress();
          if (isStopping()) break;
        }
      } finally {
        await messages?.close();
        messages = null;
      }
    },
    interrupt: async () => {
      await messages?.close();
    },
    onInterrupted: (error, failures) =>
      logger.warn({ error: errorMessage(error), failures }, 'consume loop interrupted; resuming'),
  });

  return {
    stats,
    async stop() {
      await loop.stop();
      advisories.unsubscribe();
      stopObserving();
      // Acks are fire-and-forget: make sure the server has them before the caller closes the connection.
      if (!nc.isClosed()) await nc.flush();
      logger.info({ ...stats }, 'consumer stopped');
    },
  };
}
