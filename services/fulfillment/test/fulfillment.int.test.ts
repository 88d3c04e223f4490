/**
 * The fulfillment API on a real database and JetStream, with clinical's, inventory's and identity's events
 * published as their relays would: a partner's order asks for its device's kit once however often its events
 * arrive, every allowed and refused transition through HTTP (409 and 400 with their sentences), the managers only
 * (403), another institution's request answering 404, the list's filters and pages, replacements only from a
 * cancelled request, and bad input answering 400 naming the field with nothing stored.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  ERRORS,
  FULFILLMENT_ERRORS,
  FULFILLMENT_STATUSES,
  fulfillmentActionFor,
  type ClinicalEventData,
  type ClinicalEventType,
  type EventEnvelope,
  type FULFILLMENT_EVENT_SCHEMAS,
  type FulfillmentList,
  type FulfillmentRequestDetail,
  type FulfillmentStatus,
  type InventoryEventData,
} from '@labline/contracts';
import { publishDirectory, startServiceUnderTest, type ServiceUnderTest } from '@labline/service-kit/testing';
import { patientRegisteredData, testRequestCreatedData, waitFor, type TestUser } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import type { FulfillmentConfig, FulfillmentResources } from '../src/config';
import { service } from '../src/service';
import { DIRECTORY_INSTITUTIONS, KIT, NORTHWIND, RIVERSIDE, USERS } from './harness';

const KIT_ITEM = 501;
const OTHER_ITEM = 502;

let suite: ServiceUnderTest<FulfillmentConfig, typeof FULFILLMENT_EVENT_SCHEMAS, FulfillmentResources>;

async function call<T = unknown>(member: TestUser, method: string, url: string, payload?: unknown) {
  const response = await suite.app.inject({
    method: method as 'GET',
    url,
    headers: await suite.as(member),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T };
}

const clinical = <T extends ClinicalEventType>(stream: string, type: T, data: ClinicalEventData<T>, version = 0) =>
  suite.publish('clinical', { stream, version, type, data });

async function item(id: number, name: string, sku: string, institutionId: number | null) {
  const data: InventoryEventData<'InventoryItemCreated'> = {
    itemId: id,
    item_name: name,
    item_sku: sku,
    item_description: 'Lancets, microtainer, plaster',
    category: 'Test Kits',
    location: 'Central Supply',
    minimum_threshold: 10,
    po_number: 'PO-1',
    purchase_date: null,
    received_date: null,
    institution_id: institutionId,
    quantity_available: 50,
  };
  await suite.publish('inventory', { stream: `inventoryItem-${id}`, version: 0, type: 'InventoryItemCreated', data });
}

let nextOrder = 1000;
interface Order {
  testRequestId: number;
  patientId: number;
  created: EventEnvelope;
}

/** A patient and their test request as clinical publishes them; by a partner with the kit's device by default. */
async function order(
  fields: Partial<ClinicalEventData<'TestRequestCreated'>> = {},
  patient: Partial<ClinicalEventData<'PatientRegistered'>> = {},
): Promise<Order> {
  const id = (nextOrder += 1);
  const institutionId = fields.institution_id ?? NORTHWIND;
  await clinical(
    `patient-${id}`,
    'PatientRegistered',
    patientRegisteredData(id, [institutionId], {
      first_name: 'Amelia',
      last_name: `Thompson${id}`,
      street_address_1: '1 High Street',
      city: 'Leeds',
      postal_code: 'LS1 1AA',
      country: 'United Kingdom',
      ...patient,
    }),
  );
  const created = await clinical(
    `testRequest-${id}`,
    'TestRequestCreated',
    testRequestCreatedData(id, institutionId, {
      patient_id: id,
      fulfillment_by_partner: true,
      fulfillment_partner_id: USERS.partner.id,
      device_selections: [{ device_id: 31, device_name: KIT, quantity: 1, required_volume: 50, total_capacity: 500 }],
      ...fields,
    }),
  );
  return { testRequestId: id, patientId: id, created };
}

const requestIdsOf = (testRequestId: number) =>
  suite.pool.anyFirst(sql.type(z.object({ id: z.number().int() }))`
    SELECT id FROM fulfillment_requests WHERE test_request_id = ${testRequestId} ORDER BY id`);

/** The request the choreography recorded for an order (waits for the reaction). */
async function requestFor(o: Order): Promise<number> {
  let id: number | undefined;
  await waitFor(async () => (id = (await requestIdsOf(o.testRequestId))[0]) !== undefined, {
    description: `the fulfillment request of test request ${o.testRequestId}`,
  });
  return id!;
}

