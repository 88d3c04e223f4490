import { z } from 'zod';
import { entityIdSchema } from '../http/fields';
import { INVENTORY_LIMITS } from '../inventory';
import type { EventSchemaMap } from './envelope';

/**
 * Inventory events. An InventoryItem (stream `inventoryItem-{id}`) is described by Created and Updated (the
 * descriptive fields' whole snapshot, never the stock) and its stock moves only by the movement events, each with
 * the quantities after it, so a consumer (the list, the history with its running balance, analytics' low stock)
 * never needs an earlier event and the stock as of a date is the last movement before it. A StorageLocation
 * (stream `storageLocation-{id}`) is a lookup of the /cms sub-screen.
 */
const quantity = z.number().int().min(0).max(INVENTORY_LIMITS.maxQuantity);

export const inventoryItemDescriptionSchema = z.object({
  itemId: entityIdSchema,
  item_name: z.string().min(1).max(200),
  item_sku: z.string().min(1).max(100),
  item_description: z.string().max(2000).nullable(),
  category: z.string().max(100).nullable(),
  /** The storage location's name when chosen (items keep the name: a location may be renamed or deleted later). */
  location: z.string().max(200).nullable(),
  minimum_threshold: quantity,
  po_number: z.string().min(1).max(100),
  /** ISO 8601 (UTC) or null. */
  purchase_date: z.string().nullable(),
  received_date: z.string().nullable(),
  /** null: a global item, for every institution. */
  institution_id: entityIdSchema.nullable(),
});
export type InventoryItemDescription = z.infer<typeof inventoryItemDescriptionSchema>;

/** The stock after a movement. */
const stockAfter = {
  itemId: entityIdSchema,
  quantity_available: quantity,
  quantity_reserved: quantity,
};

/** Created: the description and the opening stock. */
export const inventoryItemCreatedSchema = inventoryItemDescriptionSchema.extend({ quantity_available: quantity });

/** A manual movement (the Adjust dialog, the quick adjustments, Restock, a quantity changed on the form). */
export const inventoryStockAdjustedSchema = z.object({
  ...stockAfter,
  /** Signed: positive adds, negative removes; never 0. */
  adjustment: z.number().int(),
  reason: z.string().min(1).max(500),
});

/** A fulfillment request's hold on units (fulfillment reserves, releases on cancel, consumes on dispatch). */
const fulfillmentMovement = {
  ...stockAfter,
  quantity: z.number().int().positive(),
  fulfillment_request_id: entityIdSchema,
};
export const inventoryStockReservedSchema = z.object(fulfillmentMovement);
export const inventoryStockReleasedSchema = z.object(fulfillmentMovement);
export const inventoryStockConsumedSchema = z.object({
  ...fulfillmentMovement,
  /** How many of the units came from the request's hold (the rest were free); all of them when absent. */
  held: quantity.optional(),
  /**
   * Units that left beyond the count: the kit was dispatched (a fact), but the count had fewer units than its hold
   * and the free ones together. Available falls only by the units it had (never below what others hold); the
   * shortfall stands in the item's history for a manager to recount and adjust. Absent: none.
   */
  short: z.number().int().positive().optional(),
});
/**
 * A fulfillment request's kit could not be held: too few free units. The request stays pending with this reason
 * (fulfillment shows it); nothing is reserved, and the stock is unchanged.
 */
export const inventoryReservationRefusedSchema = z.object({
  itemId: entityIdSchema,
  fulfillment_request_id: entityIdSchema,
  quantity: z.number().int().positive(),
  /** Free units (available minus reserved) when it was refused. */
  free: quantity,
  reason: z.string().min(1).max(500),
});

/** Available fell to or below the threshold from above it: once per crossing, not on every movement below it. */
export const inventoryLowStockReachedSchema = z.object({
  itemId: entityIdSchema,
  quantity_available: quantity,
  minimum_threshold: quantity,
  institution_id: entityIdSchema.nullable(),
});

/** An institution_admin's Request Item: notifications tells the client admins. */
export const inventoryStockRequestedSchema = z.object({
  itemId: entityIdSchema,
  quantity: z.number().int().positive().max(INVENTORY_LIMITS.maxQuantity),
  /** The requesting admin's institution. */
  institution_id: entityIdSchema,
  item_name: z.string().max(200),
  item_sku: z.string().max(100),
  quantity_available: quantity,
});

/** A manager's Notify: notifications e-mails the institution's admins. */
export const inventoryLowStockNotifiedSchema = z.object({
  itemId: entityIdSchema,
  /** The item's institution; null (a global item): every institution's admins. */
  institution_id: entityIdSchema.nullable(),
  item_name: z.string().max(200),
  item_sku: z.string().max(100),
  quantity_available: quantity,
  minimum_threshold: quantity,
});

export const storageLocationSnapshotSchema = z.object({
  storageLocationId: entityIdSchema,
  name: z.string().min(1).max(200),
  description: z.string().max(2000).nullable(),
  active: z.boolean(),
  sort_order: z.number().int().min(0),
});
export type StorageLocationSnapshot = z.infer<typeof storageLocationSnapshotSchema>;

export const INVENTORY_EVENT_SCHEMAS = {
  InventoryItemCreated: inventoryItemCreatedSchema,
  InventoryItemUpdated: inventoryItemDescriptionSchema,
  InventoryStockAdjusted: inventoryStockAdjustedSchema,
  InventoryStockReserved: inventoryStockReservedSchema,
  InventoryStockReleased: inventoryStockReleasedSchema,
  InventoryStockConsumed: inventoryStockConsumedSchema,
  InventoryReservationRefused: inventoryReservationRefusedSchema,
  InventoryLowStockReached: inventoryLowStockReachedSchema,
  InventoryStockRequested: inventoryStockRequestedSchema,
  InventoryLowStockNotified: inventoryLowStockNotifiedSchema,
  StorageLocationCreated: storageLocationSnapshotSchema,
  StorageLocationUpdated: storageLocationSnapshotSchema,
  StorageLocationDeleted: z.object({ storageLocationId: entityIdSchema }),
} as const satisfies EventSchemaMap;

export type InventoryEventType = keyof typeof INVENTORY_EVENT_SCHEMAS;
export type InventoryEventData<T extends InventoryEventType> = z.infer<(typeof INVENTORY_EVENT_SCHEMAS)[T]>;

/** The subjects an inventory item's events travel on (its description and its stock). */
export const INVENTORY_ITEM_SUBJECTS = ['lab.inventory.inventoryItem.>'] as const;
