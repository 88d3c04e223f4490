import { z } from 'zod';
import { EXTERNAL_LAB_PROVIDERS, EXTERNAL_LAB_STATUSES } from '../external-lab';
import { entityIdSchema } from '../http/fields';
import type { EventSchemaMap } from './envelope';
import { RESULTS_EVENT_SCHEMAS } from './results';

/**
 * The external laboratory's order of a result (issue 27): stream `externalOrder-{resultId}` of the results service,
 * one per result (a test request has one result). Every call to the laboratory and every change of the order's
 * status is an event here, so the panel's timeline is read from this stream. The results themselves go into the
 * result's own stream as a `ResultUpdated` of its draft (entered by the system); what was refused is reported here
 * and stored nowhere else. Each event carries the result's tenant and test request, the provider and the status it
 * leaves the order in; who acted and when are the envelope's actor (the system for the background poll) and time.
 */
const status = z.enum(EXTERNAL_LAB_STATUSES);

const orderOf = {
  resultId: entityIdSchema,
  test_request_id: entityIdSchema,
  institution_id: entityIdSchema,
  provider: z.enum(EXTERNAL_LAB_PROVIDERS),
  previous_status: status,
  status,
};

/** A marker as it went to the laboratory. */
export const externalOrderMarkerSchema = z.object({
  marker_id: entityIdSchema,
  loinc: z.string().max(20),
  unit_ucum: z.string().max(100).nullable(),
});

/** The laboratory took the order (its id, the barcode it goes under, the markers asked for). */
export const externalOrderSubmittedSchema = z.object({
  ...orderOf,
  external_lab_id: z.string().min(1).max(200),
  barcode: z.string().min(1).max(100),
  markers: z.array(externalOrderMarkerSchema),
});

/** A call failed: the laboratory down or refusing; `retryable` when a new submission may help. */
export const externalOrderFailedSchema = z.object({
  ...orderOf,
  external_lab_id: z.string().max(200).nullable(),
  reason: z.string().min(1).max(2000),
  retryable: z.boolean(),
});

/** The laboratory moved the order (sample received, complete, or failed with its reason). */
export const externalOrderStatusChangedSchema = z.object({
  ...orderOf,
  external_lab_id: z.string().min(1).max(200),
  reason: z.string().max(2000).nullable(),
});

/** A sync (POST /results/{id}/sync-status) that found the order where it was. */
export const externalOrderSyncedSchema = z.object({
  ...orderOf,
  external_lab_id: z.string().min(1).max(200),
});

/** A value taken into the result. */
export const externalAcceptedValueSchema = z.object({
  marker_id: entityIdSchema,
  loinc: z.string().max(20),
  name: z.string().max(200),
  value: z.string().max(200),
  unit: z.string().max(100).nullable(),
});

/** A value the laboratory sent that Labline refused (a marker not ordered, a wrong unit): reported, not stored. */
export const externalRefusedValueSchema = z.object({
  loinc: z.string().max(100),
  name: z.string().max(200),
  reason: z.string().max(500),
});

/** The laboratory's results came in: what went into the result's draft and what was refused. */
export const externalResultsReceivedSchema = z.object({
  ...orderOf,
  external_lab_id: z.string().min(1).max(200),
  issued_at: z.string().max(40),
  accepted: z.array(externalAcceptedValueSchema),
  refused: z.array(externalRefusedValueSchema),
});

export const EXTERNAL_ORDER_EVENT_SCHEMAS = {
  ExternalOrderSubmitted: externalOrderSubmittedSchema,
  ExternalOrderFailed: externalOrderFailedSchema,
  ExternalOrderStatusChanged: externalOrderStatusChangedSchema,
  ExternalOrderSynced: externalOrderSyncedSchema,
  ExternalResultsReceived: externalResultsReceivedSchema,
} as const satisfies EventSchemaMap;

/** The subjects an external order's events travel on. */
export const EXTERNAL_ORDER_SUBJECTS = ['lab.results.externalOrder.>'] as const;

export type ExternalOrderEventType = keyof typeof EXTERNAL_ORDER_EVENT_SCHEMAS;
export type ExternalOrderEventData<T extends ExternalOrderEventType> = z.infer<
  (typeof EXTERNAL_ORDER_EVENT_SCHEMAS)[T]
>;
export type ExternalAcceptedValue = z.infer<typeof externalAcceptedValueSchema>;
export type ExternalRefusedValue = z.infer<typeof externalRefusedValueSchema>;

/** Everything the results service appends: its results' events and their external orders'. */
export const RESULTS_SERVICE_EVENT_SCHEMAS = {
  ...RESULTS_EVENT_SCHEMAS,
  ...EXTERNAL_ORDER_EVENT_SCHEMAS,
} as const satisfies EventSchemaMap;
