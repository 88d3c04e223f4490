/**
 * Other services' facts about a test request, from their events over JetStream. Its kits (issue 25 item 2): the
 * detail lists its fulfillment requests with the item, quantity, status and assignee as the events leave them; a
 * delivered kit moves the request to fulfilled one legal step at a time, named in its history, once however often
 * the event arrives; a cancelled request stays cancelled; another institution's shipments stay out of view. Its
 * results (issue 26): the detail lists them with their status and who entered them; a released (final) result
 * completes the request, and its amendment and second release move nothing more.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  historyResponseSchema,
  type FulfillmentEventData,
  type FulfillmentEventType,
  type ResultsEventData,
  type ResultsEventType,
  type TestRequestDetail,
} from '@labline/contracts';
import { testEventPublisher } from '@labline/bus/testing';
import { inventoryItemCreatedData, waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import { kitDelivered, kitDeliveredCause, resultReleased, resultReleasedCause } from '../src/consumers/lifecycle-facts';
import { startReactor } from '@labline/service-kit';
import type { DurableConsumer } from '@labline/bus';
import { call, NORTHWIND, RIVERSIDE, USERS } from './harness';
import { orderSuite, orderTest } from './test-request-fixtures';

const suite = orderSuite();
const KIT_ITEM = 501;

async function detailOf(id: number): Promise<TestRequestDetail> {
  const response = await call(suite.context, USERS.northwindAdmin, 'GET', `/tests/requests/${id}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { request: TestRequestDetail }).request;
}

async function detailWhen(id: number, ready: (detail: TestRequestDetail) => boolean, description: string) {
  let detail: TestRequestDetail | undefined;
  await waitFor(async () => ready((detail = await detailOf(id))), { description });
  return detail!;
}

const publisher = () => testEventPublisher(suite.context.nats.nc);
const fulfillment = <T extends FulfillmentEventType>(
  id: number,
  version: number,
  type: T,
  data: FulfillmentEventData<T>,
) => publisher().publish('fulfillment', { stream: `fulfillmentRequest-${id}`, version, type, data });

const requested = (id: number, testRequestId: number, institutionId = NORTHWIND) =>
  fulfillment(id, 0, 'FulfillmentRequested', {
    fulfillmentRequestId: id,
    test_request_id: testRequestId,
    institution_id: institutionId,
    patient_id: 1,
    inventory_item_id: KIT_ITEM,
    quantity_requested: 2,
    priority: 'normal',
    assigned_to: USERS.fulfillmentAgent.id,
    notes: null,
    replaces_request_id: null,
  });

const moved = (
  id: number,
  version: number,
  type: 'FulfillmentDelivered' | 'FulfillmentCancelled',
  from: 'dispatched' | 'pending',
) =>
  fulfillment(id, version, type, {
    fulfillmentRequestId: id,
    previous_status: from,
    notes: null,
    status: type === 'FulfillmentDelivered' ? 'delivered' : 'cancelled',
  });

const streamEvents = (testRequestId: number) =>
  suite.context.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
    SELECT count(*)::int AS count FROM events WHERE stream = ${`testRequest-${testRequestId}`}`);

/** Whether a reaction (its durable consumer) has committed its handling of the event. */
const reacted = async (consumer: string, eventId: string) =>
  (await suite.context.pool.maybeOneFirst(sql.type(z.object({ event_id: z.string() }))`
    SELECT event_id::text FROM processed_events WHERE consumer = ${consumer} AND event_id = ${eventId}`)) !== null;

/** The request's status moves, newest first: [to, cause]. */
async function statusMoves(id: number) {
  const history = await call(suite.context, USERS.northwindAdmin, 'GET', `/tests/requests/${id}/history`);
  return historyResponseSchema
    .parse(history.json())
    .history.filter((entry) => entry.action === 'status_changed')
    .map((entry) => [entry.changes.find((c) => c.field === 'status')?.to, entry.note]);
}

