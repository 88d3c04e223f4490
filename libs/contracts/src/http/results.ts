/**
 * The results service's HTTP contract (spec 2 §7 Results, §3 Test result): the list with its filters and status
 * counts, one result with its markers and report rows, its history, its PDF report, entry, edit and the Review
 * menu's move.
 */
import { z } from 'zod';
import { EXTERNAL_LAB_STATUSES } from '../external-lab';
import { RESULT_ERRORS, RESULT_LIMITS, RESULT_STATUSES } from '../results';
import { resultMarkerSchema } from '../events/results';
import { pageQuerySchema, paginationSchema } from './common';
import { entityIdSchema, optionalText, positiveIntegerText, requestObject, safeText } from './fields';

const statusField = z.enum(RESULT_STATUSES, { message: `must be one of ${RESULT_STATUSES.join(', ')}` });

/** GET /results (spec 2 §7): page, status, search and limit=20. */
export const resultListQuerySchema = pageQuerySchema.extend({
  limit: positiveIntegerText(100).default(RESULT_LIMITS.pageSize),
  /** Over the patient's name and MRN, the test name, and the RES- or REQ- id (or its number). */
  search: safeText(100).optional(),
  status: statusField.optional(),
});
export type ResultListQuery = z.infer<typeof resultListQuerySchema>;

/** Structured values: JSON text (the form's textarea) or a JSON object or array; stored as JSON text. */
const resultValuesField = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string') return JSON.stringify(value);
    const text = value.trim();
    if (text === '') return null;
    try {
      JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: RESULT_ERRORS.resultValuesNotJson });
      return z.NEVER;
    }
    return text;
  })
  .refine((value) => value === null || value.length <= RESULT_LIMITS.resultValuesMaxLength, {
    message: `must be at most ${RESULT_LIMITS.resultValuesMaxLength} characters`,
  });

/** POST /results and PUT /results/{id} (spec 2 §7): the same body; the reason with an amendment. */
export const resultBodySchema = requestObject({
  test_request_id: entityIdSchema,
  result_data: safeText(RESULT_LIMITS.resultDataMaxLength, { multiline: true }).min(1, 'is required'),
  result_values: resultValuesField,
  interpretation: optionalText(RESULT_LIMITS.interpretationMaxLength, { multiline: true }),
  /** Absent: draft for a new result, the result's own status for an edit. */
  status: statusField.optional(),
  /** Why a final result is corrected (status amended). */
  amendment_reason: optionalText(RESULT_LIMITS.amendmentReasonMaxLength, { multiline: true }),
});
export type ResultBody = z.input<typeof resultBodySchema>;
export type ResultInput = z.output<typeof resultBodySchema>;

/** POST /results/{id}/review (spec 2 §7): body id and status. */
export const resultReviewBodySchema = requestObject({
  id: entityIdSchema.optional(),
  status: statusField,
});
export type ResultReviewBody = z.input<typeof resultReviewBodySchema>;

const flagField = z.enum(['H', 'L']).nullable();

/** A row of result_data as the detail and the report show it (contracts' resultRows). */
export const resultRowSchema = z.object({
  biomarker: z.string(),
  value: z.string(),
  units: z.string(),
  range: z.string(),
  flag: flagField,
  interpretation: z.string(),
});

/** spec 2 §3 Test result, as the list shows it (with the display ids). */
export const resultSchema = z.object({
  id: z.number().int(),
  /** RES- plus 6 digits. */
  display_id: z.string(),
  test_request_id: z.number().int(),
  /** REQ- plus 6 digits. */
  test_request_display_id: z.string(),
  test_name: z.string(),
  status: statusField,
  result_data: z.string(),
  /** JSON text, or null. */
  result_values: z.string().nullable(),
  interpretation: z.string().nullable(),
  entered_at: z.string(),
  entered_by: z.number().int().nullable(),
  entered_by_name: z.string().nullable(),
  entered_by_lastname: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_by_name: z.string().nullable(),
  reviewed_by_lastname: z.string().nullable(),
  /** The latest release (final), and who released it. */
  released_at: z.string().nullable(),
  released_by: z.number().int().nullable(),
  released_by_name: z.string().nullable(),
  released_by_lastname: z.string().nullable(),
  /** The first release: a corrected report names it. */
  first_released_at: z.string().nullable(),
  /** The latest amendment and its reason. */
  amended_at: z.string().nullable(),
  amendment_reason: z.string().nullable(),
  updated_at: z.string(),
  institution_id: z.number().int(),
  institution_name: z.string().nullable(),
  patient_id: z.number().int(),
  patient_first_name: z.string().nullable(),
  patient_last_name: z.string().nullable(),
  medical_record_number: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  barcode_number: z.string().nullable(),
  /** spec 1 §3's external fields (issue 27): the order at the external laboratory, pending before any. */
  external_api_status: z.enum(EXTERNAL_LAB_STATUSES),
  external_lab_id: z.string().nullable(),
  api_order_submitted_at: z.string().nullable(),
  api_results_received_at: z.string().nullable(),
  has_external_results: z.boolean(),
});
export type ResultRecord = z.infer<typeof resultSchema>;

/** spec 2 §3's nested test_request, with what the side panel and the report show. */
export const resultTestRequestSchema = z.object({
  institution_name: z.string().nullable(),
  institution_address: z.string().nullable(),
  requested_at: z.string().nullable(),
  sample_type: z.string().nullable(),
  priority: z.string().nullable(),
  notes: z.string().nullable(),
  /** The laboratory the request was sent to (the report's lab name). */
  lab_name: z.string().nullable(),
});

export const resultDetailSchema = resultSchema.extend({
  test_request: resultTestRequestSchema,
  /** The request's markers with their reference ranges as carried with the result. */
  markers: z.array(resultMarkerSchema),
  /** result_data parsed (spec 2 §5), each value flagged against its range. */
  rows: z.array(resultRowSchema),
  /** The report's file name (spec 2 §9). */
  report_file_name: z.string(),
});
export type ResultDetail = z.infer<typeof resultDetailSchema>;

export const resultListSchema = z.object({
  results: z.array(resultSchema),
  pagination: paginationSchema,
  /** The cards (spec 2 §2.7): by status over the caller's results matching the search, and the total. */
  counts: z.object({
    draft: z.number().int(),
    reviewed: z.number().int(),
    final: z.number().int(),
    amended: z.number().int(),
    total: z.number().int(),
  }),
});
export type ResultList = z.infer<typeof resultListSchema>;
