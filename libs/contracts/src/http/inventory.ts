/**
 * The inventory service's HTTP contract (spec 2 §7 Inventory; spec 3 §7 storage locations): the list with its
 * filters and summary, the item with its recent fulfillment requests (and `as_of`, issue 24 item 5), the form's
 * body, adjust, notify and request, the item's movements, and the storage locations' lookup.
 */
import { z } from 'zod';
import { INVENTORY_CATEGORIES, INVENTORY_ERRORS, INVENTORY_LIMITS, STOCK_LEVELS } from '../inventory';
import { pageQuerySchema, paginationSchema } from './common';
import {
  calendarDateSchema,
  entityIdSchema,
  optionalText,
  positiveIntegerText,
  queryBooleanSchema,
  requestObject,
  requiredText,
  safeText,
} from './fields';

const quantityField = (name: string) =>
  z
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} cannot be negative`)
    .max(INVENTORY_LIMITS.maxQuantity, INVENTORY_ERRORS.aboveMaximum);

/** A form date: empty or null is none; a calendar date or an ISO timestamp, kept as an ISO timestamp (UTC). */
const formDate = z
  .union([z.literal(''), z.null(), z.iso.date(), z.iso.datetime({ offset: true })], {
    message: 'must be a date (YYYY-MM-DD) or an ISO timestamp',
  })
  .optional()
  .transform((value) => (value ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString() : null));

/** POST /inventory and PUT /inventory/{id} (spec 2 §7, §5). */
export const inventoryItemBodySchema = requestObject({
  item_name: requiredText(200),
  item_sku: requiredText(100),
  item_description: optionalText(2000, { multiline: true }),
  category: z
    .union([z.literal(''), z.null(), z.enum(INVENTORY_CATEGORIES)], {
      message: `must be one of ${INVENTORY_CATEGORIES.join(', ')}`,
    })
    .optional()
    .transform((value) => (value ? value : null)),
  quantity_available: quantityField('Current Quantity'),
  minimum_threshold: quantityField('Minimum Threshold').default(INVENTORY_LIMITS.defaultMinimumThreshold),
  location: optionalText(200),
  po_number: requiredText(100),
  purchase_date: formDate,
  received_date: formDate,
  /** super_admin chooses (null: Global); others' items belong to their own institution, whatever is sent. */
  institution_id: entityIdSchema.nullish().transform((value) => value ?? null),
});
export type InventoryItemBody = z.input<typeof inventoryItemBodySchema>;
export type InventoryItemInput = z.output<typeof inventoryItemBodySchema>;

/** POST /inventory/{id}/adjust: a signed whole number, never 0, and a reason. */
export const adjustmentBodySchema = requestObject({
  adjustment: z
    .number({ message: INVENTORY_ERRORS.adjustmentZero })
    .int(INVENTORY_ERRORS.adjustmentZero)
    .refine((value) => value !== 0, INVENTORY_ERRORS.adjustmentZero)
    .refine((value) => Math.abs(value) <= INVENTORY_LIMITS.maxQuantity, INVENTORY_ERRORS.aboveMaximum),
  reason: safeText(500).refine((value) => value.trim() !== '', INVENTORY_ERRORS.reasonRequired),
});
export type AdjustmentBody = z.input<typeof adjustmentBodySchema>;

/** POST /inventory/{id}/request: the Quantity Required (at least 1). */
export const stockRequestBodySchema = requestObject({
  quantity: z
    .number({ message: 'Quantity Required must be a whole number' })
    .int('Quantity Required must be a whole number')
    .min(1, 'Quantity Required must be at least 1')
    .max(INVENTORY_LIMITS.maxQuantity, INVENTORY_ERRORS.aboveMaximum),
});

/** The notify and request answers. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** GET /inventory (spec 2 §7): page, category, location, low_stock, limit (the server's page size by default). */
export const inventoryListQuerySchema = pageQuerySchema.extend({
  limit: positiveIntegerText(100).default(INVENTORY_LIMITS.pageSize),
  category: safeText(100).optional(),
  location: safeText(200).optional(),
  low_stock: queryBooleanSchema.optional(),
  search: safeText(100).optional(),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuerySchema>;

/** A fulfillment request as the item's detail lists it (filled once fulfillment exists). */
export const itemFulfillmentRequestSchema = z.object({
  id: z.number().int(),
  patient_name: z.string().nullable(),
  quantity: z.number().int(),
  status: z.string(),
  assigned_to_name: z.string().nullable(),
  created_at: z.string(),
});

/** spec 2 §3 inventory item, as the service answers it. */
export const inventoryItemSchema = z.object({
  id: z.number().int(),
  item_name: z.string(),
  item_sku: z.string(),
  item_description: z.string().nullable(),
  category: z.string().nullable(),
  quantity_available: z.number().int(),
  quantity_reserved: z.number().int(),
  minimum_threshold: z.number().int(),
  /** The stock badge (spec 2 §4), from the figures above. */
  stock_level: z.enum(STOCK_LEVELS),
  location: z.string().nullable(),
  po_number: z.string(),
  purchase_date: z.string().nullable(),
  received_date: z.string().nullable(),
  institution_id: z.number().int().nullable(),
  institution_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryItemDetailSchema = inventoryItemSchema.extend({
  recent_fulfillment_requests: z.array(itemFulfillmentRequestSchema),
  /** The day the figures stand at (as_of), or null: now. */
  as_of: z.string().nullable(),
});
export type InventoryItemDetail = z.infer<typeof inventoryItemDetailSchema>;

/** GET /inventory/{id}?as_of=YYYY-MM-DD: the stock as it stood at the end of that day (UTC). */
export const inventoryItemQuerySchema = requestObject({ as_of: calendarDateSchema.optional() });

/** spec 2 §2.1's four cards, over every item the filters match (not just the page). */
export const inventorySummarySchema = z.object({
  total_items: z.number().int(),
  low_stock: z.number().int(),
  reserved: z.number().int(),
  /** The sum of (available − reserved). */
  available: z.number().int(),
});

export const inventoryListSchema = z.object({
  inventory: z.array(inventoryItemSchema),
  pagination: paginationSchema,
  summary: inventorySummarySchema,
  /** Items at or below their threshold within the caller's scope (the Low Stock Alerts panel), at most 20. */
  low_stock_alerts: z.array(inventoryItemSchema),
});
export type InventoryList = z.infer<typeof inventoryListSchema>;

/** One movement of an item's stock (the History tab): who, why, the signed amount and the balance after it. */
export const stockMovementSchema = z.object({
  event_id: z.string(),
  type: z.enum(['created', 'adjusted', 'reserved', 'released', 'consumed']),
  /** Signed change of available (reservations change reserved: 0 here, `reserved_change` says by how much). */
  available_change: z.number().int(),
  reserved_change: z.number().int(),
  quantity_available: z.number().int(),
  quantity_reserved: z.number().int(),
  reason: z.string().nullable(),
  fulfillment_request_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  occurred_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementListSchema = z.object({
  movements: z.array(stockMovementSchema),
  pagination: paginationSchema,
});

/** spec 3 §3 storage location. */
export const storageLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.string(),
});
export type StorageLocation = z.infer<typeof storageLocationSchema>;
export const storageLocationListSchema = z.array(storageLocationSchema);

export const storageLocationQuerySchema = requestObject({ active: queryBooleanSchema.optional() });

const sortOrder = z
  .number({ message: 'sort_order must be a whole number' })
  .int('sort_order must be a whole number')
  .min(0, 'sort_order must be at least 0');

/** POST /cms/storage-locations (spec 3 §5: name required, sort_order an integer ≥ 0, default 0). */
export const storageLocationBodySchema = requestObject({
  name: requiredText(200),
  description: optionalText(2000),
  active: z.boolean().default(true),
  sort_order: sortOrder.default(0),
});
export type StorageLocationInput = z.output<typeof storageLocationBodySchema>;

/** PUT /cms/storage-locations/{id}: the fields sent change (the status badge's toggle sends only `active`). */
export const storageLocationUpdateBodySchema = requestObject({
  name: requiredText(200).optional(),
  description: optionalText(2000).optional(),
  active: z.boolean().optional(),
  sort_order: sortOrder.optional(),
});
export type StorageLocationUpdate = z.output<typeof storageLocationUpdateBodySchema>;
