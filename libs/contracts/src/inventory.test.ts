import { describe, expect, test } from 'vitest';
import {
  canReadInventoryItem,
  canRequestStock,
  freeUnits,
  generateSku,
  restockAmount,
  stockBarPercent,
  stockLevel,
} from './inventory';
import { adjustmentBodySchema, inventoryItemBodySchema, storageLocationUpdateBodySchema } from './http/inventory';
import type { Caller } from './records';

const caller = (role: Caller['role'], institutionIds: number[] = [1]): Caller => ({
  userId: 9,
  role,
  institutionId: institutionIds[0] ?? null,
  institutionIds,
  permissions: [],
});

describe('the stock badge (spec 2 §4)', () => {
  test('low at or below the threshold, warning at or below 1.5 times it, in stock above', () => {
    expect(stockLevel({ quantity_available: 10, minimum_threshold: 10 })).toBe('low');
    expect(stockLevel({ quantity_available: 11, minimum_threshold: 10 })).toBe('warning');
    expect(stockLevel({ quantity_available: 15, minimum_threshold: 10 })).toBe('warning');
    expect(stockLevel({ quantity_available: 16, minimum_threshold: 10 })).toBe('in_stock');
    expect(stockLevel({ quantity_available: 0, minimum_threshold: 0 })).toBe('low');
  });

  test('the bar is available over twice the threshold, capped at 100 %', () => {
    expect(stockBarPercent({ quantity_available: 5, minimum_threshold: 10 })).toBe(25);
    expect(stockBarPercent({ quantity_available: 50, minimum_threshold: 10 })).toBe(100);
    expect(stockBarPercent({ quantity_available: 3, minimum_threshold: 0 })).toBe(100);
  });

  test('free units are available minus reserved; Restock adds twice the threshold', () => {
    expect(freeUnits({ quantity_available: 12, quantity_reserved: 5 })).toBe(7);
    expect(restockAmount({ minimum_threshold: 10 })).toBe(20);
  });
});

describe('Generate SKU (spec 2 §5)', () => {
  test('category and name, 3 letters each upper-cased, then 3 digits', () => {
    expect(generateSku('Covid antigen kit', 'Test Kits', 0.042)).toBe('TES-COV-042');
    expect(generateSku('ab', 'Supplies', 0.9999)).toBe('SUP-AB-999');
  });

  test('needs a name and a category', () => {
    expect(generateSku('', 'Test Kits')).toBeNull();
    expect(generateSku('Swab', '')).toBeNull();
  });
});

describe('who sees and requests an item', () => {
  test('super_admin every item; others global items and their own institutions', () => {
    expect(canReadInventoryItem(caller('super_admin', []), { institution_id: 7 })).toBe(true);
    expect(canReadInventoryItem(caller('client_admin'), { institution_id: null })).toBe(true);
    expect(canReadInventoryItem(caller('client_admin'), { institution_id: 1 })).toBe(true);
    expect(canReadInventoryItem(caller('client_admin'), { institution_id: 2 })).toBe(false);
  });

  test('Request Item: an institution_admin, on a low item they see', () => {
    const low = { institution_id: 1, quantity_available: 2, quantity_reserved: 0, minimum_threshold: 10 };
    expect(canRequestStock(caller('institution_admin'), low)).toBe(true);
    expect(canRequestStock(caller('institution_admin'), { ...low, quantity_available: 30 })).toBe(false);
    expect(canRequestStock(caller('institution_admin'), { ...low, institution_id: 2 })).toBe(false);
    expect(canRequestStock(caller('client_admin'), low)).toBe(false);
  });
});

describe('the bodies', () => {
  const item = { item_name: 'Swab', item_sku: 'COL-SWA-001', po_number: 'PO-1', quantity_available: 5 };

  test('the form: name, SKU and PO number required; threshold 10 by default; dates as ISO timestamps', () => {
    const parsed = inventoryItemBodySchema.parse({ ...item, purchase_date: '2026-01-02', received_date: '' });
    expect(parsed.minimum_threshold).toBe(10);
    expect(parsed.purchase_date).toBe('2026-01-02T00:00:00.000Z');
    expect(parsed.received_date).toBeNull();
    const missing = inventoryItemBodySchema.safeParse({ ...item, po_number: '' });
    expect(missing.success).toBe(false);
  });

  test('quantities are whole numbers of at least 0', () => {
    expect(inventoryItemBodySchema.safeParse({ ...item, quantity_available: -1 }).success).toBe(false);
    expect(inventoryItemBodySchema.safeParse({ ...item, quantity_available: 1.5 }).success).toBe(false);
  });

  test('an adjustment is a non-zero whole number with a reason', () => {
    expect(adjustmentBodySchema.safeParse({ adjustment: 0, reason: 'x' }).success).toBe(false);
    expect(adjustmentBodySchema.safeParse({ adjustment: -3, reason: '  ' }).success).toBe(false);
    expect(adjustmentBodySchema.parse({ adjustment: -3, reason: 'Broken' })).toEqual({
      adjustment: -3,
      reason: 'Broken',
    });
  });

  test("a storage location's toggle sends only active, and changes only it", () => {
    expect(storageLocationUpdateBodySchema.parse({ active: false })).toEqual({ active: false });
  });
});
