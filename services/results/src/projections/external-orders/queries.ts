/**
 * What the external laboratory's calls read: a result's order facts within the caller's scope (or the poll's, the
 * whole system), the order as external_orders holds it, the order as it goes to the laboratory, and the orders the
 * poll follows.
 */
import {
  EXTERNAL_LAB_PROVIDERS,
  EXTERNAL_LAB_STATUSES,
  externalAcceptedValueSchema,
  externalRefusedValueSchema,
  formatRequestId,
  resultMarkerSchema,
  TEST_REQUEST_PRIORITIES,
  type Caller,
} from '@labline/contracts';
import type { LabOrder } from '@labline/external-lab';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { ExternalOrderFacts } from '../../domain/external-order/decide';
import { resultScope } from '../results/queries';

const iso = (column: string) =>
  sql.fragment`to_char(${sql.identifier(column.split('.'))} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const factsSchema = z.object({
  resultId: z.number().int(),
  test_request_id: z.number().int(),
  institution_id: z.number().int(),
  api_enabled: z.boolean(),
  barcode_number: z.string().nullable(),
  result_status: z.string(),
  entered_at: z.string(),
});
export type ResultOrderFacts = ExternalOrderFacts & { result_status: string; entered_at: string };

/** A result's order facts by its id or its test request's, within the caller's results (null: the poll's, all). */
export async function resultOrderFacts(
  db: CommonQueryMethods,
  caller: Caller | null,
  by: { resultId: number } | { testRequestId: number },
): Promise<ResultOrderFacts | null> {
  const which =
    'resultId' in by ? sql.fragment`r.id = ${by.resultId}` : sql.fragment`r.test_request_id = ${by.testRequestId}`;
  return db.maybeOne(sql.type(factsSchema)`
    SELECT r.id AS "resultId", r.test_request_id, r.institution_id, coalesce(n.api_enabled, false) AS api_enabled,
      nullif(trim(t.barcode_number), '') AS barcode_number, r.status AS result_status, ${iso('r.entered_at')} AS entered_at
    FROM test_results r
    LEFT JOIN institutions n ON n.id = r.institution_id
    LEFT JOIN results_test_requests t ON t.id = r.test_request_id
    WHERE ${which} AND ${caller === null ? sql.fragment`true` : resultScope(caller)}`);
}

/** Whether the caller sees the test request (its result may not exist yet: 409 then, not 404). */
export const testRequestVisible = (db: CommonQueryMethods, caller: Caller, testRequestId: number) =>
  db.exists(sql.unsafe`
    SELECT 1 FROM test_request_summaries s
    WHERE s.id = ${testRequestId} AND NOT s.archived AND ${resultScope(caller, sql.fragment`s.institution_id`)}`);

const orderRowSchema = z.object({
  provider: z.enum(EXTERNAL_LAB_PROVIDERS),
  status: z.enum(EXTERNAL_LAB_STATUSES),
  external_lab_id: z.string().nullable(),
  submitted_at: z.string().nullable(),
  results_received_at: z.string().nullable(),
  last_sync: z.string().nullable(),
  failure_reason: z.string().nullable(),
  accepted: z.array(externalAcceptedValueSchema),
  refused: z.array(externalRefusedValueSchema),
});
export type ExternalOrderRow = z.infer<typeof orderRowSchema>;

/** The order of a result as external_orders holds it, or null before any call to the laboratory. */
export const externalOrderRow = (db: CommonQueryMethods, resultId: number) =>
  db.maybeOne(sql.type(orderRowSchema)`
    SELECT provider, status, external_lab_id, ${iso('submitted_at')} AS submitted_at,
      ${iso('results_received_at')} AS results_received_at, ${iso('last_sync')} AS last_sync, failure_reason,
      accepted, refused
    FROM external_orders WHERE result_id = ${resultId}`);

const labOrderSchema = z.object({
  test_request_id: z.number().int(),
  barcode_number: z.string().nullable(),
  sample_type: z.string().nullable(),
  priority: z.enum(TEST_REQUEST_PRIORITIES).catch('normal'),
  ordered_at: z.string().nullable(),
  patient_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  clinician_id: z.number().int().nullable(),
  clinician_name: z.string().nullable(),
  markers: z.array(resultMarkerSchema),
});
const markerCodeSchema = z.object({ id: z.number().int(), marker_code: z.string().nullable() });

const GENDERS: Readonly<Record<string, LabOrder['patient']['gender']>> = {
  Male: 'male',
  Female: 'female',
  Other: 'other',
};

/** The order as it goes to the laboratory: the patient, the specimen's barcode and the markers with their LOINC codes. */
export async function labOrderOf(
  db: CommonQueryMethods,
  resultId: number,
): Promise<{ order: LabOrder; markersWithoutCode: string[] }> {
  const row = await db.one(sql.type(labOrderSchema)`
    SELECT r.test_request_id, t.barcode_number, t.sample_type, coalesce(t.priority, 'normal') AS priority,
      ${iso('s.created_at')} AS ordered_at, r.patient_id, p.first_name, p.last_name, p.date_of_birth, p.gender,
      r.clinician_id, u.first_name || ' ' || u.last_name AS clinician_name, r.markers
    FROM test_results r
    LEFT JOIN results_test_requests t ON t.id = r.test_request_id
    LEFT JOIN test_request_summaries s ON s.id = r.test_request_id
    LEFT JOIN results_patients p ON p.id = r.patient_id
    LEFT JOIN users u ON u.id = r.clinician_id
    WHERE r.id = ${resultId}`);
  const ids = row.markers.map((marker) => marker.marker_id);
  const codes = new Map(
    (
      await db.any(sql.type(markerCodeSchema)`
        SELECT id, marker_code FROM results_catalogue WHERE kind = 'markers' AND id = ANY(${sql.array(ids, 'int4')})`)
    ).map((marker) => [marker.id, marker.marker_code]),
  );
  const markersWithoutCode = row.markers.filter((marker) => !codes.get(marker.marker_id)).map((marker) => marker.name);
  const birthDate =
    row.date_of_birth && /^\d{4}-\d{2}-\d{2}/.test(row.date_of_birth) ? row.date_of_birth.slice(0, 10) : null;
  return {
    markersWithoutCode,
    order: {
      testRequestId: row.test_request_id,
      displayId: formatRequestId(row.test_request_id),
      barcode: row.barcode_number ?? '',
      sampleType: row.sample_type,
      priority: row.priority,
      orderedAt: row.ordered_at ?? new Date().toISOString(),
      patient: {
        id: row.patient_id,
        displayId: `PAT-${String(row.patient_id).padStart(6, '0')}`,
        firstName: row.first_name ?? '',
        lastName: row.last_name ?? '',
        birthDate,
        gender: GENDERS[row.gender ?? ''] ?? 'unknown',
      },
      requester:
        row.clinician_id === null || row.clinician_name === null
          ? null
          : { id: row.clinician_id, name: row.clinician_name },
      markers: row.markers.map((marker) => ({
        markerId: marker.marker_id,
        name: marker.name,
        loinc: codes.get(marker.marker_id) ?? '',
        unitUcum: marker.units_ucum,
      })),
    },
  };
}

/**
 * The orders the poll follows: at the laboratory, results not in yet, their result still a draft (a reviewer who
 * moved it on has taken it over); the least recently heard of first.
 */
export async function followedOrders(db: CommonQueryMethods, limit: number): Promise<number[]> {
  const rows = await db.any(sql.type(z.object({ result_id: z.number().int() }))`
    SELECT o.result_id FROM external_orders o JOIN test_results r ON r.id = o.result_id AND r.status = 'draft'
    WHERE o.results_received_at IS NULL AND o.status IN ('submitted', 'sample_received', 'complete')
    ORDER BY o.last_sync NULLS FIRST LIMIT ${limit}`);
  return rows.map((row) => row.result_id);
}

const contentSchema = z.object({
  markers: z.array(resultMarkerSchema),
  result_data: z.string(),
  result_values: z.string().nullable(),
  interpretation: z.string().nullable(),
});

/** A result's markers and content now (what the laboratory's values are written into). */
export const resultContentOf = (db: CommonQueryMethods, resultId: number) =>
  db.one(sql.type(contentSchema)`
    SELECT markers, result_data, result_values, interpretation FROM test_results WHERE id = ${resultId}`);
