import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { observeConsumer, observeRelay } from './bus-metrics';
import { startTelemetry, stopTelemetry } from './sdk';
import { OnDemandMetricReader, type MetricData } from './testing';

const pointsOf = (metrics: MetricData[], name: string) =>
  metrics
    .find((metric) => metric.descriptor.name === name)
    ?.dataPoints.map((point) => ({ attributes: point.attributes, value: point.value }));

describe('event pipeline metrics', () => {
  let reader: OnDemandMetricReader;
  beforeEach(() => {
    reader = new OnDemandMetricReader();
    startTelemetry('clinical', { metricReaders: [reader] });
  });
  afterEach(() => stopTelemetry());

  it("reports the active relay's backlog and its publishes by outcome", async () => {
    const stats = { active: true, published: 7, duplicates: 2, failures: 1 };
    const stop = observeRelay({ service: 'clinical', name: 'clinical', stats, backlog: async () => 3 });
    const metrics = await reader.metrics();
    assert.deepEqual(pointsOf(metrics, 'labline.relay.backlog'), [
      { attributes: { 'labline.relay.name': 'clinical' }, value: 3 },
    ]);
    assert.deepEqual(pointsOf(metrics, 'labline.relay.published'), [
      { attributes: { 'labline.relay.name': 'clinical', 'labline.relay.outcome': 'stored' }, value: 5 },
      { attributes: { 'labline.relay.name': 'clinical', 'labline.relay.outcome': 'duplicate' }, value: 2 },
    ]);
    assert.deepEqual(pointsOf(metrics, 'labline.relay.failures'), [
      { attributes: { 'labline.relay.name': 'clinical' }, value: 1 },
    ]);
    stop();
  });

  it('keeps a standby relay and a failed reading out of the backlog, and stops observing when told', async () => {
    const stats = { active: false, published: 0, duplicates: 0, failures: 0 };
    const stop = observeRelay({ service: 'clinical', name: 'clinical', stats, backlog: async () => 3 });
    assert.equal(pointsOf(await reader.metrics(), 'labline.relay.backlog'), undefined);
    stop();
    observeRelay({
      service: 'clinical',
      name: 'clinical',
      stats: { ...stats, active: true },
      backlog: () => Promise.reject(new Error('database away')),
    });
    assert.equal(pointsOf(await reader.metrics(), 'labline.relay.backlog'), undefined);
  });

  it("reports a durable consumer's lag and its messages by outcome", async () => {
    const stats = { handled: 4, duplicates: 1, retried: 2, poisoned: 0, ignored: 3 };
    const stop = observeConsumer({ service: 'clinical', consumer: 'clinical-directory', stats, lag: async () => 9 });
    const metrics = await reader.metrics();
    const group = { 'messaging.consumer.group.name': 'clinical-directory' };
    assert.deepEqual(pointsOf(metrics, 'labline.consumer.lag'), [{ attributes: group, value: 9 }]);
    assert.deepEqual(
      pointsOf(metrics, 'labline.consumer.messages'),
      [
        ['handled', 4],
        ['duplicate', 1],
        ['retried', 2],
        ['poisoned', 0],
        ['ignored', 3],
      ].map(([outcome, value]) => ({ attributes: { ...group, 'labline.consumer.outcome': outcome }, value })),
    );
    stop();
  });
});
