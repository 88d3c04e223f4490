/**
 * The institution stats' Test Requests and Pending cards (spec 3 §2) from clinical's test request events:
 * every request of the institution that is not archived, and those of them still pending; a request that
 * moves institution counts at its new one; a late redelivery of an older event changes nothing; a rebuild from
 * the stream gives the same counts.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestRequestStatus } from '@labline/contracts';
import type { DurableConsumer } from '@labline/bus';
import { rebuildProjections, startProjectionConsumer } from '@labline/service-kit';
import { createLogger } from '@labline/telemetry';
import { testRequestCreatedData, waitFor } from '@labline/testkit';
import { service } from '../src/service';
import { signInDemoAccounts, type SignedInAccounts } from './accounts';
import { startIdentity, type IdentityTestContext } from './harness';
import { startPrivateNats, type PrivateNats } from './nats';

/** clinical's TestRequestCreated (and Updated) data for a request of an institution, as identity receives it. */
const testRequest = (testRequestId: number, institutionId: number, status: TestRequestStatus = 'pending') =>
  testRequestCreatedData(testRequestId, institutionId, { status });

describe('institution stats: test requests', () => {
  let context: IdentityTestContext;
  let nats: PrivateNats;
  let consumer: DurableConsumer;
  let accounts: SignedInAccounts;

  beforeAll(async () => {
    context = await startIdentity({ seed: true });
    nats = await startPrivateNats();
    const summary = service.consumes?.find((projection) => projection.name === 'test-request-summaries');
    assert.ok(summary, 'identity keeps the test-request summary');
    consumer = await startProjectionConsumer('identity', summary, {
      nc: nats.nc,
      pool: context.pool,
      logger: createLogger('test', 'silent'),
    });
    accounts = await signInDemoAccounts(context);
  });
  afterAll(async () => {
    await consumer.stop();
    await nats.close();
    await context.close();
  });

  const statsOf = async (institutionId: number) => {
    const response = await accounts.call('super', 'GET', `/institutions/${institutionId}/stats`);
    assert.equal(response.statusCode, 200, response.body);
    const { test_requests, pending_requests } = response.json().stats as Record<string, number>;
    return { test_requests, pending_requests };
  };
  const publish = (type: string, id: number, version: number, data: object) =>
    nats.publish(`lab.clinical.testRequest.${type}`, { type, stream: `testRequest-${id}`, version, data });
  const filed = (id: number, institutionId: number) => ({
    testRequestId: id,
    patient_id: 501,
    institution_id: institutionId,
  });
  const settles = async (institutionId: number, expected: { test_requests: number; pending_requests: number }) => {
    await waitFor(async () => JSON.stringify(await statsOf(institutionId)) === JSON.stringify(expected), {
      description: `stats of ${institutionId}: ${JSON.stringify(expected)}`,
    });
  };

  it('counts the requests not archived, and the pending ones, per institution', async () => {
    const { northwind, riverside } = accounts;
    assert.deepEqual(await statsOf(riverside), { test_requests: 0, pending_requests: 0 });

    await publish('TestRequestCreated', 701, 1, testRequest(701, riverside));
    await publish('TestRequestCreated', 702, 1, testRequest(702, riverside));
    await publish('TestRequestCreated', 703, 1, testRequest(703, northwind));
    await settles(riverside, { test_requests: 2, pending_requests: 2 });
    await settles(northwind, { test_requests: 1, pending_requests: 1 });

    // Approved: still a request, no longer pending. Cancelled: still listed, so still counted.
    await publish('TestRequestStatusChanged', 701, 2, { ...filed(701, riverside), from: 'pending', to: 'approved' });
    await settles(riverside, { test_requests: 2, pending_requests: 1 });
    await publish('TestRequestCancelled', 701, 3, { ...filed(701, riverside), from: 'approved' });
    await publish('TestRequestNotificationRequested', 701, 4, {
      ...filed(701, riverside),
      reminder_type: 'custom_notification',
      custom_message: 'Cancelled',
    });

    // Archived: off the lists, so off the cards.
    await publish('TestRequestArchived', 702, 2, { ...filed(702, riverside), status: 'pending' });
    await settles(riverside, { test_requests: 1, pending_requests: 0 });

    // An older event delivered late does not bring the archived request back; the request ordered after it
    // shows it was processed.
    await publish('TestRequestCreated', 702, 1, testRequest(702, riverside));
    await publish('TestRequestCreated', 704, 1, testRequest(704, riverside));
    await settles(riverside, { test_requests: 2, pending_requests: 1 });

    // Edited to order for Riverside instead: it counts there, no longer at Northwind.
    await publish('TestRequestUpdated', 703, 2, testRequest(703, riverside));
    await settles(riverside, { test_requests: 3, pending_requests: 2 });
    assert.deepEqual(await statsOf(northwind), { test_requests: 0, pending_requests: 0 });

    // Restored: back on the lists, so back on the cards, as the pending request it was.
    await publish('TestRequestRestored', 702, 3, filed(702, riverside));
    await settles(riverside, { test_requests: 4, pending_requests: 3 });
    assert.equal(consumer.stats.poisoned, 0);

    // Rebuilt from the stream, the cards say the same.
    const before = [await statsOf(riverside), await statsOf(northwind)];
    const [outcome] = await rebuildProjections(service, { pool: context.pool, store: context.store, nc: nats.nc }, [
      'test-request-summaries',
    ]);
    assert.ok(outcome);
    assert.deepEqual([await statsOf(riverside), await statsOf(northwind)], before);
  });
});
