/**
 * The demo seed on a real database and JetStream: once clinical's test requests and patients, inventory's items
 * and identity's demo partner have arrived, fulfillment requests in every status for the partner, tracking numbers
 * where dispatched or delivered, through the same commands as the API; once only.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, it } from 'vitest';
import type { FULFILLMENT_EVENT_SCHEMAS, InventoryEventData } from '@labline/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@labline/service-kit/testing';
import {
  institutionRegisteredData,
  patientRegisteredData,
  testRequestCreatedData,
  testUser,
  userRegisteredData,
} from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import type { FulfillmentConfig, FulfillmentResources } from '../src/config';
import { seedDemoFulfillment } from '../src/seed';
import { service } from '../src/service';

const NORTHWIND = 1;
const PARTNER = testUser(3, 'fulfillment_agent', NORTHWIND, ['Priya', 'Patel']);
let suite: ServiceUnderTest<FulfillmentConfig, typeof FULFILLMENT_EVENT_SCHEMAS, FulfillmentResources>;

beforeAll(async () => {
  suite = await startServiceUnderTest(service);
}, 60_000);
afterAll(() => suite?.close());

it('seeds one request in every status for the demo partner, once, when the other services’ data arrived', async () => {
  // Nothing has arrived: the seed waits, then says why it seeded nothing.
  assert.deepEqual(await seedDemoFulfillment(suite.context, { waitMs: 300 }), {
    skipped: 'clinical, inventory or identity demo data did not arrive',
  });
  await suite.publish('identity', {
    stream: `institution-${NORTHWIND}`,
    version: 0,
    type: 'InstitutionRegistered',
    data: institutionRegisteredData(NORTHWIND, 'Northwind General Hospital'),
  });
  await suite.publish('identity', {
    stream: `user-${PARTNER.id}`,
    version: 0,
    type: 'UserRegistered',
    data: { ...userRegisteredData(PARTNER), email: 'fulfillment@labline.test' },
  });
  const item: InventoryEventData<'InventoryItemCreated'> = {
    itemId: 1,
    item_name: 'HbA1c Finger-Prick Kit',
    item_sku: 'TES-HBA-138',
    item_description: null,
    category: 'Test Kits',
    location: 'Central Supply',
    minimum_threshold: 20,
    po_number: 'PO-2026-4113',
    purchase_date: null,
    received_date: null,
    institution_id: NORTHWIND,
    quantity_available: 80,
  };
  await suite.publish('inventory', { stream: 'inventoryItem-1', version: 0, type: 'InventoryItemCreated', data: item });
  for (let id = 1; id <= 6; id += 1) {
    await suite.publish('clinical', {
      stream: `patient-${id}`,
      version: 0,
      type: 'PatientRegistered',
      data: patientRegisteredData(id, [NORTHWIND]),
    });
    await suite.publish('clinical', {
      stream: `testRequest-${id}`,
      version: 0,
      type: 'TestRequestCreated',
      data: testRequestCreatedData(id, NORTHWIND, { patient_id: id }),
    });
  }

  assert.deepEqual(await seedDemoFulfillment(suite.context, { waitMs: 20_000 }), { seeded: 6 });
  const rows = await suite.pool.any(
    sql.type(
      z.object({ status: z.string(), assigned_to: z.number().nullable(), tracking_number: z.string().nullable() }),
    )`SELECT status, assigned_to, tracking_number FROM fulfillment_requests ORDER BY id`,
  );
  assert.deepEqual(
    rows.map((row) => row.status),
    ['delivered', 'cancelled', 'dispatched', 'assigned', 'pending', 'pending'],
  );
  for (const row of rows) {
    assert.equal(row.tracking_number !== null, row.status === 'dispatched' || row.status === 'delivered', row.status);
  }
  assert.ok(rows.filter((row) => row.status !== 'pending').every((row) => row.assigned_to === PARTNER.id));
  assert.deepEqual(await seedDemoFulfillment(suite.context, { waitMs: 300 }), { skipped: 'already seeded' });
}, 60_000);
