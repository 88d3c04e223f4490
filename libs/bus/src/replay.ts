import { JETSTREAM_STREAM, type EventEnvelope } from '@labline/contracts';
import { DeliverPolicy, type NatsConnection } from 'nats';
import { decodeEnvelope } from './envelope';
import { subjectMatches } from './subjects';

export interface ReplayOptions {
  nc: NatsConnection;
  /** Subjects with NATS wildcards; the rest of the stream is skipped. */
  subjects: readonly string[];
  /** Replays messages after this stream sequence (0: from the start). */
  afterSequence: number;
  /** Applies one batch of events in stream order. */
  apply: (events: EventEnvelope[]) => Promise<void>;
  stream?: string;
  batchSize?: number;
}

/**
 * Replays the JetStream stream (kept forever: docs/architecture.md §3) from a sequence up to its last message at the
 * time of the call, without a durable consumer and without acknowledging anything: what a rebuild of a
 * cross-service projection reads. Returns the last sequence replayed (the start when there was none).
 */
export async function replayStream(options: ReplayOptions): Promise<number> {
  const stream = options.stream ?? JETSTREAM_STREAM;
  const jsm = await options.nc.jetstreamManager();
  const last = (await jsm.streams.info(stream)).state.last_seq;
  if (last <= options.afterSequence) return options.afterSequence;
  const consumer = await options.nc.jetstream().consumers.get(stream, {
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: options.afterSequence + 1,
  });
  const batchSize = options.batchSize ?? 500;
  let sequence = options.afterSequence;
  let batch: EventEnvelope[] = [];
  const messages = await consumer.consume({ max_messages: batchSize });
  try {
    for await (const message of messages) {
      sequence = message.seq;
      if (options.subjects.some((filter) => subjectMatches(filter, message.subject))) {
        const decoded = decodeEnvelope(message.data);
        // A message that is no envelope was dead-lettered by the live consumer too: skipped alike.
        if (decoded.ok) batch.push(decoded.envelope);
      }
      if (batch.length >= batchSize || sequence >= last) {
        await options.apply(batch);
        batch = [];
      }
      if (sequence >= last) break;
    }
  } finally {
    await messages.close();
  }
  return sequence;
}
