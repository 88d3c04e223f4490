/**
 * inventory's items on the dashboard (issue 24 item 6): the Low Stock Alert's count within each caller's items (the
 * global ones and their institutions'; super_admin every item or the filter's institution's), stock movements in
 * Recent Activity under their item's institution, and inventory's records in the audit trail. The events are
 * published as inventory's relay would, one of them twice.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type {
  AuditSummary,
  Dashboard,
  FulfillmentEventData,
  FulfillmentEventType,
  InventoryEventData,
  InventoryEventType,
} from '@labline/contracts';
import { inventoryItemCreatedData, testUser, waitFor, type TestUser } from '@labline/testkit';
import { publishDirectory } from '@labline/service-kit/testing';
import { actorOf, startAnalytics, type AnalyticsTestContext } from './harness';

const NORTHWIND = 1;
const RIVERSIDE = 2;
const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  clientAdmin: testUser(2, 'client_admin', NORTHWIND, ['Chris', 'Doyle']),
  northwindAdmin: testUser(3, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  riversideAdmin: testUser(4, 'institution_admin', RIVERSIDE, ['Hannah', 'Lewis']),
  clinician: testUser(5, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
} as const;

let suite: AnalyticsTestContext;
const versions = new Map<number, number>();

function inventory<T extends InventoryEventType>(itemId: number, type: T, data: InventoryEventData<T>) {
  const version = versions.get(itemId) ?? 0;
  versions.set(itemId, version + 1);
  return suite.publish('inventory', {
    stream: `inventoryItem-${itemId}`,
    version,
    type,
    data,
    actor: actorOf(USERS.clientAdmin),
  });
}

function created(itemId: number, name: string, institutionId: number | null, available: number) {
  return inventory(
    itemId,
    'InventoryItemCreated',
    inventoryItemCreatedData(itemId, name, institutionId, { quantity_available: available }),
  );
}

async function dashboard(member: TestUser, query = ''): Promise<Dashboard> {
  const response = await suite.app.inject({ url: `/analytics/dashboard${query}`, headers: await suite.as(member) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Dashboard;
}

beforeAll(async () => {
  suite = await startAnalytics();
  await publishDirectory(
    suite,
    [
      [NORTHWIND, 'Northwind General Hospital'],
      [RIVERSIDE, 'Riverside Clinic'],
    ],
    Object.values(USERS),
  );
  await created(1, 'Swab kit', NORTHWIND, 40);
  const low = await created(2, 'HbA1c kit', NORTHWIND, 5);
  await created(3, 'Gloves', null, 2);
  await created(4, 'Cooler', RIVERSIDE, 1);
  // Swab kit falls below its threshold.
  await inventory(1, 'InventoryStockAdjusted', {
    itemId: 1,
    quantity_available: 8,
    quantity_reserved: 0,
    adjustment: -32,
    reason: 'Counted',
  });
  await inventory(1, 'InventoryLowStockReached', {
    itemId: 1,
    quantity_available: 8,
    minimum_threshold: 10,
    institution_id: NORTHWIND,
  });
  // The Cooler is restocked above its threshold; a creation delivered twice counts once.
  await inventory(4, 'InventoryStockAdjusted', {
    itemId: 4,
    quantity_available: 31,
    quantity_reserved: 0,
    adjustment: 30,
    reason: 'Emergency restock',
  });
  await suite.republish('inventory', low);
  // The restock is the last event the activity projection applies (the redelivery changes nothing).
  await waitFor(
    async () =>
      (await dashboard(USERS.superAdmin)).recent_activity.some(
        (activity) => activity.description === 'Stock of Cooler +30 (Emergency restock)',
      ),
    { description: 'the inventory events projected' },
  );
}, 60_000);
afterAll(() => suite?.close());

describe('inventory on the dashboard', () => {
  it('counts the low items each caller sees; roles without inventory get no figure', async () => {
    // Swab kit (8 of 10), HbA1c kit (5), Gloves (global, 2); the Cooler was restocked.
    assert.equal((await dashboard(USERS.superAdmin)).inventory?.low_stock_count, 3);
    assert.equal((await dashboard(USERS.clientAdmin)).inventory?.low_stock_count, 3);
    assert.equal((await dashboard(USERS.northwindAdmin)).inventory?.low_stock_count, 3);
    assert.equal((await dashboard(USERS.riversideAdmin)).inventory?.low_stock_count, 1, 'the global Gloves only');
    const filtered = await dashboard(USERS.superAdmin, `?activity_filter=institution&institution_id=${RIVERSIDE}`);
    assert.equal(filtered.inventory?.low_stock_count, 1);
    assert.equal((await dashboard(USERS.clinician)).inventory, null);
  });

  it("lists stock movements in Recent Activity under their item's institution", async () => {
    const northwind = (await dashboard(USERS.northwindAdmin)).recent_activity.filter((a) => a.type === 'inventory');
    assert.deepEqual(
      northwind.map((activity) => [activity.description, activity.user_name]),
      [
        ['Low stock: Swab kit', 'Chris Doyle'],
        ['Stock of Swab kit -32 (Counted)', 'Chris Doyle'],
        ['Inventory item added: HbA1c kit', 'Chris Doyle'],
        ['Inventory item added: Swab kit', 'Chris Doyle'],
      ],
    );
    const riverside = (await dashboard(USERS.riversideAdmin)).recent_activity.filter((a) => a.type === 'inventory');
    assert.deepEqual(
      riverside.map((activity) => activity.description),
      ['Stock of Cooler +30 (Emergency restock)', 'Inventory item added: Cooler'],
    );
  });

  it("audits inventory's records", async () => {
    const summary = async () => {
      const response = await suite.app.inject({
        url: '/analytics/audit-summary?timeframe=7',
        headers: await suite.as(USERS.superAdmin),
      });
      return (response.json() as { audit_summary: AuditSummary[] }).audit_summary;
    };
    // The audit trail is a consumer of its own: it may still be behind the activity's.
    const rows = await waitFor(
      async () => {
        const found = await summary();
        return found.some((row) => row.action === 'low_stock_reached') && found;
      },
      { description: 'the audit trail projected' },
    );
    const of = (action: string) =>
      rows
        .filter((row) => row.table_name === 'inventory_items' && row.action === action)
        .reduce((n, r) => n + r.count, 0);
    assert.equal(of('created'), 4);
    assert.equal(of('stock_adjusted'), 2);
    assert.equal(of('low_stock_reached'), 1);
  });
});

describe('fulfillment on the dashboard (issue 25 item 6)', () => {
  const requested = (id: number, institutionId: number): FulfillmentEventData<'FulfillmentRequested'> => ({
    fulfillmentRequestId: id,
    test_request_id: 900 + id,
    institution_id: institutionId,
    patient_id: 7,
    inventory_item_id: 1,
    quantity_requested: 1,
    priority: 'normal',
    assigned_to: null,
    notes: null,
    replaces_request_id: null,
  });
  let step = 0;
  const publish = <T extends FulfillmentEventType>(
    id: number,
    version: number,
    type: T,
    data: FulfillmentEventData<T>,
  ) =>
    suite.publish('fulfillment', {
      stream: `fulfillmentRequest-${id}`,
      version,
      type,
      data,
      actor: actorOf(USERS.clientAdmin),
      // a minute apart, in publishing order: Recent Activity's order is theirs
      occurredAt: new Date(Date.now() - 60_000 * (10 - (step += 1))).toISOString(),
    });

  it("counts the pending requests each manager sees, lists each step as 'Fulfillment processed'", async () => {
    const first = await publish(71, 0, 'FulfillmentRequested', requested(71, NORTHWIND));
    await publish(72, 0, 'FulfillmentRequested', requested(72, NORTHWIND));
    await publish(73, 0, 'FulfillmentRequested', requested(73, RIVERSIDE));
    await publish(72, 1, 'FulfillmentDispatched', {
      fulfillmentRequestId: 72,
      tracking_number: 'RM123456789GB',
      barcode_number: null,
      notes: 'Package dispatched',
      status: 'dispatched',
    });
    // delivered twice: counted once
    await suite.republish('fulfillment', first);
    await waitFor(
      async () =>
        (await dashboard(USERS.superAdmin)).recent_activity.some(
          (activity) => activity.description === 'Fulfillment request FUL-000072 dispatched (RM123456789GB)',
        ),
      { description: 'the fulfillment events projected' },
    );
    assert.deepEqual((await dashboard(USERS.superAdmin)).fulfillment, { pending: 2 });
    assert.deepEqual((await dashboard(USERS.clientAdmin)).fulfillment, { pending: 1 });
    assert.deepEqual((await dashboard(USERS.superAdmin, '?activity_filter=institution&institution_id=2')).fulfillment, {
      pending: 1,
    });
    // not a manager of fulfillment: no card
    assert.equal((await dashboard(USERS.northwindAdmin)).fulfillment, null);
    const northwind = (await dashboard(USERS.clientAdmin)).recent_activity.filter(
      (activity) => activity.type === 'fulfillment',
    );
    // and each step in the audit trail (a consumer of its own: it may still be behind)
    const audited = await waitFor(
      async () => {
        const response = await suite.app.inject({
          url: '/analytics/audit-summary?timeframe=7',
          headers: await suite.as(USERS.superAdmin),
        });
        const rows = (response.json() as { audit_summary: AuditSummary[] }).audit_summary.filter(
          (row) => row.table_name === 'fulfillment_requests',
        );
        return rows.some((row) => row.action === 'dispatched') && rows;
      },
      { description: 'fulfillment in the audit trail' },
    );
    assert.deepEqual(audited.map((row) => [row.action, row.count]).sort(), [
      ['created', 3],
      ['dispatched', 1],
    ]);
    assert.deepEqual(
      northwind.map((activity) => [activity.description, activity.status]),
      [
        ['Fulfillment request FUL-000072 dispatched (RM123456789GB)', 'dispatched'],
        ['Fulfillment request FUL-000072 created', 'pending'],
        ['Fulfillment request FUL-000071 created', 'pending'],
      ],
    );
  });
});
