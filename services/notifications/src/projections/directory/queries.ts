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
 * identity by moments) is taken as the signed token describes them.
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

const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  institution_id: z.number().int().nullable(),
});
export type DirectoryUser = z.infer<typeof userSchema>;

/** A user's account as identity last described it, or null when not projected yet. */
export async function userById(db: CommonQueryMethods, id: number): Promise<DirectoryUser | null> {
  return db.maybeOne(sql.type(userSchema)`
    SELECT id, email, first_name, last_name, role, institution_id FROM users WHERE id = ${id}`);
}

export async function institutionName(db: CommonQueryMethods, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return db.maybeOneFirst(sql.type(z.object({ name: z.string() }))`SELECT name FROM institutions WHERE id = ${id}`);
}
