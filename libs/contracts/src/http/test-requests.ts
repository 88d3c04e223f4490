/**
 * Test requests' HTTP contract (spec 1 §3, §7), served by the clinical service at `/tests/requests`. The order
 * form posts one request per test; its list fields (marker_ids, collection_device_ids, device_selections)
 * arrive as JSON text (spec 1 §7) or as JSON arrays, and are parsed and checked here, each error naming its
 * field. Missing choices are refused by the service with the order form's own messages (spec 1 §5).
 */
import { z } from 'zod';
import {
  customDataSchema,
  deviceSelectionSchema,
  NOTIFICATION_REMINDER_TYPES,
  testRequestPrioritySchema,
  testRequestStatusSchema,
} from '../events/test-requests';
import { DELIVERY_STATUSES } from '../notifications';
import { DEFAULT_TEST_TYPE_ID, expectedTestDateTime, TEST_REQUEST_PAGE_SIZE } from '../test-requests';
import { paginationSchema, pageQuerySchema } from './common';
import {
  entityIdSchema,
  optionalText,
  positiveIntegerText,
  queryBooleanSchema,
  requestObject,
  safeText,
  searchText,
} from './fields';
import { chosenId } from './lab-assignments';

export const TEST_REQUEST_FIELD_LIMITS = {
  sampleType: 200,
  barcode: 100,
  department: 200,
  cmsLookup: 200,
  notes: 5000,
  message: 2000,
  markers: 100,
  devices: 10,
} as const;

/**
 * A field the form sends as JSON text or as the value itself; '' and null mean `empty`. Text that is not JSON is
 * refused naming the field ("marker_ids: must be JSON text of a list, e.g. [1, 2]").
 */
const jsonText = <Out extends z.ZodType>(schema: Out, empty: unknown, what: string) =>
  z
    .unknown()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === null || value === '') return empty;
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `must be JSON text of ${what}` });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** A list field (spec 1 §7: marker_ids, collection_device_ids, device_selections) as JSON text or a list. */
export const jsonTextList = <Item extends z.ZodType>(item: Item, max: number) =>
  jsonText(z.array(item).max(max, `must list at most ${max}`), [], 'a list, e.g. [1, 2]');

/** custom_data: an object of named values, or JSON text of one; empty means none. */
const customData = jsonText(customDataSchema.nullable(), null, 'an object');

/** An expected date: a calendar date (the form's time is fixed at 12:00 UTC) or an ISO date-time. */
const expectedDateTime = z
  .union([z.literal(''), z.null(), z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
  })
  .optional()
  .transform((value) => {
    if (!value) return null;
    return value.length === 10 ? expectedTestDateTime(value) : new Date(value).toISOString();
  });

const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
  .optional()
  .transform((value) => value === true || value === 'true');

/** An enum field whose empty choice ('' or absent) means its default. */
const choice = <T extends z.ZodEnum>(values: T) =>
  z
    .union([z.literal(''), values])
    .optional()
    .transform((value) => (value ? value : undefined));

/** The form's device selection: the service recomputes the name and volumes from the catalogue. */
const deviceSelectionInput = z.object({
  device_id: entityIdSchema,
  device_name: z.string().max(200).optional(),
  quantity: z.number().int().positive(),
  required_volume: z.number().nonnegative().optional(),
  total_capacity: z.number().nonnegative().optional(),
});

