import { z } from 'zod';
import { entityIdSchema } from '../http/fields';
import { RESULT_LIMITS, RESULT_STATUSES } from '../results';
import type { EventSchemaMap } from './envelope';

/**
 * Results events (issue 26). A TestResult (stream `testResult-{id}`) is the laboratory's answer to one test
 * request. Every event carries the result's tenant and test request (clinical completes the request on
 * ResultFinalized) and its content whole as the event leaves it, so the list, the history and a consumer fold
 * without a lookup; who acted and when are the envelope's actor and occurredAt.
 */
const status = z.enum(RESULT_STATUSES);

/** A marker of the test request with the catalogue's reference range when the result was entered. */
export const resultMarkerSchema = z.object({
  marker_id: entityIdSchema,
  name: z.string().max(200),
  description: z.string().max(2000).nullable(),
  units: z.string().max(50).nullable(),
  units_ucum: z.string().max(100).nullable(),
  range_min: z.number().nullable(),
  range_max: z.number().nullable(),
});

/** What an entry or an edit says: the raw text, the structured values (JSON text) and the interpretation. */
export const resultContentSchema = z.object({
  result_data: z.string().min(1).max(RESULT_LIMITS.resultDataMaxLength),
  /** Valid JSON text, or null. */
  result_values: z.string().max(RESULT_LIMITS.resultValuesMaxLength).nullable(),
  interpretation: z.string().max(RESULT_LIMITS.interpretationMaxLength).nullable(),
});

const filedUnder = {
  resultId: entityIdSchema,
  test_request_id: entityIdSchema,
  institution_id: entityIdSchema,
  patient_id: entityIdSchema,
};

export const resultEnteredSchema = z.object({
  ...filedUnder,
  ...resultContentSchema.shape,
  /** The ordering clinician (told of a correction). */
  clinician_id: entityIdSchema.nullable(),
  test_name: z.string().max(2000),
  markers: z.array(resultMarkerSchema),
  status,
});

/** An edit in place (a draft's, an amended result's) or the content a move saved with it. */
export const resultUpdatedSchema = z.object({ ...filedUnder, ...resultContentSchema.shape, status });

/** A move of the status table; its content is the result's after the move. */
const moveSchema = z.object({
  ...filedUnder,
  ...resultContentSchema.shape,
  previous_status: status,
  status,
});

export const resultAmendedSchema = moveSchema.extend({
  /** The ordering clinician and the test, for the clinician's message of the correction. */
  clinician_id: entityIdSchema.nullable(),
  test_name: z.string().max(2000),
  reason: z.string().min(1).max(RESULT_LIMITS.amendmentReasonMaxLength),
});

export const RESULTS_EVENT_SCHEMAS = {
  ResultEntered: resultEnteredSchema,
  ResultUpdated: resultUpdatedSchema,
  ResultReviewed: moveSchema,
  ResultFinalized: moveSchema,
  ResultAmended: resultAmendedSchema,
} as const satisfies EventSchemaMap;

/** The subjects a test result's events travel on. */
export const RESULT_SUBJECTS = ['lab.results.testResult.>'] as const;

export type ResultsEventType = keyof typeof RESULTS_EVENT_SCHEMAS;
export type ResultsEventData<T extends ResultsEventType> = z.infer<(typeof RESULTS_EVENT_SCHEMAS)[T]>;
