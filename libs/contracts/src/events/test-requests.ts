import { z } from 'zod';
import {
  CUSTOM_DATA_LIMITS,
  TEST_REQUEST_PRIORITIES,
  TEST_REQUEST_STATUSES,
  type TestRequestStatus,
} from '../test-requests';
import { entityIdSchema } from '../http/fields';

/**
 * Clinical events of the TestRequest aggregate (stream `testRequest-{id}`). Created and Updated carry the
 * whole order as the decider accepted it (with its derived test name and sample type name), so a consumer
 * (results' request names, fulfillment's kits, notifications' reminders, analytics) never needs an earlier
 * event. The narrower events carry the patient and institution, which every consumer files them under.
 */
export const testRequestStatusSchema = z.enum(TEST_REQUEST_STATUSES);
export const testRequestPrioritySchema = z.enum(TEST_REQUEST_PRIORITIES);

/** spec 1 §7 device_selections: one device, quantity 1 (spec 1 §4). Volumes in µL. */
export const deviceSelectionSchema = z.object({
  device_id: entityIdSchema,
  device_name: z.string().max(200),
  quantity: z.number().int().positive(),
  required_volume: z.number().nonnegative(),
  total_capacity: z.number().nonnegative(),
});
export type DeviceSelection = z.infer<typeof deviceSelectionSchema>;

/** Free-form extra fields of the order form: flat, named values. */
export const customDataSchema = z.record(
  z.string().max(CUSTOM_DATA_LIMITS.name),
  z.union([z.string().max(CUSTOM_DATA_LIMITS.value), z.number(), z.boolean(), z.null()]),
);
export type CustomData = z.infer<typeof customDataSchema>;

const idList = z.array(entityIdSchema);

export const testRequestSnapshotSchema = z.object({
  testRequestId: entityIdSchema,
  patient_id: entityIdSchema,
  institution_id: entityIdSchema,
  /** The ordering clinician. */
  clinician_id: entityIdSchema.nullable(),
  /** Who ordered it; null for the system (the demo seed). */
  requested_by: entityIdSchema.nullable(),
  test_type_id: entityIdSchema,
  priority: testRequestPrioritySchema,
  status: testRequestStatusSchema,
  sample_type_id: entityIdSchema,
  /** The sample type's name when ordered: the request's category. */
  sample_type: z.string().max(200),
  panel_id: entityIdSchema.nullable(),
  /** The markers ordered (a panel's markers when a panel was chosen). */
  marker_ids: idList,
  collection_device_ids: idList,
  device_selections: z.array(deviceSelectionSchema),
  /** The panel's name, or the markers' names joined, when ordered. */
  test_name: z.string().max(2000),
  department: z.string().max(200).nullable(),
  cms_priority: z.string().max(200).nullable(),
  cms_status: z.string().max(200).nullable(),
  notes: z.string().max(5000).nullable(),
  custom_data: customDataSchema.nullable(),
  barcode_number: z.string().max(100),
  /** ISO 8601 (UTC). */
  expected_test_datetime: z.string().nullable(),
  lab_id: entityIdSchema,
  fulfillment_by_partner: z.boolean(),
  fulfillment_partner_id: entityIdSchema.nullable(),
});
export type TestRequestSnapshot = z.infer<typeof testRequestSnapshotSchema>;

const filedUnder = {
  testRequestId: entityIdSchema,
  patient_id: entityIdSchema,
  institution_id: entityIdSchema,
};

export const testRequestStatusChangedSchema = z.object({
  ...filedUnder,
  from: testRequestStatusSchema,
  to: testRequestStatusSchema,
  /**
   * Set when another service's fact moved it rather than a person (docs/architecture.md §2): what happened, as the
   * history shows it ('Kit delivered (FUL-000012)'). Absent on a move made from the form.
   */
  cause: z.string().min(1).max(200).optional(),
});

/** A message to the patient as its sender wrote it (Send Notification's, or the one a cancellation carries). */
const patientMessageSchema = z.string().max(2000);

/**
 * Cancelled (the status to cancelled): notifications tells the patient, once per channel, and fulfillment cancels
 * open shipments. The cancellation and its message are one command (spec 1 §4's mandatory notification step):
 * `custom_message` is the text the canceller wrote, which the patient is sent instead of the default wording;
 * absent when none was given (and in events recorded before cancellations carried one).
 */
export const testRequestCancelledSchema = z.object({
  ...filedUnder,
  from: testRequestStatusSchema,
  custom_message: patientMessageSchema.optional(),
});

/** Archived (spec 1 §7 DELETE): gone from the lists; the stream stays the record. */
export const testRequestArchivedSchema = z.object({ ...filedUnder, status: testRequestStatusSchema });

/** Restored (issue 22: nothing disappears from view): an archived request is back on the lists as it was. */
export const testRequestRestoredSchema = z.object({ ...filedUnder });

/** The status a TestRequestStatusChanged or TestRequestCancelled event leaves its request in. */
export const testRequestStatusAfter = (
  data: z.infer<typeof testRequestStatusChangedSchema> | z.infer<typeof testRequestCancelledSchema>,
): TestRequestStatus => ('to' in data ? data.to : 'cancelled');

/** Send Notification: the notifications service delivers it (to the patient) and logs the outcome. */
export const NOTIFICATION_REMINDER_TYPES = ['custom_notification'] as const;
export const testRequestNotificationRequestedSchema = z.object({
  ...filedUnder,
  reminder_type: z.enum(NOTIFICATION_REMINDER_TYPES),
  custom_message: patientMessageSchema,
});

export const TEST_REQUEST_EVENT_SCHEMAS = {
  TestRequestCreated: testRequestSnapshotSchema,
  TestRequestUpdated: testRequestSnapshotSchema,
  TestRequestStatusChanged: testRequestStatusChangedSchema,
  TestRequestCancelled: testRequestCancelledSchema,
  TestRequestArchived: testRequestArchivedSchema,
  TestRequestRestored: testRequestRestoredSchema,
  TestRequestNotificationRequested: testRequestNotificationRequestedSchema,
} as const;

/**
 * The test-request summary other services keep of clinical's requests (whose patient and institution, what test,
 * when expected, its status, whether archived): the subjects it reads and the events that change it. Identity
 * counts requests per institution with it, notifications plans reminders and addresses messages with it.
 */
export const TEST_REQUEST_SUBJECTS = ['lab.clinical.testRequest.>'] as const;
export const TEST_REQUEST_SUMMARY_EVENT_TYPES = [
  'TestRequestCreated',
  'TestRequestUpdated',
  'TestRequestStatusChanged',
  'TestRequestCancelled',
  'TestRequestArchived',
  'TestRequestRestored',
] as const satisfies readonly (keyof typeof TEST_REQUEST_EVENT_SCHEMAS)[];
