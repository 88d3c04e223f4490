import {
  clinicianSchema,
  institutionSchema,
  institutionStatsSchema,
  type Clinician,
  type Institution,
  type InstitutionScope,
  type InstitutionStats,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** The ids among `ids` that name a registered institution. */
export async function existingInstitutionIds(db: CommonQueryMethods, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.any(
    sql.type(z.object({ id: z.number().int() }))`
      SELECT id FROM institutions WHERE id = ANY(${sql.array(ids, 'int4')})`,
  );
  return new Set(rows.map((row) => row.id));
}

const INSTITUTION_COLUMNS = sql.fragment`
  id, name, institution_number, address, phone, email, institution_type, api_enabled, created_at, updated_at`;

function institutionScopeCondition(scope: InstitutionScope) {
  return scope.kind === 'all' ? sql.fragment`TRUE` : sql.fragment`id = ANY(${sql.array(scope.ids, 'int4')})`;
}

export async function listInstitutions(db: CommonQueryMethods, scope: InstitutionScope): Promise<Institution[]> {
  const rows = await db.any(
    sql.type(institutionSchema)`
      SELECT ${INSTITUTION_COLUMNS} FROM institutions WHERE ${institutionScopeCondition(scope)} ORDER BY name, id`,
  );
  return [...rows];
}

/** One institution within the scope, or null: outside it answers 404 as an unknown id does. */
export async function findInstitution(
  db: CommonQueryMethods,
  scope: InstitutionScope,
  institutionId: number,
): Promise<Institution | null> {
  return db.maybeOne(
    sql.type(institutionSchema)`
      SELECT ${INSTITUTION_COLUMNS} FROM institutions
      WHERE id = ${institutionId} AND ${institutionScopeCondition(scope)}`,
  );
}

/** Active clinicians whose primary institution is this one or who are linked to it. */
export async function listInstitutionClinicians(db: CommonQueryMethods, institutionId: number): Promise<Clinician[]> {
  const rows = await db.any(
    sql.type(clinicianSchema)`
      SELECT u.id, u.first_name, u.last_name, u.role, u.email FROM users u
      WHERE u.role = 'clinician' AND u.is_active
        AND (u.institution_id = ${institutionId}
             OR EXISTS (SELECT 1 FROM clinician_institutions ci
                        WHERE ci.user_id = u.id AND ci.institution_id = ${institutionId}))
      ORDER BY u.last_name, u.first_name, u.id`,
  );
  return [...rows];
}

/**
 * Users from identity's own read model (primary institution or clinician link); patients and test requests
 * from the projections of clinical's patient and test request events. Archived requests are not counted:
 * archiving takes a request off every list, so the card counts what the institution's Test Requests list
 * shows; Pending counts those of status pending.
 */
export async function institutionStats(db: CommonQueryMethods, institutionId: number): Promise<InstitutionStats> {
  return db.one(
    sql.type(institutionStatsSchema)`
      SELECT
        (SELECT count(*)::int FROM users u
         WHERE u.institution_id = ${institutionId}
            OR EXISTS (SELECT 1 FROM clinician_institutions ci
                       WHERE ci.user_id = u.id AND ci.institution_id = ${institutionId})) AS users,
        (SELECT count(*)::int FROM institution_patients p
         WHERE NOT p.deleted AND p.institution_ids @> ARRAY[${institutionId}]::int[]) AS patients,
        (SELECT count(*)::int FROM test_request_summaries t
         WHERE NOT t.archived AND t.institution_id = ${institutionId}) AS test_requests,
        (SELECT count(*)::int FROM test_request_summaries t
         WHERE NOT t.archived AND t.institution_id = ${institutionId} AND t.status = 'pending') AS pending_requests`,
  );
}
