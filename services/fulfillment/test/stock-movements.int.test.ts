/**
 * The movement of each request's kit on the fulfillment side (issue 25 item 5): inventory's events naming a request
 * (reserved, released, consumed, and a reservation refused for want of free units) reach the request's detail in
 * order, once however often they arrive; a refusal's reason shows on the detail and in the list while the request
 * waits for its kit, and no longer once a later reservation holds it or the kit has left.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  INVENTORY_ERRORS,
  type EventEnvelope,
  type FULFILLMENT_EVENT_SCHEMAS,
  type FulfillmentList,
  type FulfillmentRequestDetail,
  type InventoryEventData,
  type InventoryEventType,
} from '@labline/contracts';
import { publishDirectory, startServiceUnderTest, type ServiceUnderTest } from '@labline/service-kit/testing';
import { patientRegisteredData, testRequestCreatedData, waitFor, type TestUser } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import type { FulfillmentConfig, FulfillmentResources } from '../src/config';
import { service } from '../src/service';
import { DIRECTORY_INSTITUTIONS, KIT, NORTHWIND, USERS } from './harness';

const KIT_ITEM = 601;

let suite: ServiceUnderTest<FulfillmentConfig, typeof FULFILLMENT_EVENT_SCHEMAS, FulfillmentResources>;
/** The kit item's stream version: each inventory event below is the stream's next. */
let itemVersion = 0;

async function call<T>(member: TestUser, url: string) {
  const response = await suite.app.inject({ method: 'GET', url, headers: await suite.as(member) });
  return { status: response.statusCode, body: response.json() as T };
}

const detailOf = async (id: number) =>
  (await call<FulfillmentRequestDetail>(USERS.clientAdmin, `/fulfillment/${id}`)).body;

function inventory<T extends InventoryEventType>(type: T, data: InventoryEventData<T>): Promise<EventEnvelope> {
  itemVersion += 1;
  return suite.publish('inventory', { stream: `inventoryItem-${KIT_ITEM}`, version: itemVersion, type, data });
}

let nextOrder = 3000;

/** A partner's order for the kit, and the pending request the choreography makes of it. */
async function pendingRequest(): Promise<number> {
  const id = (nextOrder += 1);
  await suite.publish('clinical', {
    stream: `patient-${id}`,
    version: 0,
    type: 'PatientRegistered',
    data: patientRegisteredData(id, [NORTHWIND], { first_name: 'Amelia', last_name: `Stock${id}` }),
  });
  await suite.publish('clinical', {
    stream: `testRequest-${id}`,
    version: 0,
    type: 'TestRequestCreated',
    data: testRequestCreatedData(id, NORTHWIND, {
      patient_id: id,
      fulfillment_by_partner: true,
      fulfillment_partner_id: USERS.partner.id,
      device_selections: [{ device_id: 31, device_name: KIT, quantity: 1, required_volume: 50, total_capacity: 500 }],
    }),
  });
  let requestId: number | null = null;
  await waitFor(
    async () =>
      (requestId = await suite.pool.maybeOneFirst(sql.type(z.object({ id: z.number().int() }))`
        SELECT id FROM fulfillment_requests WHERE test_request_id = ${id}`)) !== null,
    { description: `the fulfillment request of test request ${id}` },
  );
  return requestId!;
}

const movement = (id: number, quantity: number, available: number, reserved: number) => ({
  itemId: KIT_ITEM,
  fulfillment_request_id: id,
  quantity,
  quantity_available: available,
  quantity_reserved: reserved,
});

const refusal = (id: number, free: number) => ({
  itemId: KIT_ITEM,
  fulfillment_request_id: id,
  quantity: 1,
  free,
  reason: INVENTORY_ERRORS.notEnoughFree(free, 1),
});

/** Waits until the request's detail lists `count` movements. */
async function movementsOf(id: number, count: number) {
  let detail: FulfillmentRequestDetail | undefined;
  await waitFor(async () => (detail = await detailOf(id)).stock_movements.length === count, {
    description: `${count} stock movements of request ${id}`,
  });
  return detail!;
}

