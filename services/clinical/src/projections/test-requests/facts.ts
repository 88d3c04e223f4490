/** What the test request commands look up for the order form's rules. */
import type { PatientAccessFacts } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const orderItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  name: z.string(),
  active: z.boolean(),
  institution_ids: z.array(z.number().int()),
  sample_type_ids: z.array(z.number().int()),
  sample_type_id: z.number().int().nullable(),
  marker_ids: z.array(z.number().int()),
  value: z.number().nullable(),
  max_capacity: z.number().int().nullable(),
  /** A device's tube types with the sample types each holds (issue 22). */
  tube_types: z.array(z.object({ sample_type_ids: z.array(z.number().int()) })),
});
export type OrderItemRow = z.infer<typeof orderItemSchema>;

/** The catalogue items of these ids, with what the order rules look at. */
export async function orderItems(db: CommonQueryMethods, ids: readonly number[]): Promise<OrderItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.any(sql.type(orderItemSchema)`
    SELECT c.id, c.kind, c.name, c.active, c.institution_ids, c.sample_type_ids, c.sample_type_id, c.marker_ids,
           c.value, c.max_capacity,
           coalesce((SELECT json_agg(json_build_object('sample_type_ids', t.sample_type_ids))
                     FROM catalogue_items t WHERE t.id = ANY(c.tube_type_ids)), '[]') AS tube_types
    FROM catalogue_items c WHERE c.id = ANY(${sql.array([...ids], 'int4')})`);
  return [...rows];
}

/** Whether the lab serves the institution for the sample type (a lab assignment). */
export async function isLabAssigned(
  db: CommonQueryMethods,
  institutionId: number,
  labId: number,
  sampleTypeId: number,
) {
  return db.oneFirst(sql.type(z.object({ assigned: z.boolean() }))`
    SELECT EXISTS (SELECT 1 FROM lab_assignments
                   WHERE institution_id = ${institutionId} AND lab_id = ${labId}
                     AND sample_type_id = ${sampleTypeId}) AS assigned`);
}

/** A patient's institutions and clinician, or null. */
export async function patientAccessFacts(
  db: CommonQueryMethods,
  patientId: number,
): Promise<PatientAccessFacts | null> {
  return db.maybeOne(sql.type(
    z.object({ institution_ids: z.array(z.number().int()), clinician_id: z.number().int().nullable() }),
  )`
    SELECT institution_ids, clinician_id FROM patients WHERE id = ${patientId}`);
}

/** A user as the fulfillment partner rule looks at them, or null. */
export async function partnerFacts(db: CommonQueryMethods, userId: number) {
  return db.maybeOne(
    sql.type(
      z.object({
        id: z.number().int(),
        role: z.string(),
        is_active: z.boolean(),
        institution_id: z.number().int().nullable(),
      }),
    )`SELECT id, role, is_active, institution_id FROM users WHERE id = ${userId}`,
  );
}

/**
 * In an order's append transaction: the patient's row stays until it commits (a delete of the patient then
 * finds the request and answers 409). Answers the patient's institutions, or null when the patient is gone.
 */
export async function lockOrderedPatient(db: CommonQueryMethods, patientId: number): Promise<number[] | null> {
  const row = await db.maybeOne(sql.type(z.object({ institution_ids: z.array(z.number().int()) }))`
    SELECT institution_ids FROM patients WHERE id = ${patientId} FOR SHARE`);
  return row === null ? null : [...row.institution_ids];
}

/**
 * Whether the patient has test requests that are not archived (archived ones are off every list): any, or
 * those filed under these institutions. Run after the patient's row was written in the same transaction, so
 * an order that locked it first has committed its request by now.
 */
export async function hasTestRequests(
  db: CommonQueryMethods,
  patientId: number,
  institutionIds: readonly number[] | 'any',
): Promise<boolean> {
  const filedUnder =
    institutionIds === 'any'
      ? sql.fragment`TRUE`
      : sql.fragment`institution_id = ANY(${sql.array([...institutionIds], 'int4')})`;
  return db.oneFirst(sql.type(z.object({ found: z.boolean() }))`
    SELECT EXISTS (SELECT 1 FROM test_requests
                   WHERE patient_id = ${patientId} AND NOT archived AND ${filedUnder}) AS found`);
}
