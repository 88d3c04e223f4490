import {
  AckPolicy,
  DeliverPolicy,
  NatsError,
  ReplayPolicy,
  nanos,
  type ConsumerConfig,
  type JetStreamManager,
} from 'nats';
import { coveringFilter, supportsMultipleFilters } from './subjects';

export interface DurableConsumerSettings {
  durableName: string;
  filterSubjects: readonly string[];
  /** Deliveries before a message is given up on (terminated and dead-lettered). */
  maxDeliver: number;
  /**
   * Wait before delivery n+1, whether the handler failed (nak) or no ack came back (a crash). Its first value
   * is also the ack wait: a handler must finish within it or the message is delivered again (harmlessly,
   * processed_events skips it, but it counts as a delivery).
   */
  backoffMs: readonly number[];
  maxAckPending: number;
  /** The connected server's version: before 2.10 a consumer takes a single filter subject. */
  serverVersion: string | undefined;
}

export const DEFAULT_MAX_DELIVER = 10;
export const DEFAULT_BACKOFF_MS = [30_000, 60_000, 120_000, 300_000] as const;

/** The JetStream configuration of a durable pull consumer with explicit acks (docs/style.md). */
export function durableConsumerConfig(
  settings: DurableConsumerSettings,
): Partial<ConsumerConfig> & { durable_name: string } {
  if (settings.filterSubjects.length === 0) throw new Error(`Consumer ${settings.durableName} needs a filter subject`);
  if (settings.backoffMs.length === 0) throw new Error('backoffMs needs at least one value (the ack wait)');
  // The server refuses a backoff list that is not shorter than max_deliver.
  if (settings.maxDeliver <= settings.backoffMs.length) {
    throw new Error(
      `maxDeliver (${settings.maxDeliver}) must exceed the number of backoff steps (${settings.backoffMs.length})`,
    );
  }
  const filters =
    settings.filterSubjects.length === 1
      ? { filter_subject: settings.filterSubjects[0] }
      : supportsMultipleFilters(settings.serverVersion)
        ? { filter_subjects: [...settings.filterSubjects] }
        : { filter_subject: coveringFilter(settings.filterSubjects) };
  return {
    durable_name: settings.durableName,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    replay_policy: ReplayPolicy.Instant,
    max_deliver: settings.maxDeliver,
    ack_wait: nanos(settings.backoffMs[0]!),
    backoff: settings.backoffMs.map((ms) => nanos(ms)),
    max_ack_pending: settings.maxAckPending,
    ...filters,
  };
}

/** The wait before the next delivery after the given one failed. */
export function retryDelayMs(backoffMs: readonly number[], deliveryCount: number): number {
  return backoffMs[Math.min(Math.max(deliveryCount - 1, 0), backoffMs.length - 1)]!;
}

const CONSUMER_NOT_FOUND = 10014;

/** Creates the durable consumer, or updates it to this configuration (replicas start it alike). */
export async function ensureDurableConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Partial<ConsumerConfig> & { durable_name: string },
): Promise<void> {
  try {
    await jsm.consumers.info(stream, config.durable_name);
  } catch (error) {
    if (!(error instanceof NatsError && error.api_error?.err_code === CONSUMER_NOT_FOUND)) throw error;
    await jsm.consumers.add(stream, config);
    return;
  }
  const { durable_name: durableName, ...updatable } = config;
  // deliver_policy and replay_policy are fixed at creation; the rest follows the code.
  delete updatable.deliver_policy;
  delete updatable.replay_policy;
  await jsm.consumers.update(stream, durableName, updatable);
}
