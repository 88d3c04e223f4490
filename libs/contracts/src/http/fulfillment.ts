/**
 * The fulfillment service's HTTP contract (spec 2 §7 Fulfillment, §3 Fulfillment request): the list with its
 * filters, one request with its patient, a status change (the one PUT every row action and the Update Status menu
 * make), assign, and the replacement request.
 */
import { z } from 'zod';
import { FULFILLMENT_LIMITS, FULFILLMENT_STATUSES, FULFILLMENT_STOCK_MOVEMENT_TYPES } from '../fulfillment';
import { TEST_REQUEST_PRIORITIES } from '../test-requests';
import { pageQuerySchema, paginationSchema } from './common';
import {
  calendarDateSchema,
  entityIdSchema,
  optionalText,
  positiveIntegerText,
  queryBooleanSchema,
  requestObject,
  safeText,
} from './fields';

const statusField = z.enum(FULFILLMENT_STATUSES, { message: `must be one of ${FULFILLMENT_STATUSES.join(', ')}` });
const priorityField = z.enum(TEST_REQUEST_PRIORITIES, {
  message: `must be one of ${TEST_REQUEST_PRIORITIES.join(', ')}`,
});
const notesField = optionalText(FULFILLMENT_LIMITS.notesMaxLength, { multiline: true });

/** GET /fulfillment (spec 2 §7): page, search, status, assigned_to_me, priority, date_from, date_to, limit=20. */
export const fulfillmentListQuerySchema = pageQuerySchema.extend({
  limit: positiveIntegerText(100).default(FULFILLMENT_LIMITS.pageSize),
  /** Over patient name, barcode (the kit's or the test request's), test request id (REQ-000123 or 123), item SKU. */
  search: safeText(100).optional(),
  status: statusField.optional(),
  priority: priorityField.optional(),
  assigned_to_me: queryBooleanSchema.optional(),
  /** Requested on or after this day, on or before that one (UTC calendar days). */
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type FulfillmentListQuery = z.infer<typeof fulfillmentListQuerySchema>;

/** PUT /fulfillment/{id}/status: the target status; a tracking number to dispatch; the kit's barcode from detail. */
export const fulfillmentStatusBodySchema = requestObject({
  status: statusField,
  tracking_number: optionalText(FULFILLMENT_LIMITS.trackingNumberMaxLength),
  notes: notesField,
  barcodeNumber: optionalText(100),
});
export type FulfillmentStatusBody = z.input<typeof fulfillmentStatusBodySchema>;
export type FulfillmentStatusInput = z.output<typeof fulfillmentStatusBodySchema>;

/** POST /fulfillment/{id}/assign: the user (a fulfillment manager) to assign. */
export const fulfillmentAssignBodySchema = requestObject({ assigned_to: entityIdSchema });

/** POST /fulfillment: a replacement for a test request whose fulfillment request was cancelled. */
export const fulfillmentCreateBodySchema = requestObject({
  test_request_id: entityIdSchema,
  inventory_item_id: entityIdSchema,
  quantity_requested: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(FULFILLMENT_LIMITS.maxQuantity, `must be at most ${FULFILLMENT_LIMITS.maxQuantity}`)
    .default(1),
  notes: notesField,
});
export type FulfillmentCreateBody = z.input<typeof fulfillmentCreateBodySchema>;
export type FulfillmentCreateInput = z.output<typeof fulfillmentCreateBodySchema>;

/** spec 2 §3 Fulfillment request, as the list shows it (with the display ids). */
export const fulfillmentRequestSchema = z.object({
  id: z.number().int(),
  /** FUL- plus 6 digits. */
  display_id: z.string(),
  test_request_id: z.number().int(),
  /** REQ- plus 6 digits. */
  test_request_display_id: z.string(),
  /** The test request's barcode (its specimen label), when fulfillment has heard of it. */
  test_request_barcode: z.string().nullable(),
  inventory_item_id: z.number().int(),
  quantity_requested: z.number().int(),
  status: statusField,
  priority: priorityField,
  tracking_number: z.string().nullable(),
  /** The kit's barcode, scanned at dispatch. */
  barcode_number: z.string().nullable(),
  notes: z.string().nullable(),
  dispatch_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  assigned_to: z.number().int().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_to_lastname: z.string().nullable(),
  item_name: z.string().nullable(),
  item_sku: z.string().nullable(),
  item_description: z.string().nullable(),
  location: z.string().nullable(),
  patient_id: z.number().int(),
  patient_first_name: z.string().nullable(),
  patient_last_name: z.string().nullable(),
  medical_record_number: z.string().nullable(),
  institution_id: z.number().int(),
  institution_name: z.string().nullable(),
  /** The cancelled request this one replaces, or null. */
  replaces_request_id: z.number().int().nullable(),
  /**
   * Why inventory refused to reserve the kit (InventoryReservationRefused), while the request still waits for it
   * (pending or assigned) and nothing reserved it since; null otherwise.
   */
  reservation_refused_reason: z.string().nullable(),
});
export type FulfillmentRequestRow = z.infer<typeof fulfillmentRequestSchema>;

/** spec 2 §3's nested patient object (the detail's Patient Information card and the shipping address). */
export const fulfillmentPatientSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  street_address_1: z.string().nullable(),
  street_address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});

/** One of inventory's movements of the request's kit (issue 25 item 5), oldest first on the detail. */
export const fulfillmentStockMovementSchema = z.object({
  type: z.enum(FULFILLMENT_STOCK_MOVEMENT_TYPES),
  /** The inventory item whose stock moved (/inventory/{id}). */
  item_id: z.number().int(),
  quantity: z.number().int(),
  /** A refusal's reason; null for a movement. */
  reason: z.string().nullable(),
  occurred_at: z.string(),
});
export type FulfillmentStockMovement = z.infer<typeof fulfillmentStockMovementSchema>;

export const fulfillmentRequestDetailSchema = fulfillmentRequestSchema.extend({
  /** Null while clinical's patient has not reached fulfillment. */
  patient: fulfillmentPatientSchema.nullable(),
  /** What inventory did with the kit, as far as fulfillment has heard. */
  stock_movements: z.array(fulfillmentStockMovementSchema),
});
export type FulfillmentRequestDetail = z.infer<typeof fulfillmentRequestDetailSchema>;

export const fulfillmentListSchema = z.object({
  requests: z.array(fulfillmentRequestSchema),
  pagination: paginationSchema,
});
export type FulfillmentList = z.infer<typeof fulfillmentListSchema>;
