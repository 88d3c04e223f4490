import { callerFromUser, roleSchema, type Caller, type Principal } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** The caller's projected account (null columns: not projected yet) and whether the token's session ended. */
const callerRowSchema = z.object({
  role: roleSchema.nullable(),
  institution_id: z.number().int().nullable(),
  clinician_institution_ids: z.array(z.number().int()).nullable(),
  is_active: z.boolean().nullable(),
  session_ended: z.boolean(),
});

/**
 * The caller with their current role and institutions from identity's events, or null once identity has
 * deactivated them or ended the token's session (401). A user the projection has not seen yet (it lags
 * identity by moments) is taken as the signed token describes them: the token's signature vouches for them.
 */
export async function resolveCaller(db: CommonQueryMethods, principal: Principal): Promise<Caller | null> {
  const row = await db.one(sql.type(callerRowSchema)`
    SELECT u.role, u.institution_id, u.clinician_institution_ids, u.is_active,
           EXISTS (SELECT 1 FROM ended_sessions e WHERE e.session_id = ${principal.sid}) AS session_ended
    FROM (VALUES (1)) AS one LEFT JOIN users u ON u.id = ${principal.id}`);
  if (row.session_ended) return null;
  if (row.role === null) return callerFromUser(principal);
  if (!row.is_active) return null;
  return callerFromUser({
    id: principal.id,
    role: row.role,
    institution_id: row.institution_id,
    clinician_institution_ids: row.clinician_institution_ids ?? [],
    permissions: principal.permissions,
  });
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

const idNameSchema = z.object({ id: z.number().int(), name: z.string() });

/** Users' display names ("First Last") by id: who acted, in a record's history. */
export async function userNames(db: CommonQueryMethods, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.type(idNameSchema)`
    SELECT id, first_name || ' ' || last_name AS name FROM users WHERE id = ANY(${sql.array([...ids], 'int4')})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Institution names by id. */
export async function institutionNames(db: CommonQueryMethods, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.type(idNameSchema)`
    SELECT id, name FROM institutions WHERE id = ANY(${sql.array([...ids], 'int4')})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}
