import {
  canManageInventory,
  canManageInventoryItem,
  canReadInventoryItem,
  canRequestStock,
  choosesItemInstitution,
  ERRORS,
  INVENTORY_ERRORS,
  INVENTORY_LIMITS,
  isLowStock,
  type Caller,
  type InventoryItemDescription,
  type InventoryItemInput,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { ItemEvent } from './events';
import { evolveItem, initialItemState, type ItemState, type ItemStock } from './state';

/** The reason recorded when the item form changes the quantity (the form has no reason field). */
export const ITEM_FORM_REASON = 'Quantity changed on the item form';

/** What the command looked up before deciding. */
export interface ItemFacts {
  /** Whether the institution the form names exists (true when it names none). */
  institutionKnown: boolean;
}

type WithCaller<T> = T & { itemId: number; caller: Caller };
export type ItemCommand =
  | { type: 'CreateItem'; data: WithCaller<{ input: InventoryItemInput; facts: ItemFacts }> }
  | { type: 'UpdateItem'; data: WithCaller<{ input: InventoryItemInput; facts: ItemFacts }> }
  | { type: 'AdjustStock'; data: WithCaller<{ adjustment: number; reason: string }> }
  | { type: 'RequestStock'; data: WithCaller<{ quantity: number }> }
  | { type: 'NotifyLowStock'; data: WithCaller<object> }
  /**
   * Fulfillment's holds on units: by the system, for a fulfillment request. A consumption names how many of its
   * units the request held (`held`): a kit shipped without a hold takes free units, never another request's.
   */
  | {
      type: 'ReserveStock' | 'ReleaseStock';
      data: { itemId: number; quantity: number; fulfillmentRequestId: number };
    }
  | {
      type: 'ConsumeStock';
      data: { itemId: number; quantity: number; fulfillmentRequestId: number; held: number };
    };

/** The item a caller may see, or 404 (unknown and another tenant's look the same). */
function visibleItem(state: ItemState, caller: Caller): ItemStock {
  if (state.status !== 'active' || !canReadInventoryItem(caller, state.description)) {
    throw new RuleViolation('not_found', INVENTORY_ERRORS.itemNotFound);
  }
  return state;
}

function managedItem(state: ItemState, caller: Caller): ItemStock {
  const item = visibleItem(state, caller);
  if (!canManageInventoryItem(caller, item.description)) throw new RuleViolation('forbidden', ERRORS.forbidden);
  return item;
}

function existingItem(state: ItemState): ItemStock {
  if (state.status !== 'active') throw new RuleViolation('not_found', INVENTORY_ERRORS.itemNotFound);
  return state;
}

/**
 * The institution an item is filed under: super_admin chooses (null: global); everyone else files it under their
 * own institution (a caller without one, e.g. a system-level fulfillment agent, files global items), and an edit
 * by them keeps the item where it is.
 */
function placedInstitution(caller: Caller, input: InventoryItemInput, facts: ItemFacts, current?: number | null) {
  if (choosesItemInstitution(caller)) {
    if (!facts.institutionKnown) throw new RuleViolation('invalid', INVENTORY_ERRORS.unknownInstitution);
    return input.institution_id;
  }
  return current !== undefined ? current : caller.institutionId;
}

function describe(itemId: number, input: InventoryItemInput, institutionId: number | null): InventoryItemDescription {
  return {
    itemId,
    item_name: input.item_name,
    item_sku: input.item_sku,
    item_description: input.item_description,
    category: input.category,
    location: input.location,
    minimum_threshold: input.minimum_threshold,
    po_number: input.po_number,
    purchase_date: input.purchase_date,
    received_date: input.received_date,
    institution_id: institutionId,
  };
}

const sameDescription = (a: InventoryItemDescription, b: InventoryItemDescription) =>
  (Object.keys(a) as (keyof InventoryItemDescription)[]).every((key) => a[key] === b[key]);

/** Available after a signed change, refused below zero, below what is reserved, or above the maximum. */
function availableAfter(item: ItemStock, adjustment: number): number {
  const next = item.quantity_available + adjustment;
  if (next < 0) throw new RuleViolation('conflict', INVENTORY_ERRORS.belowZero(item.quantity_available, adjustment));
  if (next < item.quantity_reserved) {
    throw new RuleViolation(
      'conflict',
      INVENTORY_ERRORS.belowReserved(item.quantity_available, item.quantity_reserved, adjustment),
    );
  }
  if (next > INVENTORY_LIMITS.maxQuantity) throw new RuleViolation('invalid', INVENTORY_ERRORS.aboveMaximum);
  return next;
}

/** InventoryLowStockReached when available falls to or below the threshold from above it: once per crossing. */
function lowStockCrossing(
  before: { quantity_available: number; minimum_threshold: number } | null,
  after: { quantity_available: number; minimum_threshold: number; institution_id: number | null; itemId: number },
): ItemEvent[] {
  if (!isLowStock(after) || (before !== null && isLowStock(before))) return [];
  return [
    {
      type: 'InventoryLowStockReached',
      data: {
        itemId: after.itemId,
        quantity_available: after.quantity_available,
        minimum_threshold: after.minimum_threshold,
        institution_id: after.institution_id,
      },
    },
  ];
}

/** A manual movement and the crossing it may cause. */
function adjusted(item: ItemStock, adjustment: number, reason: string): ItemEvent[] {
  const { itemId, minimum_threshold, institution_id } = item.description;
  const quantity_available = availableAfter(item, adjustment);
  return [
    {
      type: 'InventoryStockAdjusted',
      data: { itemId, quantity_available, quantity_reserved: item.quantity_reserved, adjustment, reason },
    },
    ...lowStockCrossing(
      { quantity_available: item.quantity_available, minimum_threshold },
      { itemId, quantity_available, minimum_threshold, institution_id },
    ),
  ];
}

function decideItem(command: ItemCommand, state: ItemState): ItemEvent[] {
  switch (command.type) {
    case 'CreateItem': {
      const { itemId, input, caller, facts } = command.data;
      if (!canManageInventory(caller)) throw new RuleViolation('forbidden', ERRORS.noPermissionManageInventoryItems);
      if (state.status !== 'none') throw new RuleViolation('conflict', ERRORS.concurrencyConflict);
      const description = describe(itemId, input, placedInstitution(caller, input, facts));
      return [
        { type: 'InventoryItemCreated', data: { ...description, quantity_available: input.quantity_available } },
        ...lowStockCrossing(null, { ...description, quantity_available: input.quantity_available }),
      ];
    }
    case 'UpdateItem': {
      const { itemId, input, caller, facts } = command.data;
      const item = managedItem(state, caller);
      const description = describe(
        itemId,
        input,
        placedInstitution(caller, input, facts, item.description.institution_id),
      );
      const events: ItemEvent[] = sameDescription(item.description, description)
        ? []
        : [{ type: 'InventoryItemUpdated', data: description }];
      const change = input.quantity_available - item.quantity_available;
      if (change !== 0) {
        events.push(...adjusted({ ...item, description }, change, ITEM_FORM_REASON));
      } else {
        // A threshold raised above the stock is a crossing too.
        events.push(
          ...lowStockCrossing(
            { quantity_available: item.quantity_available, minimum_threshold: item.description.minimum_threshold },
            { ...description, quantity_available: item.quantity_available },
          ),
        );
      }
      return events;
    }
    case 'AdjustStock': {
      const { adjustment, reason, caller } = command.data;
      if (adjustment === 0 || !Number.isInteger(adjustment)) {
        throw new RuleViolation('invalid', INVENTORY_ERRORS.adjustmentZero);
      }
      if (reason.trim() === '') throw new RuleViolation('invalid', INVENTORY_ERRORS.reasonRequired);
      return adjusted(managedItem(state, caller), adjustment, reason.trim());
    }
    case 'RequestStock': {
      const { itemId, quantity, caller } = command.data;
      const item = visibleItem(state, caller);
      const figures = { ...item, ...item.description };
      if (caller.role !== 'institution_admin' || caller.institutionId === null) {
        throw new RuleViolation('forbidden', ERRORS.forbidden);
      }
      if (!canRequestStock(caller, figures)) throw new RuleViolation('conflict', INVENTORY_ERRORS.notLowStock);
      return [
        {
          type: 'InventoryStockRequested',
          data: {
            itemId,
            quantity,
            institution_id: caller.institutionId,
            item_name: item.description.item_name,
            item_sku: item.description.item_sku,
            quantity_available: item.quantity_available,
          },
        },
      ];
    }
    case 'NotifyLowStock': {
      const { itemId, caller } = command.data;
      const item = managedItem(state, caller);
      return [
        {
          type: 'InventoryLowStockNotified',
          data: {
            itemId,
            institution_id: item.description.institution_id,
            item_name: item.description.item_name,
            item_sku: item.description.item_sku,
            quantity_available: item.quantity_available,
            minimum_threshold: item.description.minimum_threshold,
          },
        },
      ];
    }
    case 'ReserveStock':
    case 'ReleaseStock':
    case 'ConsumeStock': {
      const { itemId, quantity, fulfillmentRequestId } = command.data;
      const item = existingItem(state);
      const free = item.quantity_available - item.quantity_reserved;
      const movement = { itemId, quantity, fulfillment_request_id: fulfillmentRequestId };
      if (command.type === 'ReserveStock') {
        // Refused is a fact fulfillment shows (the request stays pending with the reason), not an error to retry.
        if (quantity > free)
          return [
            {
              type: 'InventoryReservationRefused',
              data: {
                itemId,
                fulfillment_request_id: fulfillmentRequestId,
                quantity,
                free: Math.max(0, free),
                reason: INVENTORY_ERRORS.notEnoughFree(Math.max(0, free), quantity),
              },
            },
          ];
        return [
          {
            type: 'InventoryStockReserved',
            data: {
              ...movement,
              quantity_available: item.quantity_available,
              quantity_reserved: item.quantity_reserved + quantity,
            },
          },
        ];
      }
      if (command.type === 'ReleaseStock') {
        const held = Math.min(quantity, item.quantity_reserved);
        // Nothing held (released already): nothing to record.
        if (held === 0) return [];
        return [
          {
            type: 'InventoryStockReleased',
            data: {
              ...movement,
              quantity: held,
              quantity_available: item.quantity_available,
              quantity_reserved: item.quantity_reserved - held,
            },
          },
        ];
      }
      const held = Math.min(command.type === 'ConsumeStock' ? command.data.held : 0, quantity, item.quantity_reserved);
      // The units beyond the request's hold come from the free ones, never from what other requests hold. A kit
      // dispatched beyond them has left all the same (a fact, not a command to refuse): the count was wrong, and
      // the shortfall is recorded on the consumption for a manager's recount.
      const fromFree = Math.min(quantity - held, Math.max(0, free));
      const short = quantity - held - fromFree;
      const quantity_available = item.quantity_available - held - fromFree;
      const { minimum_threshold, institution_id } = item.description;
      return [
        {
          type: 'InventoryStockConsumed',
          data: {
            ...movement,
            held,
            ...(short > 0 ? { short } : {}),
            quantity_available,
            quantity_reserved: item.quantity_reserved - held,
          },
        },
        ...lowStockCrossing(
          { quantity_available: item.quantity_available, minimum_threshold },
          { itemId, quantity_available, minimum_threshold, institution_id },
        ),
      ];
    }
  }
}

export const itemDecider: Decider<ItemCommand, ItemEvent, ItemState> = {
  decide: decideItem,
  evolve: evolveItem,
  initialState: initialItemState,
};
