import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export async function storePasswordHash(db: CommonQueryMethods, userId: number, passwordHash: string): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO credentials (user_id, password_hash, updated_at) VALUES (${userId}, ${passwordHash}, now())
    ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`);
}

export async function findPasswordHash(db: CommonQueryMethods, userId: number): Promise<string | null> {
  return db.maybeOneFirst(
    sql.type(z.object({ password_hash: z.string() }))`
      SELECT password_hash FROM credentials WHERE user_id = ${userId}`,
  );
}

const loginAccountSchema = z.object({ id: z.number().int(), is_active: z.boolean(), password_hash: z.string() });
export type LoginAccount = z.infer<typeof loginAccountSchema>;

/** What sign-in checks: the account by e-mail (case-insensitive) with its password hash. */
export async function findLoginAccount(db: CommonQueryMethods, email: string): Promise<LoginAccount | null> {
  return db.maybeOne(
    sql.type(loginAccountSchema)`
      SELECT u.id, u.is_active, c.password_hash
      FROM users u JOIN credentials c ON c.user_id = u.id
      WHERE lower(u.email) = lower(${email})`,
  );
}
