/**
 * The inventory API on a real database and JetStream, callers resolved from identity-shaped events: the role rules
 * per route, tenancy (another institution's item answers 404), SKU uniqueness, the adjustment floor and
 * arithmetic, 20 concurrent adjustments that sum exactly, the list's filters, summary and alerts, the stock as of a
 * past day against a replay of the item's events done here, the movements, requests and notices as events, the
 * storage locations, and bad input answering 400 with nothing stored.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  type FulfillmentEventData,
  type FulfillmentEventType,
  type FulfillmentStatus,
  INVENTORY_ERRORS,
  type INVENTORY_EVENT_SCHEMAS,
  INVENTORY_MESSAGES,
  type InventoryEventData,
  type InventoryItemBody,
  type InventoryItemDetail,
  type InventoryList,
  type StorageLocation,
} from '@labline/contracts';
import { createDatabasePool } from '@labline/db';
import { publishDirectory, startServiceUnderTest, type ServiceUnderTest } from '@labline/service-kit/testing';
import { patientRegisteredData, testUser, waitFor, type TestUser } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import type { InventoryConfig, InventoryResources } from '../src/config';
import { service } from '../src/service';

const NORTHWIND = 1;
const RIVERSIDE = 2;
const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  clientAdmin: testUser(2, 'client_admin', NORTHWIND, ['Chris', 'Doyle']),
  agent: testUser(3, 'fulfillment_agent', NORTHWIND, ['Fran', 'Agent']),
  northwindAdmin: testUser(4, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  riversideAdmin: testUser(5, 'institution_admin', RIVERSIDE, ['Hannah', 'Lewis']),
  riversideClientAdmin: testUser(6, 'client_admin', RIVERSIDE, ['Rita', 'Stone']),
  clinician: testUser(7, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  labUser: testUser(8, 'lab_user', NORTHWIND, ['Liam', 'Price']),
} as const;

let suite: ServiceUnderTest<InventoryConfig, typeof INVENTORY_EVENT_SCHEMAS, InventoryResources>;

async function call<T = unknown>(member: TestUser, method: string, url: string, payload?: unknown) {
  const response = await suite.app.inject({
    method: method as 'GET',
    url,
    headers: await suite.as(member),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T };
}

const form = (overrides: Partial<InventoryItemBody> = {}): InventoryItemBody => ({
  item_name: 'HbA1c Finger-Prick Kit',
  item_sku: 'TES-HBA-001',
  item_description: 'Capillary blood kit',
  category: 'Test Kits',
  quantity_available: 30,
  minimum_threshold: 10,
  location: 'Central Supply',
  po_number: 'PO-1',
  purchase_date: '2026-09-01',
  received_date: '',
  institution_id: null,
  ...overrides,
});

async function create(member: TestUser, overrides: Partial<InventoryItemBody> = {}) {
  const { status, body } = await call<InventoryItemDetail>(member, 'POST', '/inventory', form(overrides));
  assert.equal(status, 201, JSON.stringify(body));
  return body;
}

const eventTypes = (itemId: number) =>
  suite.pool.anyFirst(sql.type(z.object({ type: z.string() }))`
    SELECT type FROM events WHERE stream = ${`inventoryItem-${itemId}`} ORDER BY version`);

beforeAll(async () => {
  suite = await startServiceUnderTest(service);
  await publishDirectory(
    suite,
    [
      [NORTHWIND, 'Northwind General Hospital'],
      [RIVERSIDE, 'Riverside Clinic'],
    ],
    Object.values(USERS),
  );
  await waitFor(async () => (await call(USERS.labUser, 'GET', '/inventory')).status === 403, {
    description: 'the directory',
  });
}, 60_000);
afterAll(() => suite?.close());

describe('who may do what', () => {
  it('lets the managers create; refuses everyone else with the spec text', async () => {
    const item = await create(USERS.clientAdmin, { item_sku: 'ROLE-1', institution_id: RIVERSIDE });
    // A client_admin files under their own institution, whatever the form says.
    assert.equal(item.institution_id, NORTHWIND);
    assert.equal(item.institution_name, 'Northwind General Hospital');
    for (const member of [USERS.northwindAdmin, USERS.clinician, USERS.labUser]) {
      const refused = await call<{ error: string }>(member, 'POST', '/inventory', form({ item_sku: 'ROLE-2' }));
      assert.equal(refused.status, 403, member.role);
    }
    const refused = await call<{ error: string }>(USERS.northwindAdmin, 'POST', '/inventory', form({ item_sku: 'X' }));
    assert.equal(refused.body.error, "You don't have permission to manage inventory items.");
  });

  it("answers 404 for another institution's item, to every route", async () => {
    const riverside = await create(USERS.superAdmin, { item_sku: 'RIV-1', institution_id: RIVERSIDE });
    assert.equal((await call(USERS.riversideClientAdmin, 'GET', `/inventory/${riverside.id}`)).status, 200);
    for (const [method, url, payload] of [
      ['GET', `/inventory/${riverside.id}`, undefined],
      ['GET', `/inventory/${riverside.id}/movements`, undefined],
      ['PUT', `/inventory/${riverside.id}`, form({ item_sku: 'RIV-1' })],
      ['POST', `/inventory/${riverside.id}/adjust`, { adjustment: 1, reason: 'x' }],
      ['POST', `/inventory/${riverside.id}/notify`, undefined],
    ] as const) {
      const answer = await call<{ error: string }>(USERS.clientAdmin, method, url, payload);
      assert.equal(answer.status, 404, `${method} ${url}`);
      assert.equal(answer.body.error, INVENTORY_ERRORS.itemNotFound);
    }
    assert.equal((await call(USERS.clientAdmin, 'GET', '/inventory/999999')).status, 404);
  });
});

describe('items', () => {
  it('refuses a second item with the same SKU (any case) with 409, and stores nothing', async () => {
    await create(USERS.superAdmin, { item_sku: 'SKU-UNIQUE' });
    const again = await call<{ error: string }>(
      USERS.superAdmin,
      'POST',
      '/inventory',
      form({ item_sku: 'sku-unique' }),
    );
    assert.equal(again.status, 409);
    assert.equal(again.body.error, INVENTORY_ERRORS.skuTaken);
    const list = await call<InventoryList>(USERS.superAdmin, 'GET', '/inventory?search=SKU-UNIQUE');
    assert.equal(list.body.pagination.total, 1);
  });

  it('answers bad input with 400 naming the field, and stores nothing', async () => {
    const before = (await call<InventoryList>(USERS.superAdmin, 'GET', '/inventory')).body.pagination.total;
    for (const [payload, field] of [
      [form({ item_sku: 'BAD-1', po_number: '' }), 'po_number'],
      [form({ item_sku: 'BAD-2', quantity_available: -1 }), 'quantity_available'],
      [form({ item_sku: 'BAD-3', minimum_threshold: 2.5 }), 'minimum_threshold'],
      [form({ item_sku: 'BAD-4', purchase_date: '2026-02-30' }), 'purchase_date'],
      [form({ item_sku: '' }), 'item_sku'],
    ] as const) {
      const answer = await call<{ error: string }>(USERS.superAdmin, 'POST', '/inventory', payload);
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.match(answer.body.error, new RegExp(field));
    }
    assert.equal((await call<InventoryList>(USERS.superAdmin, 'GET', '/inventory')).body.pagination.total, before);
  });

  it('adjusts with the arithmetic and the floor, a 409 saying why, and the movements with a running balance', async () => {
    const item = await create(USERS.clientAdmin, { item_sku: 'ADJ-1', quantity_available: 12 });
    const down = await call<InventoryItemDetail>(USERS.agent, 'POST', `/inventory/${item.id}/adjust`, {
      adjustment: -5,
      reason: 'Single unit usage',
    });
    assert.equal(down.status, 200);
    assert.equal(down.body.quantity_available, 7);
    assert.equal(down.body.stock_level, 'low');
    const floor = await call<{ error: string }>(USERS.agent, 'POST', `/inventory/${item.id}/adjust`, {
      adjustment: -8,
      reason: 'Broken',
    });
    assert.equal(floor.status, 409);
    assert.equal(floor.body.error, INVENTORY_ERRORS.belowZero(7, -8));
    const zero = await call<{ error: string }>(USERS.agent, 'POST', `/inventory/${item.id}/adjust`, {
      adjustment: 0,
      reason: 'x',
    });
    assert.equal(zero.status, 400);
    await call(USERS.agent, 'POST', `/inventory/${item.id}/adjust`, { adjustment: 20, reason: 'Emergency restock' });
    const movements = await call<{
      movements: {
        available_change: number;
        quantity_available: number;
        reason: string | null;
        user_name: string | null;
      }[];
    }>(USERS.clientAdmin, 'GET', `/inventory/${item.id}/movements`);
    assert.deepEqual(
      movements.body.movements.map((m) => [m.available_change, m.quantity_available, m.reason, m.user_name]),
      [
        [20, 27, 'Emergency restock', 'Fran Agent'],
        [-5, 7, 'Single unit usage', 'Fran Agent'],
        [12, 12, null, 'Chris Doyle'],
      ],
    );
    // Low stock was reached once (by the -5), not again by anything after it.
    assert.equal((await eventTypes(item.id)).filter((type) => type === 'InventoryLowStockReached').length, 1);
  });

  it('sums 20 concurrent adjustments of one item exactly', async () => {
    const item = await create(USERS.clientAdmin, { item_sku: 'CONC-1', quantity_available: 100 });
    const amounts = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? 7 : -3));
    const answers = await Promise.all(
      amounts.map((adjustment) =>
        call(USERS.clientAdmin, 'POST', `/inventory/${item.id}/adjust`, { adjustment, reason: 'Counted' }),
      ),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      amounts.map(() => 200),
    );
    const after = await call<InventoryItemDetail>(USERS.clientAdmin, 'GET', `/inventory/${item.id}`);
    assert.equal(after.body.quantity_available, 100 + amounts.reduce((sum, value) => sum + value, 0));
    assert.equal((await eventTypes(item.id)).filter((type) => type === 'InventoryStockAdjusted').length, 20);
  });

  it('answers the stock as of a past day as a replay of its events does', async () => {
    const item = await create(USERS.clientAdmin, { item_sku: 'ASOF-1', quantity_available: 40 });
    await call(USERS.clientAdmin, 'POST', `/inventory/${item.id}/adjust`, { adjustment: -15, reason: 'Counted' });
    // Move the events back in time: the creation three days ago, the adjustment yesterday.
    const day = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    // (The store refuses changes to events: the fixture, as the database's owner, turns its trigger off inside
    // this one transaction.)
    const owner = await createDatabasePool({ url: suite.databaseUrl, schema: 'inventory', maximumPoolSize: 1 });
    await owner.transaction(async (transaction) => {
      await transaction.query(sql.unsafe`ALTER TABLE events DISABLE TRIGGER events_append_only`);
      await transaction.query(sql.unsafe`
        UPDATE events SET occurred_at = now() - make_interval(days => CASE version WHEN 0 THEN 3 ELSE 1 END)
        WHERE stream = ${`inventoryItem-${item.id}`}`);
      await transaction.query(sql.unsafe`ALTER TABLE events ENABLE TRIGGER events_append_only`);
    });
    await owner.end();
    const replayed = async (until: string) => {
      const rows = await suite.pool.any(sql.type(z.object({ type: z.string(), data: z.any() }))`
        SELECT type, data FROM events WHERE stream = ${`inventoryItem-${item.id}`}
          AND occurred_at <= ${`${until}T23:59:59.999Z`}::timestamptz ORDER BY version`);
      let available: number | null = null;
      for (const row of rows) {
        if ('quantity_available' in row.data && row.type !== 'InventoryLowStockReached') {
          available = (row.data as InventoryEventData<'InventoryStockAdjusted'>).quantity_available;
        }
      }
      return available;
    };
    for (const days of [2, 0]) {
      const asOf = await call<InventoryItemDetail>(
        USERS.clientAdmin,
        'GET',
        `/inventory/${item.id}?as_of=${day(days)}`,
      );
      assert.equal(asOf.status, 200);
      assert.equal(asOf.body.as_of, day(days));
      assert.equal(asOf.body.quantity_available, await replayed(day(days)));
    }
    assert.equal((await call(USERS.clientAdmin, 'GET', `/inventory/${item.id}?as_of=${day(5)}`)).status, 404);
    assert.equal((await call(USERS.clientAdmin, 'GET', `/inventory/${item.id}?as_of=2026-13-01`)).status, 400);
  });
});

describe('the list', () => {
  it('filters (category, location, low stock) and sums the summary over what matches', async () => {
    await create(USERS.superAdmin, {
      item_sku: 'LST-1',
      category: 'Equipment',
      location: 'Warehouse',
      quantity_available: 3,
      minimum_threshold: 5,
    });
    await create(USERS.superAdmin, {
      item_sku: 'LST-2',
      category: 'Equipment',
      location: 'Warehouse',
      quantity_available: 50,
      minimum_threshold: 5,
    });
    await create(USERS.superAdmin, {
      item_sku: 'LST-3',
      category: 'Equipment',
      location: 'Lab Storage',
      quantity_available: 9,
      minimum_threshold: 5,
      institution_id: RIVERSIDE,
    });
    const equipment = await call<InventoryList>(
      USERS.superAdmin,
      'GET',
      '/inventory?category=Equipment&location=Warehouse',
    );
    assert.deepEqual(equipment.body.inventory.map((item) => item.item_sku).sort(), ['LST-1', 'LST-2']);
    assert.deepEqual(equipment.body.summary, { total_items: 2, low_stock: 1, reserved: 0, available: 53 });
    const low = await call<InventoryList>(USERS.superAdmin, 'GET', '/inventory?category=Equipment&low_stock=true');
    assert.deepEqual(
      low.body.inventory.map((item) => item.item_sku),
      ['LST-1'],
    );
    // A Northwind manager does not see Riverside's item in the list or the alerts.
    const northwind = await call<InventoryList>(USERS.clientAdmin, 'GET', '/inventory?category=Equipment');
    assert.ok(!northwind.body.inventory.some((item) => item.item_sku === 'LST-3'));
    assert.ok(!northwind.body.low_stock_alerts.some((item) => item.institution_id === RIVERSIDE));
    const sum = northwind.body.inventory.reduce(
      (total, item) => total + item.quantity_available - item.quantity_reserved,
      0,
    );
    assert.equal(northwind.body.summary.available, sum);
  });

  it('pages with the requested limit', async () => {
    const page = await call<InventoryList>(USERS.superAdmin, 'GET', '/inventory?limit=2&page=2');
    assert.equal(page.body.inventory.length, 2);
    assert.equal(page.body.pagination.page, 2);
    assert.equal(page.body.pagination.pages, Math.ceil(page.body.pagination.total / 2));
  });
});

describe('requests and notices', () => {
  it('an institution_admin requests stock for their low item: one event; refused for an item that is not low', async () => {
    const low = await create(USERS.superAdmin, { item_sku: 'REQ-1', quantity_available: 2, institution_id: NORTHWIND });
    const fine = await create(USERS.superAdmin, {
      item_sku: 'REQ-2',
      quantity_available: 80,
      institution_id: NORTHWIND,
    });
    const asked = await call<{ message: string }>(USERS.northwindAdmin, 'POST', `/inventory/${low.id}/request`, {
      quantity: 25,
    });
    assert.equal(asked.status, 200);
    assert.equal(asked.body.message, INVENTORY_MESSAGES.requested);
    assert.equal((await eventTypes(low.id)).filter((type) => type === 'InventoryStockRequested').length, 1);
    const refused = await call<{ error: string }>(USERS.northwindAdmin, 'POST', `/inventory/${fine.id}/request`, {
      quantity: 5,
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error, INVENTORY_ERRORS.notLowStock);
    assert.equal(
      (await call(USERS.riversideAdmin, 'POST', `/inventory/${low.id}/request`, { quantity: 5 })).status,
      404,
    );
    assert.equal(
      (await call(USERS.northwindAdmin, 'POST', `/inventory/${low.id}/request`, { quantity: 0 })).status,
      400,
    );
  });

  it("a manager's Notify records one notice and names how many admins it reaches", async () => {
    const low = await create(USERS.clientAdmin, { item_sku: 'NOT-1', quantity_available: 1 });
    const notified = await call<{ message: string }>(USERS.clientAdmin, 'POST', `/inventory/${low.id}/notify`);
    assert.equal(notified.status, 200);
    assert.equal(notified.body.message, INVENTORY_MESSAGES.notified(1));
    assert.equal((await eventTypes(low.id)).filter((type) => type === 'InventoryLowStockNotified').length, 1);
  });
});

describe('storage locations', () => {
  it('are written by super_admin and client_admin, sorted by sort_order, filtered by active', async () => {
    const created: StorageLocation[] = [];
    for (const [name, sort_order] of [
      ['Warehouse B', 2],
      ['Cold Room', 0],
      ['Annex', 1],
    ] as const) {
      const answer = await call<StorageLocation>(USERS.clientAdmin, 'POST', '/cms/storage-locations', {
        name,
        sort_order,
      });
      assert.equal(answer.status, 201);
      created.push(answer.body);
    }
    const annex = created[2]!;
    const toggled = await call<StorageLocation>(USERS.superAdmin, 'PUT', `/cms/storage-locations/${annex.id}`, {
      active: false,
    });
    assert.equal(toggled.body.active, false);
    assert.equal(toggled.body.name, 'Annex');
    const all = await call<StorageLocation[]>(USERS.agent, 'GET', '/cms/storage-locations');
    assert.deepEqual(
      all.body.map((l) => l.name),
      ['Cold Room', 'Annex', 'Warehouse B'],
    );
    const active = await call<StorageLocation[]>(USERS.agent, 'GET', '/cms/storage-locations?active=true');
    assert.deepEqual(
      active.body.map((l) => l.name),
      ['Cold Room', 'Warehouse B'],
    );
    assert.equal((await call(USERS.agent, 'POST', '/cms/storage-locations', { name: 'Nope' })).status, 403);
    const duplicate = await call<{ error: string }>(USERS.clientAdmin, 'POST', '/cms/storage-locations', {
      name: 'cold room',
    });
    assert.equal(duplicate.status, 409);
    assert.equal(
      (await call(USERS.clientAdmin, 'POST', '/cms/storage-locations', { name: 'X', sort_order: -1 })).status,
      400,
    );
    assert.equal((await call(USERS.clientAdmin, 'DELETE', `/cms/storage-locations/${annex.id}`)).status, 204);
    assert.equal(
      (await call(USERS.clientAdmin, 'PUT', `/cms/storage-locations/${annex.id}`, { active: true })).status,
      404,
    );
  });
});

describe("the fulfillment saga's stock (issue 25 item 2)", () => {
  type Requested = FulfillmentEventData<'FulfillmentRequested'>;
  const requested = (id: number, itemId: number, quantity: number): Requested => ({
    fulfillmentRequestId: id,
    test_request_id: 41,
    institution_id: NORTHWIND,
    patient_id: 3,
    inventory_item_id: itemId,
    quantity_requested: quantity,
    priority: 'normal',
    assigned_to: USERS.agent.id,
    notes: null,
    replaces_request_id: null,
  });
  const moved = (id: number, version: number, type: FulfillmentEventType, previous: FulfillmentStatus) =>
    suite.publish('fulfillment', {
      stream: `fulfillmentRequest-${id}`,
      version,
      type,
      data:
        type === 'FulfillmentDispatched'
          ? {
              fulfillmentRequestId: id,
              tracking_number: 'RM123456789GB',
              barcode_number: null,
              notes: null,
              status: 'dispatched',
            }
          : {
              fulfillmentRequestId: id,
              previous_status: previous,
              notes: null,
              status: type === 'FulfillmentReopened' ? 'pending' : 'cancelled',
            },
    });
  const stockOf = async (itemId: number) => {
    const { body } = await call<InventoryItemDetail>(USERS.clientAdmin, 'GET', `/inventory/${itemId}`);
    return [body.quantity_available, body.quantity_reserved];
  };
  const movementsOf = async (itemId: number) => {
    const { body } = await call<{
      movements: {
        type: string;
        reserved_change: number;
        available_change: number;
        fulfillment_request_id: number | null;
      }[];
    }>(USERS.clientAdmin, 'GET', `/inventory/${itemId}/movements`);
    return body.movements
      .filter((movement) => movement.fulfillment_request_id !== null)
      .map(
        (movement) =>
          `${movement.type} ${movement.available_change}/${movement.reserved_change} #${movement.fulfillment_request_id}`,
      )
      .reverse();
  };
  const until = (itemId: number, expected: number[], description: string) =>
    waitFor(async () => JSON.stringify(await stockOf(itemId)) === JSON.stringify(expected), { description });

  it('reserves on request (once, though redelivered), releases on cancel, reserves on reopen, consumes on dispatch', async () => {
    const item = await create(USERS.clientAdmin, { item_sku: 'SAGA-001', quantity_available: 30 });
    // the patient the kits go to, as clinical publishes them (the item's Recent Fulfillment Requests name them)
    await suite.publish('clinical', {
      stream: 'patient-3',
      version: 0,
      type: 'PatientRegistered',
      data: patientRegisteredData(3, [NORTHWIND], { first_name: 'Amelia', last_name: 'Thompson' }),
    });
    const first = await suite.publish('fulfillment', {
      stream: 'fulfillmentRequest-901',
      version: 0,
      type: 'FulfillmentRequested',
      data: requested(901, item.id, 2),
    });
    await until(item.id, [30, 2], 'the reservation');
    // the relay publishes it again after the dedup window: the request's movement is there, nothing moves twice
    await suite.republish('fulfillment', first);
    await moved(901, 1, 'FulfillmentCancelled', 'assigned');
    await until(item.id, [30, 0], 'the release');
    await moved(901, 2, 'FulfillmentReopened', 'cancelled');
    await until(item.id, [30, 2], 'the reservation again');
    await moved(901, 3, 'FulfillmentDispatched', 'pending');
    await until(item.id, [28, 0], 'the consumption');
    // cancelled after dispatch: the kit has left, nothing is released
    await moved(901, 4, 'FulfillmentCancelled', 'dispatched');
    // a second request shows the first's cancellation was passed: too few free units for 100 is refused
    await suite.publish('fulfillment', {
      stream: 'fulfillmentRequest-902',
      version: 0,
      type: 'FulfillmentRequested',
      data: requested(902, item.id, 100),
    });
    await waitFor(async () => (await eventTypes(item.id)).includes('InventoryReservationRefused'), {
      description: 'the refusal',
    });
    assert.deepEqual(await stockOf(item.id), [28, 0]);
    assert.deepEqual(await movementsOf(item.id), [
      'reserved 0/2 #901',
      'released 0/-2 #901',
      'reserved 0/2 #901',
      'consumed -2/-2 #901',
    ]);
    // the detail's Recent Fulfillment Requests: newest first, with the patient, status and assignee
    const detail = await waitFor(
      async () => {
        const { body } = await call<InventoryItemDetail>(USERS.clientAdmin, 'GET', `/inventory/${item.id}`);
        return body.recent_fulfillment_requests.length === 2 && body;
      },
      { description: "the item's recent fulfillment requests" },
    );
    assert.deepEqual(
      detail.recent_fulfillment_requests.map(({ created_at: _at, ...request }) => request),
      [
        { id: 902, patient_name: 'Amelia Thompson', quantity: 100, status: 'pending', assigned_to_name: 'Fran Agent' },
        { id: 901, patient_name: 'Amelia Thompson', quantity: 2, status: 'cancelled', assigned_to_name: 'Fran Agent' },
      ],
    );
    const refused = await suite.pool.one(sql.type(z.object({ data: z.record(z.string(), z.unknown()) }))`
      SELECT data FROM events WHERE stream = ${`inventoryItem-${item.id}`} AND type = 'InventoryReservationRefused'`);
    assert.deepEqual(refused.data, {
      itemId: item.id,
      fulfillment_request_id: 902,
      quantity: 100,
      free: 28,
      reason: INVENTORY_ERRORS.notEnoughFree(28, 100),
    });
    // dispatched all the same (the agent had the kits): the 28 free units go, the 72 beyond the count stand on
    // the consumption for a recount, and the stock never falls below zero
    await moved(902, 1, 'FulfillmentDispatched', 'pending');
    await until(item.id, [0, 0], 'the consumption beyond the count');
    const { body } = await call<{ movements: { type: string; available_change: number; reason: string | null }[] }>(
      USERS.clientAdmin,
      'GET',
      `/inventory/${item.id}/movements`,
    );
    assert.deepEqual(
      body.movements.filter((m) => m.type === 'consumed').map((m) => [m.available_change, m.reason]),
      [
        [-28, INVENTORY_ERRORS.dispatchedBeyondCount(72)],
        [-2, null],
      ],
    );
  });
});
