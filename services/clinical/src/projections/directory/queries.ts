import type { Principal } from '@labline/contracts';
import { roleSchema } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Caller } from '../../access/patient-access';

const callerRowSchema = z.object({
  id: z.number().int(),
  role: roleSchema,
  institution_id: z.number().int().nullable(),
  clinician_institution_ids: z.array(z.number().int()),
  is_active: z.boolean(),
});

function institutionIdsOf(primary: number | null, linked: readonly number[]): number[] {
  return [...new Set([...(primary === null ? [] : [primary]), ...linked])];
}

/**
 * The caller with their current role and institutions from identity's events. A user the projection has not
 * seen yet (it lags identity by moments) is taken as the signed token describes them.
 */
export async function callerOf(db: CommonQueryMethods, principal: Principal): Promise<Caller> {
  const row = await db.maybeOne(sql.type(callerRowSchema)`
    SELECT id, role, institution_id, clinician_institution_ids, is_active FROM users WHERE id = ${principal.id}`);
  if (!row) {
    return {
      userId: principal.id,
      role: principal.role,
      institutionIds: institutionIdsOf(principal.institution_id, principal.clinician_institution_ids),
    };
  }
  return {
    userId: row.id,
    role: row.role,
    institutionIds: institutionIdsOf(row.institution_id, row.clinician_institution_ids),
  };
}

/**
 * For the authentication hook: a deactivated user's token is refused. A user not projected yet passes (the
 * token's signature already vouches for them); their deactivation, once projected, takes effect.
 */
export async function isUserActive(db: CommonQueryMethods, userId: number): Promise<boolean> {
  const active = await db.maybeOneFirst(
    sql.type(z.object({ is_active: z.boolean() }))`SELECT is_active FROM users WHERE id = ${userId}`,
  );
  return active ?? true;
}

/** Of these institution ids, the ones identity has registered. */
export async function knownInstitutionIds(db: CommonQueryMethods, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.anyFirst(
    sql.type(z.object({ id: z.number().int() }))`
      SELECT id FROM institutions WHERE id = ANY(${sql.array([...ids], 'int4')})`,
  );
  return [...rows];
}

/** Active clinicians of an institution: their primary one or a linked one (as identity lists them). */
export async function activeClinicianIds(db: CommonQueryMethods, institutionId: number): Promise<number[]> {
  const rows = await db.anyFirst(
    sql.type(z.object({ id: z.number().int() }))`
      SELECT id FROM users
      WHERE role = 'clinician' AND is_active
        AND (institution_id = ${institutionId} OR ${institutionId} = ANY(clinician_institution_ids))
      ORDER BY id`,
  );
  return [...rows];
}

/** Institution ids by name, for the demo seed (which waits until identity's events have arrived). */
export async function institutionIdsByName(db: CommonQueryMethods, names: readonly string[]) {
  const rows = await db.any(
    sql.type(z.object({ id: z.number().int(), name: z.string() }))`
      SELECT id, name FROM institutions WHERE name = ANY(${sql.array([...names], 'text')})`,
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function activeUserIdsByEmail(db: CommonQueryMethods, emails: readonly string[]) {
  const rows = await db.any(
    sql.type(z.object({ id: z.number().int(), email: z.string() }))`
      SELECT id, email FROM users WHERE is_active AND lower(email) = ANY(${sql.array([...emails], 'text')})`,
  );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}
