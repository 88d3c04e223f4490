/**
 * Metrics of the event pipeline, observed when a reader collects (every export interval), never on the hot
 * path: the relay's backlog and publishes, a durable consumer's lag and outcomes. The counters read the
 * relay's and the consumer's own running totals, so the code that counts them needs no metric calls.
 * With telemetry off the meter is the API's no-op and the callbacks never run.
 */
import type { Attributes, ObservableCallback, ObservableResult } from '@opentelemetry/api';
import {
  ATTR_CONSUMER_OUTCOME,
  ATTR_MESSAGING_CONSUMER_GROUP_NAME,
  ATTR_RELAY_NAME,
  ATTR_RELAY_OUTCOME,
  METRIC_CONSUMER_LAG,
  METRIC_CONSUMER_MESSAGES,
  METRIC_RELAY_BACKLOG,
  METRIC_RELAY_FAILURES,
  METRIC_RELAY_PUBLISHED,
} from './semconv';
import { meterFor } from './services';

export interface RelayCounts {
  readonly active: boolean;
  /** Every publish JetStream acknowledged, duplicates included. */
  readonly published: number;
  readonly duplicates: number;
  readonly failures: number;
}

export interface ConsumerCounts {
  readonly handled: number;
  readonly duplicates: number;
  readonly retried: number;
  readonly poisoned: number;
  readonly ignored: number;
}

/** Stops observing (the relay or consumer stopped). */
export type StopObserving = () => void;

/** A reading that fails (the database or NATS is away) leaves a gap in the series rather than an error. */
function observeReading(read: () => Promise<number>, attributes: Attributes) {
  return async (result: ObservableResult): Promise<void> => {
    try {
      result.observe(await read(), attributes);
    } catch {
      // the gap is the signal; the relay or consumer logs its own failures
    }
  };
}

export function observeRelay(options: {
  service: string;
  name: string;
  stats: RelayCounts;
  /** Events stored after the relay's checkpoint. */
  backlog: () => Promise<number>;
}): StopObserving {
  const { stats } = options;
  const meter = meterFor(options.service);
  const attributes = { [ATTR_RELAY_NAME]: options.name };
  const backlog = meter.createObservableGauge(METRIC_RELAY_BACKLOG, {
    unit: '{event}',
    description: 'Events in the store not yet published to NATS (reported by the active replica only).',
  });
  const published = meter.createObservableCounter(METRIC_RELAY_PUBLISHED, {
    unit: '{event}',
    description: 'Events the relay published, by whether JetStream stored them or knew them already.',
  });
  const failures = meter.createObservableCounter(METRIC_RELAY_FAILURES, {
    unit: '{round}',
    description: 'Relay rounds that failed and were retried.',
  });
  // Standby replicas stay silent: every replica reading the same backlog would look like several backlogs.
  const readBacklog = observeReading(options.backlog, attributes);
  const observeBacklog = async (result: ObservableResult) => {
    if (stats.active) await readBacklog(result);
  };
  const observePublished: ObservableCallback = (result) => {
    result.observe(stats.published - stats.duplicates, { ...attributes, [ATTR_RELAY_OUTCOME]: 'stored' });
    result.observe(stats.duplicates, { ...attributes, [ATTR_RELAY_OUTCOME]: 'duplicate' });
  };
  const observeFailures: ObservableCallback = (result) => result.observe(stats.failures, attributes);
  backlog.addCallback(observeBacklog);
  published.addCallback(observePublished);
  failures.addCallback(observeFailures);
  return () => {
    backlog.removeCallback(observeBacklog);
    published.removeCallback(observePublished);
    failures.removeCallback(observeFailures);
  };
}

const CONSUMER_OUTCOMES = {
  handled: 'handled',
  duplicates: 'duplicate',
  retried: 'retried',
  poisoned: 'poisoned',
  ignored: 'ignored',
} as const satisfies Record<keyof ConsumerCounts, string>;

export function observeConsumer(options: {
  /** The consuming service; the global telemetry when absent. */
  service?: string | undefined;
  consumer: string;
  stats: ConsumerCounts;
  /** Messages of the consumer's subjects not yet acknowledged (undelivered and in flight). */
  lag: () => Promise<number>;
}): StopObserving {
  const { stats } = options;
  const meter = meterFor(options.service);
  const attributes = { [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: options.consumer };
  const lag = meter.createObservableGauge(METRIC_CONSUMER_LAG, {
    unit: '{message}',
    description: 'Messages on the stream the durable consumer has not acknowledged yet.',
  });
  const messages = meter.createObservableCounter(METRIC_CONSUMER_MESSAGES, {
    unit: '{message}',
    description: 'Messages the durable consumer dealt with, by outcome.',
  });
  const observeLag = observeReading(options.lag, attributes);
  const observeMessages: ObservableCallback = (result) => {
    for (const [key, outcome] of Object.entries(CONSUMER_OUTCOMES) as [keyof ConsumerCounts, string][]) {
      result.observe(stats[key], { ...attributes, [ATTR_CONSUMER_OUTCOME]: outcome });
    }
  };
  lag.addCallback(observeLag);
  messages.addCallback(observeMessages);
  return () => {
    lag.removeCallback(observeLag);
    messages.removeCallback(observeMessages);
  };
}