const listRow = async (id: number) =>
  (await call<FulfillmentList>(USERS.clientAdmin, '/fulfillment?limit=100')).body.requests.find((row) => row.id === id);

beforeAll(async () => {
  suite = await startServiceUnderTest(service);
  await publishDirectory(suite, DIRECTORY_INSTITUTIONS, Object.values(USERS));
  const created: InventoryEventData<'InventoryItemCreated'> = {
    itemId: KIT_ITEM,
    item_name: KIT,
    item_sku: 'COL-CAP-601',
    item_description: null,
    category: 'Test Kits',
    location: null,
    minimum_threshold: 1,
    po_number: 'PO-1',
    purchase_date: null,
    received_date: null,
    institution_id: null,
    quantity_available: 2,
  };
  await suite.publish('inventory', {
    stream: `inventoryItem-${KIT_ITEM}`,
    version: 0,
    type: 'InventoryItemCreated',
    data: created,
  });
  await waitFor(
    async () =>
      (await suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
        SELECT count(*)::int AS count FROM fulfillment_items`)) === 1,
    { description: 'the kit item' },
  );
}, 60_000);
afterAll(() => suite?.close());

describe("a request's kit movements", () => {
  it('reach the detail in order, with their item and time, once however often they arrive', async () => {
    const id = await pendingRequest();
    assert.deepEqual((await detailOf(id)).stock_movements, []);
    const reserved = await inventory('InventoryStockReserved', movement(id, 1, 2, 1));
    await inventory('InventoryStockReleased', movement(id, 1, 2, 0));
    await inventory('InventoryStockReserved', movement(id, 1, 2, 1));
    await suite.republish('inventory', reserved);
    await inventory('InventoryStockConsumed', { ...movement(id, 1, 1, 0), held: 1 });
    const detail = await movementsOf(id, 4);
    assert.deepEqual(
      detail.stock_movements.map(({ type, item_id, quantity, reason }) => ({ type, item_id, quantity, reason })),
      ['reserved', 'released', 'reserved', 'consumed'].map((type) => ({
        type,
        item_id: KIT_ITEM,
        quantity: 1,
        reason: null,
      })),
    );
    assert.equal(detail.stock_movements[0]!.occurred_at, reserved.occurredAt.replace(/\.(\d{3})\d*Z$/, '.$1Z'));
    assert.equal(detail.reservation_refused_reason, null);
    // another request's movements are its own; another institution's manager still gets 404
    const other = await pendingRequest();
    assert.deepEqual((await detailOf(other)).stock_movements, []);
    assert.equal((await call(USERS.riversideClientAdmin, `/fulfillment/${id}`)).status, 404);
  });

  it("show a refused reservation's reason on the detail and the list while the request waits, not after", async () => {
    const id = await pendingRequest();
    await inventory('InventoryReservationRefused', refusal(id, 0));
    const refused = await movementsOf(id, 1);
    const reason = INVENTORY_ERRORS.notEnoughFree(0, 1);
    assert.equal(refused.status, 'pending');
    assert.equal(refused.reservation_refused_reason, reason);
    assert.deepEqual(
      refused.stock_movements.map(({ type, reason: why }) => [type, why]),
      [['refused', reason]],
    );
    assert.equal((await listRow(id))?.reservation_refused_reason, reason);

    // Reopened later with stock to spare: the reservation holds it and the reason is gone.
    await inventory('InventoryStockReserved', movement(id, 1, 2, 1));
    assert.equal((await movementsOf(id, 2)).reservation_refused_reason, null);
    assert.equal((await listRow(id))?.reservation_refused_reason, null);

    // A kit dispatched from free units after a refusal has left: no reason either.
    const shipped = await pendingRequest();
    await inventory('InventoryReservationRefused', refusal(shipped, 0));
    await movementsOf(shipped, 1);
    const answer = await suite.app.inject({
      method: 'PUT',
      url: `/fulfillment/${shipped}/status`,
      headers: await suite.as(USERS.clientAdmin),
      payload: { status: 'dispatched', tracking_number: 'TRK-1' },
    });
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal((answer.json() as FulfillmentRequestDetail).reservation_refused_reason, null);
    assert.equal((await listRow(shipped))?.reservation_refused_reason, null);
  });
});