/** POST /tests/requests and PUT /tests/requests/{id} (spec 1 §7). */
export const testRequestBodySchema = requestObject({
  patient_id: chosenId,
  test_type_id: entityIdSchema.optional().default(DEFAULT_TEST_TYPE_ID),
  priority: choice(testRequestPrioritySchema).transform((value) => value ?? 'normal'),
  /** The sample type by name (the form's) or by id. */
  sample_type: optionalText(TEST_REQUEST_FIELD_LIMITS.sampleType),
  sample_type_id: chosenId,
  panel_id: chosenId,
  marker_ids: jsonTextList(entityIdSchema, TEST_REQUEST_FIELD_LIMITS.markers),
  collection_device_ids: jsonTextList(entityIdSchema, TEST_REQUEST_FIELD_LIMITS.devices),
  device_selections: jsonTextList(deviceSelectionInput, TEST_REQUEST_FIELD_LIMITS.devices),
  department: optionalText(TEST_REQUEST_FIELD_LIMITS.department),
  cms_priority: optionalText(TEST_REQUEST_FIELD_LIMITS.cmsLookup),
  cms_status: optionalText(TEST_REQUEST_FIELD_LIMITS.cmsLookup),
  notes: optionalText(TEST_REQUEST_FIELD_LIMITS.notes, { multiline: true }),
  custom_data: customData,
  barcode_number: optionalText(TEST_REQUEST_FIELD_LIMITS.barcode),
  expected_test_datetime: expectedDateTime,
  institution_id: chosenId,
  fulfillment_by_partner: booleanField,
  fulfillment_partner_id: chosenId,
  clinician_id: chosenId,
  lab_id: chosenId,
});
export type TestRequestBody = z.input<typeof testRequestBodySchema>;
export type TestRequestInput = z.output<typeof testRequestBodySchema>;

/** A message to the patient as typed in the notification dialog. */
const patientMessageText = safeText(TEST_REQUEST_FIELD_LIMITS.message, { multiline: true }).nullish();

/**
 * PUT /tests/requests/{id}/status. To cancelled, `custom_message` is the text of spec 1 §4's mandatory
 * notification step: the patient is sent it instead of the default wording, by the cancellation itself (one
 * command: a refused cancel sends nothing). Absent or null, the default wording goes; another status takes none.
 */
export const testRequestStatusBodySchema = requestObject({
  status: testRequestStatusSchema,
  custom_message: patientMessageText,
});

/** POST /tests/requests/{id}/send-reminder: the message is required ("Please enter a message"). */
export const sendReminderBodySchema = requestObject({
  reminder_type: z.enum(NOTIFICATION_REMINDER_TYPES),
  custom_message: patientMessageText,
});
export type SendReminderInput = z.output<typeof sendReminderBodySchema>;

/** GET /tests/requests: newest first; search over REQ id, patient name, MRN, test name and barcode. */
export const testRequestListQuerySchema = pageQuerySchema.extend({
  limit: positiveIntegerText(100).default(TEST_REQUEST_PAGE_SIZE),
  status: choice(testRequestStatusSchema),
  priority: choice(testRequestPrioritySchema),
  search: searchText,
  /** true: the archived requests (for those who may archive, issue 22's Archived filter); else the others. */
  archived: queryBooleanSchema.optional(),
});
export type TestRequestListQuery = z.infer<typeof testRequestListQuerySchema>;

// --------------------------------------------------------------------------------------------- responses

/** The test request of spec 1 §3 as the clinical service answers it (list rows and the detail). */
export const testRequestSchema = z.object({
  id: z.number().int(),
  /** REQ- and six digits (formatRequestId). */
  display_id: z.string(),
  patient_id: z.number().int(),
  patient_first_name: z.string().nullable(),
  patient_last_name: z.string().nullable(),
  medical_record_number: z.string().nullable(),
  patient_email: z.string().nullable(),
  patient_phone: z.string().nullable(),
  test_name: z.string(),
  /** The sample type's name. */
  category: z.string(),
  priority: testRequestPrioritySchema,
  status: testRequestStatusSchema,
  requested_by: z.number().int().nullable(),
  requested_by_name: z.string().nullable(),
  requested_by_lastname: z.string().nullable(),
  clinician_id: z.number().int().nullable(),
  clinician_name: z.string().nullable(),
  /** The clinician the patient is assigned to: a clinician may act on their patients' requests too. */
  patient_clinician_id: z.number().int().nullable(),
  institution_id: z.number().int(),
  institution_name: z.string().nullable(),
  requested_at: z.string(),
  updated_at: z.string(),
  expected_test_datetime: z.string().nullable(),
  test_type_id: z.number().int(),
  sample_type: z.string(),
  sample_type_id: z.number().int(),
  panel_id: z.number().int().nullable(),
  marker_ids: z.array(z.number().int()),
  collection_device_ids: z.array(z.number().int()),
  device_selections: z.array(deviceSelectionSchema),
  department: z.string().nullable(),
  cms_priority: z.string().nullable(),
  cms_status: z.string().nullable(),
  barcode_number: z.string(),
  notes: z.string().nullable(),
  custom_data: customDataSchema.nullable(),
  lab_id: z.number().int(),
  lab_name: z.string().nullable(),
  fulfillment_by_partner: z.boolean(),
  fulfillment_partner_id: z.number().int().nullable(),
  /** The partner's name. */
  fulfillment_agent: z.string().nullable(),
  /** Archived (DELETE): off the default list, read-only, shown only to those who may archive and restore it. */
  archived: z.boolean(),
});
export type TestRequest = z.infer<typeof testRequestSchema>;

