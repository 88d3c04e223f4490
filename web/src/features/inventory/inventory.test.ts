/// <reference types="node" />
/** The inventory form's values and the body it sends (spec 2 §5): defaults, integers, null, ISO timestamps. */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { inventoryItemBodySchema, type InventoryItemDetail } from '@labline/contracts';
import { EMPTY_INVENTORY_FORM, inventoryBodyOf, inventoryFormValuesOf } from './formValues';

const ITEM: InventoryItemDetail = {
  id: 4,
  item_name: 'Swab Kit',
  item_sku: 'TES-SWA-042',
  item_description: null,
  category: 'Test Kits',
  quantity_available: 12,
  quantity_reserved: 2,
  minimum_threshold: 10,
  stock_level: 'warning',
  location: 'Lab Storage',
  po_number: 'PO-1',
  purchase_date: '2026-09-01T00:00:00.000Z',
  received_date: null,
  institution_id: null,
  institution_name: null,
  created_at: '2026-09-01T10:00:00.000Z',
  updated_at: '2026-09-01T10:00:00.000Z',
  recent_fulfillment_requests: [],
  as_of: null,
};

describe('the inventory form', () => {
  test('a new item starts as Test Kits with a threshold of 10', () => {
    assert.equal(EMPTY_INVENTORY_FORM.category, 'Test Kits');
    assert.equal(EMPTY_INVENTORY_FORM.minimum_threshold, 10);
  });

  test('sends trimmed texts, null for empty ones, dates as ISO timestamps and institution_id as given', () => {
    const body = inventoryBodyOf({
      ...EMPTY_INVENTORY_FORM,
      item_name: '  Swab Kit ',
      item_sku: 'TES-SWA-042',
      po_number: ' PO-9 ',
      item_description: '   ',
      quantity_available: 30,
      purchase_date: '2026-11-02',
      received_date: 'not a date',
      institution_id: 3,
    });
    assert.equal(body.item_name, 'Swab Kit');
    assert.equal(body.po_number, 'PO-9');
    assert.equal(body.item_description, null);
    assert.equal(body.purchase_date, '2026-11-02T00:00:00.000Z');
    assert.equal(body.received_date, null);
    assert.equal(body.institution_id, 3);
    assert.ok(inventoryItemBodySchema.safeParse(body).success, 'the server takes it');
  });

  test("an item's values give back its body", () => {
    const body = inventoryBodyOf(inventoryFormValuesOf(ITEM));
    assert.deepEqual(inventoryItemBodySchema.parse(body), {
      item_name: 'Swab Kit',
      item_sku: 'TES-SWA-042',
      item_description: null,
      category: 'Test Kits',
      quantity_available: 12,
      minimum_threshold: 10,
      location: 'Lab Storage',
      po_number: 'PO-1',
      purchase_date: '2026-09-01T00:00:00.000Z',
      received_date: null,
      institution_id: null,
    });
  });
});
