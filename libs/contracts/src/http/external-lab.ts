/**
 * The external laboratory's HTTP contract (spec 1 §7 "Results and external lab", §3 "External API status of a
 * result"): a result created for the laboratory, its API status with the timeline, a sync, and the provider's
 * submit-order and fetch-results by test request.
 */
import { z } from 'zod';
import { externalAcceptedValueSchema, externalRefusedValueSchema } from '../events/external-orders';
import { EXTERNAL_LAB_PROVIDERS, EXTERNAL_LAB_STATUSES, EXTERNAL_LAB_TIMELINE_STEPS } from '../external-lab';
import { entityIdSchema, idText, requestObject } from './fields';

/** POST /results/create: body test_request_id. */
export const externalResultCreateBodySchema = requestObject({ test_request_id: entityIdSchema });
export type ExternalResultCreateBody = z.input<typeof externalResultCreateBodySchema>;

/** `/external-api/{provider}/…/{testRequestId}`: a provider Labline has, and a test request id in digits. */
export const externalApiParamsSchema = requestObject({
  provider: z.enum(EXTERNAL_LAB_PROVIDERS, {
    message: `must be one of ${EXTERNAL_LAB_PROVIDERS.join(', ')}`,
  }),
  testRequestId: idText,
});

/** A step of the panel's timeline (spec 1 §4's order), with when it happened (null: not yet). */
export const externalTimelineEntrySchema = z.object({
  step: z.enum(EXTERNAL_LAB_TIMELINE_STEPS),
  label: z.string(),
  at: z.string().nullable(),
});

/** One event of the order's stream, as the panel's history lists it. */
export const externalOrderEventSchema = z.object({
  type: z.string(),
  status: z.enum(EXTERNAL_LAB_STATUSES),
  at: z.string(),
  /** Why, for a failure; null otherwise. */
  reason: z.string().nullable(),
});

/** spec 1 §3 "External API status of a result", and what the panel shows beside it. */
export const externalApiStatusSchema = z.object({
  result_id: z.number().int(),
  test_request_id: z.number().int(),
  api_enabled: z.boolean(),
  external_api_status: z.enum(EXTERNAL_LAB_STATUSES),
  external_lab_id: z.string().nullable(),
  provider: z.enum(EXTERNAL_LAB_PROVIDERS).nullable(),
  api_order_submitted_at: z.string().nullable(),
  api_results_received_at: z.string().nullable(),
  has_external_data: z.boolean(),
  last_sync: z.string().nullable(),
  can_submit: z.boolean(),
  can_fetch_results: z.boolean(),
  barcode_number: z.string().nullable(),
  /** The last failure's reason, while the order is failed. */
  failure_reason: z.string().nullable(),
  /** spec 1 §4's timeline, read from the order's stream. */
  timeline: z.array(externalTimelineEntrySchema),
  events: z.array(externalOrderEventSchema),
  /** What the results brought: the values taken into the draft, and those refused (reported, not stored). */
  accepted: z.array(externalAcceptedValueSchema),
  refused: z.array(externalRefusedValueSchema),
});
export type ExternalApiStatus = z.infer<typeof externalApiStatusSchema>;

/** GET /results/{id}/api-status and POST /results/{id}/sync-status. */
export const externalApiStatusResponseSchema = z.object({ api_status: externalApiStatusSchema });

/** POST /external-api/{provider}/submit-order|fetch-results/{testRequestId}: spec 1 §7's success (and error). */
export const externalApiCallResponseSchema = z.object({
  success: z.boolean(),
  /** Why a call changed nothing (no results yet), or null. */
  message: z.string().nullable(),
  api_status: externalApiStatusSchema,
});
export type ExternalApiCallResponse = z.infer<typeof externalApiCallResponseSchema>;