const eventCount = () =>
  suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`SELECT count(*)::int AS count FROM events`);

const setStatus = (member: TestUser, id: number, body: Record<string, unknown>) =>
  call<FulfillmentRequestDetail & { error: string }>(member, 'PUT', `/fulfillment/${id}/status`, body);

/** Drives a pending request to `status` by its legal path, through HTTP. */
async function moveTo(id: number, status: FulfillmentStatus) {
  const path: Record<FulfillmentStatus, FulfillmentStatus[]> = {
    pending: [],
    assigned: ['assigned'],
    dispatched: ['assigned', 'dispatched'],
    delivered: ['assigned', 'dispatched', 'delivered'],
    cancelled: ['cancelled'],
  };
  for (const step of path[status]) {
    const answer = await setStatus(USERS.clientAdmin, id, { status: step, tracking_number: 'TRK-PATH' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  }
}

beforeAll(async () => {
  suite = await startServiceUnderTest(service);
  await publishDirectory(suite, DIRECTORY_INSTITUTIONS, Object.values(USERS));
  await item(KIT_ITEM, KIT, 'COL-CAP-101', null);
  await item(OTHER_ITEM, 'Venous blood tube set', 'COL-VEN-202', NORTHWIND);
  await waitFor(
    async () =>
      (await call(USERS.labUser, 'GET', '/fulfillment')).status === 403 &&
      (await suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
        SELECT count(*)::int AS count FROM fulfillment_items`)) === 2,
    { description: 'the directory and the items' },
  );
}, 60_000);
afterAll(() => suite?.close());

describe('a partner order asks for its kit', () => {
  it("records one pending request for the device's kit, assigned to the partner, shown with every name", async () => {
    const o = await order({ priority: 'urgent' });
    const id = await requestFor(o);
    const answer = await call<FulfillmentRequestDetail>(USERS.clientAdmin, 'GET', `/fulfillment/${id}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const request = answer.body;
    assert.equal(request.status, 'pending');
    assert.equal(request.display_id, `FUL-${String(id).padStart(6, '0')}`);
    assert.equal(request.test_request_display_id, `REQ-00${o.testRequestId}`);
    assert.equal(request.inventory_item_id, KIT_ITEM);
    assert.equal(request.item_sku, 'COL-CAP-101');
    assert.equal(request.priority, 'urgent');
    assert.equal(request.assigned_to, USERS.partner.id);
    assert.deepEqual([request.assigned_to_name, request.assigned_to_lastname], ['Priya', 'Patel']);
    assert.equal(request.institution_name, 'Northwind General Hospital');
    assert.equal(request.medical_record_number, `MRN-${o.patientId}`);
    assert.equal(request.test_request_barcode, `BC-${o.testRequestId}`);
    assert.equal(request.patient?.city, 'Leeds');
  });

  it('creates nothing twice: a redelivered event, a republished one and a later update', async () => {
    const o = await order();
    await requestFor(o);
    await suite.republish('clinical', o.created);
    await clinical(
      `testRequest-${o.testRequestId}`,
      'TestRequestUpdated',
      { ...(o.created.data as ClinicalEventData<'TestRequestCreated'>), notes: 'edited' },
      1,
    );
    // a later order, published after them, is handled: the earlier ones have been too
    const after = await order();
    await requestFor(after);
    assert.equal((await requestIdsOf(o.testRequestId)).length, 1);
  });

  it('records nothing without a partner, without a linked item, or for a cancelled order', async () => {
    const none = [
      await order({ fulfillment_by_partner: false, fulfillment_partner_id: null }),
      await order({
        device_selections: [
          { device_id: 39, device_name: 'Swab kit', quantity: 1, required_volume: 1, total_capacity: 1 },
        ],
      }),
      await order({ status: 'cancelled' }),
    ];
    // Riverside's own order links to the global kit, not Northwind's item.
    const riverside = await order({ institution_id: RIVERSIDE });
    await requestFor(riverside);
    for (const o of none) assert.deepEqual(await requestIdsOf(o.testRequestId), []);
  });
});

describe("a cancelled order's kits (the saga's compensation)", () => {
  it('cancels the requests whose kit has not left, once; a dispatched kit stays on its way', async () => {
    const waiting = await order();
    const shipped = await order();
    const [waitingId, shippedId] = [await requestFor(waiting), await requestFor(shipped)];
    await moveTo(shippedId, 'dispatched');
    const cancelled = (o: Order) =>
      clinical(
        `testRequest-${o.testRequestId}`,
        'TestRequestCancelled',
        { testRequestId: o.testRequestId, patient_id: o.patientId, institution_id: NORTHWIND, from: 'pending' },
        1,
      );
    const first = await cancelled(waiting);
    await cancelled(shipped);
    await suite.republish('clinical', first);
    const statusOf = async (id: number) =>
      (await call<FulfillmentRequestDetail>(USERS.clientAdmin, 'GET', `/fulfillment/${id}`)).body.status;
    await waitFor(async () => (await statusOf(waitingId)) === 'cancelled', { description: 'the cancellation' });
    // a later order's kit shows the cancellations (and the redelivery) were handled
    await requestFor(await order());
    assert.equal(await statusOf(shippedId), 'dispatched');
    const types = await suite.pool.anyFirst(sql.type(z.object({ type: z.string() }))`
      SELECT type FROM events WHERE stream = ${`fulfillmentRequest-${waitingId}`} ORDER BY version`);
    assert.deepEqual(types, ['FulfillmentRequested', 'FulfillmentCancelled']);
  });
});

describe('transitions through HTTP', () => {
  const pairs = FULFILLMENT_STATUSES.flatMap((from) => FULFILLMENT_STATUSES.map((to) => [from, to] as const));

  it('allows exactly the moves of FULFILLMENT_TRANSITIONS, and refuses the others with 409 and the sentence', async () => {
    const orders = await Promise.all(pairs.map(() => order()));
    const ids = [];
    for (const o of orders) ids.push(await requestFor(o));
    for (const [index, [from, to]] of pairs.entries()) {
      const id = ids[index]!;
      await moveTo(id, from);
      const before = await eventCount();
      const answer = await setStatus(USERS.partner, id, { status: to, tracking_number: 'TRK-42' });
      if (fulfillmentActionFor(from, to) === null) {
        assert.equal(answer.status, 409, `${from} → ${to}`);
        assert.equal(answer.body.error, FULFILLMENT_ERRORS.illegalTransition(from, to));
        assert.equal(await eventCount(), before);
      } else {
        assert.equal(answer.status, 200, `${from} → ${to}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.status, to);
        if (to === 'dispatched') {
          assert.equal(answer.body.tracking_number, 'TRK-42');
          assert.ok(answer.body.dispatch_date);
        }
        if (to === 'delivered') assert.ok(answer.body.delivery_date);
        if (from === 'cancelled') assert.equal(answer.body.notes, 'Request reopened from cancelled status');
      }
    }
  }, 120_000);

  it('refuses a dispatch without a non-blank tracking number (400), storing nothing', async () => {
    const id = await requestFor(await order());
    const before = await eventCount();
    for (const body of [{ status: 'dispatched' }, { status: 'dispatched', tracking_number: '   ' }]) {
      const answer = await setStatus(USERS.clientAdmin, id, body);
      assert.equal(answer.status, 400);
      assert.equal(answer.body.error, FULFILLMENT_ERRORS.trackingNumberRequired);
    }
    assert.equal(await eventCount(), before);
    const dispatched = await setStatus(USERS.clientAdmin, id, {
      status: 'dispatched',
      tracking_number: ' 1Z999AA10123456784 ',
      barcodeNumber: 'KIT-0001',
    });
    assert.equal(dispatched.status, 200);
    assert.equal(dispatched.body.tracking_number, '1Z999AA10123456784');
    assert.equal(dispatched.body.barcode_number, 'KIT-0001');
  });

  it('assigns a pending request to an active fulfillment manager, and no one else', async () => {
    const id = await requestFor(await order({ fulfillment_partner_id: null }));
    const refused = await call<{ error: string }>(USERS.clientAdmin, 'POST', `/fulfillment/${id}/assign`, {
      assigned_to: USERS.labUser.id,
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error, FULFILLMENT_ERRORS.assigneeNotAgent);
    const assigned = await call<FulfillmentRequestDetail>(USERS.clientAdmin, 'POST', `/fulfillment/${id}/assign`, {
      assigned_to: USERS.otherAgent.id,
    });
    assert.equal(assigned.status, 200);
    assert.equal(assigned.body.status, 'assigned');
    assert.equal(assigned.body.assigned_to_name, 'Omar');
    const again = await call<{ error: string }>(USERS.clientAdmin, 'POST', `/fulfillment/${id}/assign`, {
      assigned_to: USERS.partner.id,
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, FULFILLMENT_ERRORS.illegalTransition('assigned', 'assigned'));
  });
});

describe('who may do what', () => {
  it('refuses every route to roles that do not manage fulfillment, with the shared text', async () => {
    const id = await requestFor(await order());
    for (const member of [USERS.northwindAdmin, USERS.clinician, USERS.labUser]) {
      for (const [method, url, body] of [
        ['GET', '/fulfillment', undefined],
        ['GET', `/fulfillment/${id}`, undefined],
        ['PUT', `/fulfillment/${id}/status`, { status: 'cancelled' }],
        ['POST', `/fulfillment/${id}/assign`, { assigned_to: USERS.partner.id }],
        ['POST', '/fulfillment', { test_request_id: 1, inventory_item_id: KIT_ITEM, quantity_requested: 1 }],
      ] as const) {
        const answer = await call<{ error: string }>(member, method, url, body);
        assert.equal(answer.status, 403, `${member.role} ${method} ${url}`);
        assert.equal(answer.body.error, ERRORS.forbidden);
      }
    }
  });

  it("answers 404 for another institution's request, as for an unknown one", async () => {
    const id = await requestFor(await order());
    const foreign = USERS.riversideClientAdmin;
    for (const [method, url, body] of [
      ['GET', `/fulfillment/${id}`, undefined],
      ['PUT', `/fulfillment/${id}/status`, { status: 'cancelled' }],
      ['POST', `/fulfillment/${id}/assign`, { assigned_to: foreign.id }],
    ] as const) {
      const answer = await call<{ error: string }>(foreign, method, url, body);
      assert.equal(answer.status, 404, `${method} ${url}`);
      assert.equal(answer.body.error, FULFILLMENT_ERRORS.notFound);
    }
    assert.equal((await call(USERS.clientAdmin, 'GET', '/fulfillment/999999')).status, 404);
    const list = await call<FulfillmentList>(foreign, 'GET', '/fulfillment?limit=100');
    assert.ok(list.body.requests.every((request) => request.institution_id === RIVERSIDE));
    assert.equal((await call(USERS.clientAdmin, 'GET', `/fulfillment/${id}`)).status, 200);
  });
});

describe('the list', () => {
  it('filters by status, priority, assignee, search and dates, newest first, 20 a page', async () => {
    const stat = await order({ priority: 'stat', barcode_number: 'BC-STAT-UNIQUE' }, { last_name: 'Zebedee' });
    const statId = await requestFor(stat);
    const mine = await requestFor(await order({ fulfillment_partner_id: null }));
    await call(USERS.otherAgent, 'POST', `/fulfillment/${mine}/assign`, { assigned_to: USERS.otherAgent.id });

    const all = await call<FulfillmentList>(USERS.superAdmin, 'GET', '/fulfillment');
    assert.equal(all.status, 200);
    const total = all.body.pagination.total;
    assert.ok(total > 20, `${total} requests`);
    assert.equal(all.body.requests.length, 20);
    assert.deepEqual(all.body.pagination, { page: 1, limit: 20, total, pages: Math.ceil(total / 20) });
    const ids = all.body.requests.map((request) => request.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    const last = await call<FulfillmentList>(USERS.superAdmin, 'GET', `/fulfillment?page=${all.body.pagination.pages}`);
    assert.equal(last.body.requests.length, total - 20 * (all.body.pagination.pages - 1));

    const query = async (q: string) =>
      (await call<FulfillmentList>(USERS.clientAdmin, 'GET', `/fulfillment?limit=100&${q}`)).body.requests;
    assert.deepEqual(
      (await query('priority=stat')).map((r) => r.id),
      [statId],
    );
    assert.deepEqual(
      (await query('search=zebedee')).map((r) => r.id),
      [statId],
    );
    assert.deepEqual(
      (await query('search=bc-stat-unique')).map((r) => r.id),
      [statId],
    );
    assert.deepEqual(
      (await query(`search=REQ-00${stat.testRequestId}`)).map((r) => r.id),
      [statId],
    );
    assert.ok((await query('search=COL-CAP')).some((r) => r.id === statId));
    assert.deepEqual(await query('search=COL-VEN'), []);
    const delivered = await query('status=delivered');
    assert.ok(delivered.length > 0 && delivered.every((r) => r.status === 'delivered'));
    const assignedToMe = await call<FulfillmentList>(USERS.otherAgent, 'GET', '/fulfillment?assigned_to_me=true');
    // My Assignments: this one and the one the assign test gave Omar, nothing else
    assert.ok(assignedToMe.body.requests.some((r) => r.id === mine));
    assert.ok(assignedToMe.body.requests.every((r) => r.assigned_to === USERS.otherAgent.id));
    assert.equal(assignedToMe.body.pagination.total, 2);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    assert.ok((await query(`date_from=${today}&date_to=${today}`)).some((r) => r.id === statId));
    assert.deepEqual(await query(`date_from=${tomorrow}`), []);
    assert.deepEqual(await query(`date_to=2020-01-01`), []);
  });
});

describe('replacements', () => {
  it('are made only for a test request whose latest request is cancelled, once', async () => {
    const o = await order();
    const id = await requestFor(o);
    const body = {
      test_request_id: o.testRequestId,
      inventory_item_id: OTHER_ITEM,
      quantity_requested: 2,
      notes: 'Lost',
    };
    const early = await call<{ error: string }>(USERS.clientAdmin, 'POST', '/fulfillment', body);
    assert.equal(early.status, 409);
    assert.equal(early.body.error, FULFILLMENT_ERRORS.replacementNotCancelled);
    await moveTo(id, 'cancelled');
    const made = await call<FulfillmentRequestDetail>(USERS.clientAdmin, 'POST', '/fulfillment', body);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.status, 'pending');
    assert.equal(made.body.replaces_request_id, id);
    assert.equal(made.body.inventory_item_id, OTHER_ITEM);
    assert.equal(made.body.quantity_requested, 2);
    assert.equal(made.body.assigned_to, USERS.partner.id);
    const twice = await call<{ error: string }>(USERS.clientAdmin, 'POST', '/fulfillment', body);
    assert.equal(twice.status, 409);
    assert.equal(twice.body.error, FULFILLMENT_ERRORS.replacementNotCancelled);
    const unknown = await call<{ error: string }>(USERS.clientAdmin, 'POST', '/fulfillment', {
      ...body,
      test_request_id: 777_777,
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, FULFILLMENT_ERRORS.testRequestNotFound);
    // Riverside's client admin does not see Northwind's test request.
    const foreign = await call<{ error: string }>(USERS.riversideClientAdmin, 'POST', '/fulfillment', body);
    assert.equal(foreign.status, 404);
  });

  it('refuses an item the institution has no access to', async () => {
    const o = await order({ institution_id: RIVERSIDE });
    const id = await requestFor(o);
    await setStatus(USERS.superAdmin, id, { status: 'cancelled' });
    const answer = await call<{ error: string }>(USERS.superAdmin, 'POST', '/fulfillment', {
      test_request_id: o.testRequestId,
      inventory_item_id: OTHER_ITEM,
      quantity_requested: 1,
    });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, FULFILLMENT_ERRORS.itemNotFound);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, and stores nothing', async () => {
    const o = await order();
    const id = await requestFor(o);
    await moveTo(id, 'cancelled');
    const before = await eventCount();
    for (const [method, url, payload, field] of [
      ['PUT', `/fulfillment/${id}/status`, { status: 'shipped' }, 'status'],
      ['PUT', `/fulfillment/${id}/status`, { status: 'pending', colour: 'red' }, 'colour'],
      ['PUT', `/fulfillment/${id}/status`, { status: 'pending', tracking_number: 'x'.repeat(101) }, 'tracking_number'],
      ['POST', `/fulfillment/${id}/assign`, { assigned_to: 'me' }, 'assigned_to'],
      [
        'POST',
        '/fulfillment',
        { test_request_id: o.testRequestId, inventory_item_id: KIT_ITEM, quantity_requested: 0 },
        'quantity_requested',
      ],
      ['POST', '/fulfillment', { test_request_id: o.testRequestId, quantity_requested: 1 }, 'inventory_item_id'],
      ['GET', '/fulfillment?status=lost', undefined, 'status'],
      ['GET', '/fulfillment?date_from=2026-02-30', undefined, 'date_from'],
      ['GET', '/fulfillment/abc', undefined, 'id'],
    ] as const) {
      const answer = await call<{ error: string }>(USERS.clientAdmin, method, url, payload);
      assert.equal(answer.status, 400, `${method} ${url} ${JSON.stringify(answer.body)}`);
      assert.match(answer.body.error, new RegExp(field));
    }
    assert.equal(await eventCount(), before);
    assert.deepEqual(await requestIdsOf(o.testRequestId), [id]);
  });
});
