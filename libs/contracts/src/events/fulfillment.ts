import { z } from 'zod';
import { entityIdSchema } from '../http/fields';
import { FULFILLMENT_LIMITS, FULFILLMENT_STATUSES } from '../fulfillment';
import type { EventSchemaMap } from './envelope';

/**
 * Fulfillment events (issue 25). A FulfillmentRequest (stream `fulfillmentRequest-{id}`) ships one kit of an
 * inventory item to a test request's patient. Requested carries what the request is for, whole, so that a consumer
 * (inventory's reservation, the read models, notifications) never needs another service's state; every later event
 * carries the status it leaves the request in, so the list and the trail fold without a lookup.
 */
const status = z.enum(FULFILLMENT_STATUSES);
const notes = z.string().max(FULFILLMENT_LIMITS.notesMaxLength).nullable();

export const fulfillmentRequestedSchema = z.object({
  fulfillmentRequestId: entityIdSchema,
  test_request_id: entityIdSchema,
  /** The test request's institution: the tenant the request belongs to. */
  institution_id: entityIdSchema,
  patient_id: entityIdSchema,
  inventory_item_id: entityIdSchema,
  quantity_requested: z.number().int().positive().max(FULFILLMENT_LIMITS.maxQuantity),
  priority: z.enum(['normal', 'urgent', 'stat']),
  /** The test request's partner (a fulfillment agent), assigned from the start; null until someone is assigned. */
  assigned_to: entityIdSchema.nullable(),
  notes,
  /** Set on a replacement: the cancelled request it replaces. */
  replaces_request_id: entityIdSchema.nullable(),
});

/** pending → assigned (Mark as Assigned, Assign to Me). */
export const fulfillmentAssignedSchema = z.object({
  fulfillmentRequestId: entityIdSchema,
  assigned_to: entityIdSchema,
  status,
});

/** pending or assigned → dispatched, with the carrier's tracking number (and the kit's barcode when scanned). */
export const fulfillmentDispatchedSchema = z.object({
  fulfillmentRequestId: entityIdSchema,
  tracking_number: z.string().trim().min(1).max(FULFILLMENT_LIMITS.trackingNumberMaxLength),
  barcode_number: z.string().max(100).nullable(),
  notes,
  status,
});

/** dispatched → delivered; cancelled (from any open status); cancelled → pending (Reopen). */
export const fulfillmentStatusNoteSchema = z.object({
  fulfillmentRequestId: entityIdSchema,
  /** The status before the move (a cancel releases stock only if it was not dispatched). */
  previous_status: status,
  notes,
  status,
});

export const FULFILLMENT_EVENT_SCHEMAS = {
  FulfillmentRequested: fulfillmentRequestedSchema,
  FulfillmentAssigned: fulfillmentAssignedSchema,
  FulfillmentDispatched: fulfillmentDispatchedSchema,
  FulfillmentDelivered: fulfillmentStatusNoteSchema,
  FulfillmentCancelled: fulfillmentStatusNoteSchema,
  FulfillmentReopened: fulfillmentStatusNoteSchema,
} as const satisfies EventSchemaMap;

/** The subjects a fulfillment request's events travel on. */
export const FULFILLMENT_REQUEST_SUBJECTS = ['lab.fulfillment.fulfillmentRequest.>'] as const;

export type FulfillmentEventType = keyof typeof FULFILLMENT_EVENT_SCHEMAS;
export type FulfillmentEventData<T extends FulfillmentEventType> = z.infer<(typeof FULFILLMENT_EVENT_SCHEMAS)[T]>;
