import { describe, it } from 'vitest';
import { INVENTORY_ERRORS, type Caller, type InventoryItemInput } from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { RuleViolation } from '@labline/eventstore';
import { itemDecider, ITEM_FORM_REASON } from './decide';
import type { ItemEvent } from './events';

const spec = deciderSpecification(itemDecider);
const NORTHWIND = 1;
const RIVERSIDE = 2;
const as = (role: Caller['role'], institutionIds: number[] = [NORTHWIND]): Caller => ({
  userId: 7,
  role,
  institutionId: institutionIds[0] ?? null,
  institutionIds,
  permissions: [],
});
const clientAdmin = as('client_admin');
const violation = (kind: RuleViolation['kind'], message?: string) => (error: unknown) =>
  error instanceof RuleViolation && error.kind === kind && (message === undefined || error.message === message);

const form: InventoryItemInput = {
  item_name: 'HbA1c kit',
  item_sku: 'TES-HBA-001',
  item_description: null,
  category: 'Test Kits',
  quantity_available: 30,
  minimum_threshold: 10,
  location: 'Central Supply',
  po_number: 'PO-1',
  purchase_date: null,
  received_date: null,
  institution_id: RIVERSIDE,
};
const { quantity_available: _q, ...described } = form;
const created: ItemEvent = {
  type: 'InventoryItemCreated',
  data: { itemId: 5, ...described, institution_id: NORTHWIND, quantity_available: 30 },
};
const adjust = (adjustment: number, caller: Caller = clientAdmin, reason = 'Counted') => ({
  type: 'AdjustStock' as const,
  data: { itemId: 5, adjustment, reason, caller },
});
const stock = (quantity_available: number, quantity_reserved = 0) => ({
  itemId: 5,
  quantity_available,
  quantity_reserved,
});

describe('inventory item: creation', () => {
  it("files a manager's item under their own institution, whatever the form says", () => {
    spec
      .given([])
      .when({
        type: 'CreateItem',
        data: { itemId: 5, input: form, caller: clientAdmin, facts: { institutionKnown: true } },
      })
      .then([created]);
  });

  it('lets super_admin choose the institution or none (global), and refuses an unknown one', () => {
    const create = (institution_id: number | null, known = true) => ({
      type: 'CreateItem' as const,
      data: {
        itemId: 5,
        input: { ...form, institution_id },
        caller: as('super_admin', []),
        facts: { institutionKnown: known },
      },
    });
    spec
      .given([])
      .when(create(null))
      .then([{ ...created, data: { ...created.data, institution_id: null } }]);
    spec.given([]).when(create(99, false)).thenThrows(violation('invalid', INVENTORY_ERRORS.unknownInstitution));
  });

  it('raises low stock when an item is created at or below its threshold', () => {
    spec
      .given([])
      .when({
        type: 'CreateItem',
        data: {
          itemId: 5,
          input: { ...form, quantity_available: 4 },
          caller: clientAdmin,
          facts: { institutionKnown: true },
        },
      })
      .then([
        { ...created, data: { ...created.data, quantity_available: 4 } },
        {
          type: 'InventoryLowStockReached',
          data: { itemId: 5, quantity_available: 4, minimum_threshold: 10, institution_id: NORTHWIND },
        },
      ]);
  });

  it('is refused to roles that do not manage inventory', () => {
    spec
      .given([])
      .when({
        type: 'CreateItem',
        data: { itemId: 5, input: form, caller: as('institution_admin'), facts: { institutionKnown: true } },
      })
      .thenThrows(violation('forbidden'));
  });
});

