import { sessionUserSchema, type SessionUser } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** The session user of spec 1 §3, as login, profile and refresh answer it. */
export async function findSessionUser(db: CommonQueryMethods, userId: number): Promise<SessionUser | null> {
  return db.maybeOne(
    sql.type(sessionUserSchema)`
      SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.institution_id,
             i.name AS institution_name,
             COALESCE((SELECT array_agg(ci.institution_id ORDER BY ci.institution_id)
                       FROM clinician_institutions ci WHERE ci.user_id = u.id), '{}') AS clinician_institution_ids,
             u.permissions, u.is_active, u.created_at, u.updated_at
      FROM users u LEFT JOIN institutions i ON i.id = u.institution_id
      WHERE u.id = ${userId}`,
  );
}

export async function findUserIdByEmail(db: CommonQueryMethods, email: string): Promise<number | null> {
  return db.maybeOneFirst(
    sql.type(z.object({ id: z.number().int() }))`SELECT id FROM users WHERE lower(email) = lower(${email})`,
  );
}

export async function countUsers(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(z.object({ count: z.number().int() }))`SELECT count(*)::int AS count FROM users`);
}