// As at start-up: the service's reactors on their durable consumers.
const reactors: DurableConsumer[] = [];
beforeAll(async () => {
  const { context } = suite;
  for (const reactor of [kitDelivered(context.context), resultReleased(context.context)]) {
    reactors.push(
      await startReactor('clinical', reactor, {
        nc: context.nats.nc,
        pool: context.pool,
        logger: context.context.logger,
      }),
    );
  }
});
afterAll(() => Promise.all(reactors.map((reactor) => reactor.stop())));

describe("a test request's kits", () => {
  it('lists each kit as its events leave it and is fulfilled once when the kit is delivered', async () => {
    const { context } = suite;
    const item = inventoryItemCreatedData(KIT_ITEM, 'Capillary blood collection kit', null, {
      item_sku: 'KIT-CAP-001',
    });
    await publisher().publish('inventory', {
      stream: `inventoryItem-${KIT_ITEM}`,
      version: 0,
      type: 'InventoryItemCreated',
      data: item,
    });
    const request = await orderTest(context, suite.fixtures);
    assert.deepEqual((await detailOf(request.id)).fulfillment_requests, []);

    await requested(9001, request.id);
    // Riverside's shipment filed under this request's id stays Riverside's.
    await requested(9002, request.id, RIVERSIDE);
    const listed = await detailWhen(request.id, (d) => d.fulfillment_requests.length === 1, 'the kit projected');
    const { created_at, ...kit } = listed.fulfillment_requests[0]!;
    assert.deepEqual(kit, {
      id: 9001,
      item_name: 'Capillary blood collection kit',
      item_sku: 'KIT-CAP-001',
      quantity_requested: 2,
      status: 'pending',
      assigned_to_name: 'Priya',
      assigned_to_lastname: 'Patel',
    });
    assert.ok(!Number.isNaN(Date.parse(created_at)));

    await fulfillment(9001, 1, 'FulfillmentDispatched', {
      fulfillmentRequestId: 9001,
      tracking_number: 'TRK-1',
      barcode_number: null,
      notes: null,
      status: 'dispatched',
    });
    await detailWhen(request.id, (d) => d.fulfillment_requests[0]?.status === 'dispatched', 'dispatch projected');
    assert.equal((await detailOf(request.id)).status, 'pending', 'a dispatched kit does not fulfil the request');

    const delivered = await moved(9001, 2, 'FulfillmentDelivered', 'dispatched');
    const fulfilled = await detailWhen(request.id, (d) => d.status === 'fulfilled', 'the request fulfilled');
    assert.equal(fulfilled.fulfillment_requests[0]?.status, 'delivered');
    const history = await call(context, USERS.northwindAdmin, 'GET', `/tests/requests/${request.id}/history`);
    const moves = historyResponseSchema
      .parse(history.json())
      .history.filter((entry) => entry.action === 'status_changed')
      .map((entry) => [entry.changes.find((c) => c.field === 'status')?.to, entry.note]);
    assert.deepEqual(moves, [
      ['fulfilled', kitDeliveredCause(9001)],
      ['approved', kitDeliveredCause(9001)],
    ]);

    // The delivery again, past JetStream's duplicate window: the request does not move twice. An order whose
    // kit is cancelled is projected after it on the same consumer, so once it shows, the repeat was handled.
    const before = await streamEvents(request.id);
    await publisher().republish('fulfillment', delivered);
    const other = await orderTest(context, suite.fixtures);
    await requested(9003, other.id);
    await detailWhen(other.id, (d) => d.fulfillment_requests.length === 1, 'the marker kit projected');
    await moved(9003, 1, 'FulfillmentCancelled', 'pending');
    await detailWhen(other.id, (d) => d.fulfillment_requests[0]?.status === 'cancelled', 'the cancel projected');
    assert.equal(await streamEvents(request.id), before);
    assert.equal((await detailOf(other.id)).status, 'pending', 'a cancelled kit moves nothing');
  });

  it('leaves a cancelled request cancelled when its kit arrives anyway', async () => {
    const { context } = suite;
    const request = await orderTest(context, suite.fixtures);
    const cancel = await call(context, USERS.northwindAdmin, 'PUT', `/tests/requests/${request.id}/status`, {
      status: 'cancelled',
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    await requested(9101, request.id);
    const before = await streamEvents(request.id);
    const delivered = await moved(9101, 1, 'FulfillmentDelivered', 'dispatched');
    await detailWhen(request.id, (d) => d.fulfillment_requests[0]?.status === 'delivered', 'delivery projected');
    // The reaction commits after the projection; the request's stream is what it answers with.
    await waitFor(async () => await reacted('clinical-kit-delivered', delivered.id), {
      description: 'the reaction handled',
    });
    assert.equal(await streamEvents(request.id), before);
    assert.equal((await detailOf(request.id)).status, 'cancelled');
  });
});

const result = <T extends ResultsEventType>(id: number, version: number, type: T, data: ResultsEventData<T>) =>
  publisher().publish('results', {
    stream: `testResult-${id}`,
    version,
    type,
    data,
    actor: { userId: USERS.labUser.id, role: 'lab_user', institutionId: NORTHWIND },
  });

describe("a test request's results", () => {
  it('lists each result as its events leave it and is completed once its result is released', async () => {
    const request = await orderTest(suite.context, suite.fixtures);
    const filed = { resultId: 7001, test_request_id: request.id, institution_id: NORTHWIND, patient_id: 1 };
    const content = { result_data: 'HbA1c: 41 mmol/mol', result_values: null, interpretation: null };
    await result(7001, 0, 'ResultEntered', {
      ...filed,
      ...content,
      clinician_id: null,
      test_name: 'HbA1c',
      markers: [],
      status: 'draft',
    });
    const entered = await detailWhen(request.id, (d) => d.test_results.length === 1, 'the result projected');
    const { entered_at, ...shown } = entered.test_results[0]!;
    assert.deepEqual(shown, {
      id: 7001,
      status: 'draft',
      result_data: 'HbA1c: 41 mmol/mol',
      interpretation: null,
      entered_by_name: 'Oliver',
      entered_by_lastname: 'Grant',
      external_api_status: null,
      external_lab_id: null,
      api_order_submitted_at: null,
      api_results_received_at: null,
      has_external_results: false,
    });
    assert.ok(!Number.isNaN(Date.parse(entered_at ?? '')));

    const reviewed = { ...content, interpretation: 'Within the target range' };
    await result(7001, 1, 'ResultReviewed', { ...filed, ...reviewed, previous_status: 'draft', status: 'reviewed' });
    await result(7001, 2, 'ResultFinalized', { ...filed, ...reviewed, previous_status: 'reviewed', status: 'final' });
    const completed = await detailWhen(request.id, (d) => d.status === 'completed', 'the request completed');
    assert.deepEqual(
      [completed.test_results[0]?.status, completed.test_results[0]?.interpretation],
      ['final', 'Within the target range'],
    );
    const released = resultReleasedCause(7001);
    assert.deepEqual(await statusMoves(request.id), [
      ['completed', released],
      ['in_progress', released],
      ['fulfilled', released],
      ['approved', released],
    ]);

    // Amended and released again: the request is completed already and does not move.
    const before = await streamEvents(request.id);
    await result(7001, 3, 'ResultAmended', {
      ...filed,
      ...reviewed,
      previous_status: 'final',
      status: 'amended',
      clinician_id: null,
      test_name: 'HbA1c',
      reason: 'Transcription error',
    });
    const again = await result(7001, 4, 'ResultFinalized', {
      ...filed,
      ...reviewed,
      previous_status: 'amended',
      status: 'final',
    });
    await waitFor(async () => await reacted('clinical-result-released', again.id), {
      description: 'the second release handled',
    });
    assert.equal(await streamEvents(request.id), before);
  });
});