describe('inventory item: adjustments', () => {
  it('adds and removes with the balance after it', () => {
    spec
      .given([created])
      .when(adjust(-5))
      .then([{ type: 'InventoryStockAdjusted', data: { ...stock(25), adjustment: -5, reason: 'Counted' } }]);
  });

  it('raises low stock once, on the crossing, not on every adjustment below it', () => {
    const crossing: ItemEvent = {
      type: 'InventoryStockAdjusted',
      data: { ...stock(10), adjustment: -20, reason: 'Counted' },
    };
    spec
      .given([created])
      .when(adjust(-20))
      .then([
        crossing,
        {
          type: 'InventoryLowStockReached',
          data: { itemId: 5, quantity_available: 10, minimum_threshold: 10, institution_id: NORTHWIND },
        },
      ]);
    spec
      .given([created, crossing])
      .when(adjust(-2))
      .then([{ type: 'InventoryStockAdjusted', data: { ...stock(8), adjustment: -2, reason: 'Counted' } }]);
  });

  it('never takes available below zero or below what is reserved', () => {
    spec
      .given([created])
      .when(adjust(-31))
      .thenThrows(violation('conflict', INVENTORY_ERRORS.belowZero(30, -31)));
    const reserved: ItemEvent = {
      type: 'InventoryStockReserved',
      data: { ...stock(30, 25), quantity: 25, fulfillment_request_id: 3 },
    };
    spec
      .given([created, reserved])
      .when(adjust(-6))
      .thenThrows(violation('conflict', INVENTORY_ERRORS.belowReserved(30, 25, -6)));
  });

  it("needs a reason, and hides another institution's item (404)", () => {
    spec
      .given([created])
      .when(adjust(3, clientAdmin, '  '))
      .thenThrows(violation('invalid', INVENTORY_ERRORS.reasonRequired));
    spec
      .given([created])
      .when(adjust(3, as('client_admin', [RIVERSIDE])))
      .thenThrows(violation('not_found'));
  });

  it('records a quantity changed on the form as an adjustment with its reason', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateItem',
        data: {
          itemId: 5,
          input: { ...form, quantity_available: 42 },
          caller: clientAdmin,
          facts: { institutionKnown: true },
        },
      })
      .then([{ type: 'InventoryStockAdjusted', data: { ...stock(42), adjustment: 12, reason: ITEM_FORM_REASON } }]);
  });
});

describe('inventory item: requests and notices', () => {
  const low: ItemEvent = { type: 'InventoryStockAdjusted', data: { ...stock(6), adjustment: -24, reason: 'Counted' } };
  const request = (caller: Caller) => ({ type: 'RequestStock' as const, data: { itemId: 5, quantity: 20, caller } });

  it('an institution_admin requests stock for a low item of theirs', () => {
    spec
      .given([created, low])
      .when(request(as('institution_admin')))
      .then([
        {
          type: 'InventoryStockRequested',
          data: {
            itemId: 5,
            quantity: 20,
            institution_id: NORTHWIND,
            item_name: 'HbA1c kit',
            item_sku: 'TES-HBA-001',
            quantity_available: 6,
          },
        },
      ]);
  });

  it('refuses a request for an item that is not low, or from another role', () => {
    spec
      .given([created])
      .when(request(as('institution_admin')))
      .thenThrows(violation('conflict', INVENTORY_ERRORS.notLowStock));
    spec.given([created, low]).when(request(clientAdmin)).thenThrows(violation('forbidden'));
  });

  it('fulfillment reserves only free units, and consuming lowers both', () => {
    const reserve = (quantity: number) => ({
      type: 'ReserveStock' as const,
      data: { itemId: 5, quantity, fulfillmentRequestId: 3 },
    });
    spec
      .given([created])
      .when(reserve(31))
      .then([
        {
          type: 'InventoryReservationRefused',
          data: {
            itemId: 5,
            fulfillment_request_id: 3,
            quantity: 31,
            free: 30,
            reason: INVENTORY_ERRORS.notEnoughFree(30, 31),
          },
        },
      ]);
    const reserved: ItemEvent = {
      type: 'InventoryStockReserved',
      data: { ...stock(30, 2), quantity: 2, fulfillment_request_id: 3 },
    };
    spec.given([created]).when(reserve(2)).then([reserved]);
    spec
      .given([created, reserved])
      .when({ type: 'ConsumeStock', data: { itemId: 5, quantity: 2, fulfillmentRequestId: 3, held: 2 } })
      .then([
        { type: 'InventoryStockConsumed', data: { ...stock(28, 0), quantity: 2, held: 2, fulfillment_request_id: 3 } },
      ]);
    // a kit shipped without a hold takes free units only: another request's 2 held units stay held
    spec
      .given([created, reserved])
      .when({ type: 'ConsumeStock', data: { itemId: 5, quantity: 1, fulfillmentRequestId: 4, held: 0 } })
      .then([
        { type: 'InventoryStockConsumed', data: { ...stock(29, 2), quantity: 1, held: 0, fulfillment_request_id: 4 } },
      ]);
    // a kit dispatched beyond the count has left all the same: the free units go, the held ones stay held, and
    // the shortfall is on the record for a recount
    spec
      .given([created, reserved])
      .when({ type: 'ConsumeStock', data: { itemId: 5, quantity: 29, fulfillmentRequestId: 4, held: 0 } })
      .then([
        {
          type: 'InventoryStockConsumed',
          data: { ...stock(2, 2), quantity: 29, held: 0, short: 1, fulfillment_request_id: 4 },
        },
        {
          type: 'InventoryLowStockReached',
          data: { itemId: 5, quantity_available: 2, minimum_threshold: 10, institution_id: NORTHWIND },
        },
      ]);
  });
});
