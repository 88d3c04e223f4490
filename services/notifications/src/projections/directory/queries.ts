import { roleSchema } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

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

/** The active users of a role at an institution (null: at every institution), by name. */
export async function activeStaff(
  db: CommonQueryMethods,
  role: 'institution_admin' | 'client_admin',
  institutionId: number | null,
): Promise<DirectoryUser[]> {
  const where = institutionId === null ? sql.fragment`true` : sql.fragment`institution_id = ${institutionId}`;
  return [
    ...(await db.any(sql.type(userSchema)`
      SELECT id, email, first_name, last_name, role, institution_id FROM users
      WHERE role = ${role} AND is_active AND ${where} ORDER BY last_name, first_name, id`)),
  ];
}
