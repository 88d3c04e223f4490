import assert from 'node:assert/strict';
import { test } from 'vitest';
import { AckPolicy, nanos } from 'nats';
import { durableConsumerConfig, retryDelayMs, type DurableConsumerSettings } from './consumer-config';

const settings: DurableConsumerSettings = {
  durableName: 'clinical-results',
  filterSubjects: ['lab.results.testResult.>'],
  maxDeliver: 5,
  backoffMs: [1_000, 5_000, 30_000],
  maxAckPending: 100,
  serverVersion: '2.9.10',
};

test('a durable pull consumer with explicit acks, max_deliver and backoff', () => {
  const config = durableConsumerConfig(settings);
  assert.equal(config.durable_name, 'clinical-results');
  assert.equal(config.ack_policy, AckPolicy.Explicit);
  assert.equal(config.max_deliver, 5);
  assert.deepEqual(config.backoff, [nanos(1_000), nanos(5_000), nanos(30_000)]);
  assert.equal(config.ack_wait, nanos(1_000));
  assert.equal(config.filter_subject, 'lab.results.testResult.>');
});

test('several filters: filter_subjects on 2.10+, a covering filter before', () => {
  const filterSubjects = ['lab.results.testResult.>', 'lab.identity.user.>'];
  assert.deepEqual(
    durableConsumerConfig({ ...settings, filterSubjects, serverVersion: '2.10.7' }).filter_subjects,
    filterSubjects,
  );
  const old = durableConsumerConfig({ ...settings, filterSubjects });
  assert.equal(old.filter_subject, 'lab.>');
  assert.equal(old.filter_subjects, undefined);
});

test('refuses settings the server would refuse', () => {
  assert.throws(() => durableConsumerConfig({ ...settings, maxDeliver: 3 }), /maxDeliver/);
  assert.throws(() => durableConsumerConfig({ ...settings, backoffMs: [] }), /backoff/);
  assert.throws(() => durableConsumerConfig({ ...settings, filterSubjects: [] }), /filter/);
});

test('the retry delay follows the backoff and stays at its last step', () => {
  const backoff = [1_000, 5_000, 30_000];
  assert.deepEqual(
    [1, 2, 3, 4, 9].map((delivery) => retryDelayMs(backoff, delivery)),
    [1_000, 5_000, 30_000, 30_000, 30_000],
  );
});
