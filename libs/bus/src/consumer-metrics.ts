import { observeConsumer, type ConsumerCounts, type StopObserving } from '@labline/telemetry';
import type { JetStreamManager } from 'nats';

/**
 * The durable consumer's lag from the server's own view of it: messages of its subjects not yet delivered
 * plus those delivered and not yet acknowledged (what a restart would have to process again).
 */
export async function consumerLag(jsm: JetStreamManager, stream: string, durableName: string): Promise<number> {
  const info = await jsm.consumers.info(stream, durableName);
  return info.num_pending + info.num_ack_pending;
}

/** The consumer's lag and outcome counts as metrics of its service (telemetry's bus-metrics). */
export function observeConsumerMetrics(options: {
  service: string | undefined;
  jsm: JetStreamManager;
  stream: string;
  durableName: string;
  stats: ConsumerCounts;
}): StopObserving {
  const { jsm, stream, durableName } = options;
  return observeConsumer({
    service: options.service,
    consumer: durableName,
    stats: options.stats,
    lag: () => consumerLag(jsm, stream, durableName),
  });
}