/** spec 1 §3 Test result as a request shows it, from the results service's events (external fields: issue 27). */
export const testRequestResultSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  result_data: z.unknown(),
  interpretation: z.string().nullable(),
  entered_by_name: z.string().nullable(),
  entered_by_lastname: z.string().nullable(),
  entered_at: z.string().nullable(),
  external_api_status: z.string().nullable(),
  external_lab_id: z.string().nullable(),
  api_order_submitted_at: z.string().nullable(),
  api_results_received_at: z.string().nullable(),
  has_external_results: z.boolean(),
});

/** spec 1 §3 Fulfillment request as a request shows it (the fulfillment service's, once it exists). */
export const testRequestFulfillmentSchema = z.object({
  id: z.number().int(),
  item_name: z.string(),
  item_sku: z.string().nullable(),
  quantity_requested: z.number().int(),
  status: z.string(),
  assigned_to_name: z.string().nullable(),
  assigned_to_lastname: z.string().nullable(),
  created_at: z.string(),
});

/**
 * spec 1 §3 Notification log: a message the notifications service sent about the request, as clinical projects
 * its events. `id` is the notification's (its entry in the CMS notification log); `sent_at` is when the
 * provider took it, or when it was requested while it has not been sent; `error_message` is why it failed (or
 * why its last attempt did, while it is retried, or why it was skipped); `triggered_by_name` is the user's "First Last" (null for the
 * system).
 */
export const testRequestNotificationLogSchema = z.object({
  id: z.number().int(),
  sent_at: z.string(),
  message_type: z.string(),
  notification_type: z.enum(['email', 'sms']),
  recipient_type: z.enum(['patient', 'staff']),
  recipient_email: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  delivery_status: z.enum(DELIVERY_STATUSES),
  error_message: z.string().nullable(),
  triggered_by_type: z.enum(['system', 'manual']),
  triggered_by_name: z.string().nullable(),
});

/**
 * GET /tests/requests/{id}: the request with its markers and devices by name. notification_logs are the
 * notifications service's messages about it, newest first, projected from its events; fulfillment_requests are
 * the kits shipped for it, newest first, projected from fulfillment's and inventory's; test_results its results,
 * newest entered first, projected from the results service's (docs/architecture.md §2).
 */
export const testRequestDetailSchema = testRequestSchema.extend({
  markers: z.array(
    z.object({ id: z.number().int(), name: z.string(), value: z.number().nullable(), units: z.string().nullable() }),
  ),
  collection_devices: z.array(
    z.object({ id: z.number().int(), name: z.string(), max_capacity: z.number().int().nullable() }),
  ),
  panel_name: z.string().nullable(),
  test_results: z.array(testRequestResultSchema),
  fulfillment_requests: z.array(testRequestFulfillmentSchema),
  notification_logs: z.array(testRequestNotificationLogSchema),
});
export type TestRequestDetail = z.infer<typeof testRequestDetailSchema>;

export const testRequestListResponseSchema = z.object({
  requests: z.array(testRequestSchema),
  pagination: paginationSchema,
});
export type TestRequestListResponse = z.infer<typeof testRequestListResponseSchema>;

/** GET, POST and PUT answer the request as the detail shows it. */
export const testRequestResponseSchema = z.object({ request: testRequestDetailSchema });
export type TestRequestResponse = z.infer<typeof testRequestResponseSchema>;
