/**
 * Set-password links' tokens: 32 random bytes, url-safe, of which identity keeps only the SHA-256 (a copy of the
 * table opens no account), with the purpose, the user, the expiry and whether it was used or superseded.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_EMAIL_TEXTS,
  ERRORS,
  PASSWORD_TOKEN_BYTES,
  PASSWORD_TOKEN_PURPOSES,
  roleSchema,
  type PasswordTokenPurpose,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export const hashOfToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token, and the hash to store of it. */
export function newPasswordToken(): { token: string; hash: string } {
  const token = randomBytes(PASSWORD_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashOfToken(token) };
}

/**
 * Stores a new token of the purpose; the user's older open ones of that purpose stop working (only the latest
 * e-mail's link does). In the transaction of the event that records the issue.
 */
export async function storePasswordToken(
  db: CommonQueryMethods,
  token: { hash: string; userId: number; purpose: PasswordTokenPurpose; expiresAt: string },
): Promise<void> {
  await supersedeOpenTokens(db, token.userId, token.purpose);
  await db.query(sql.unsafe`
    INSERT INTO password_tokens (token_hash, user_id, purpose, expires_at)
    VALUES (${token.hash}, ${token.userId}, ${token.purpose}, ${token.expiresAt}::timestamptz)`);
}

/** The user's open tokens (of one purpose, or all) stop working: a newer link, or a password set another way. */
export async function supersedeOpenTokens(
  db: CommonQueryMethods,
  userId: number,
  purpose?: PasswordTokenPurpose,
): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE password_tokens SET superseded_at = now()
    WHERE user_id = ${userId} AND used_at IS NULL AND superseded_at IS NULL
      ${purpose === undefined ? sql.fragment`` : sql.fragment`AND purpose = ${purpose}`}`);
}

const storedTokenSchema = z.object({
  user_id: z.number().int(),
  purpose: z.enum(PASSWORD_TOKEN_PURPOSES),
  expires_at: z.string(),
  expired: z.boolean(),
  used: z.boolean(),
  superseded: z.boolean(),
  email: z.string(),
  role: roleSchema,
  institution_id: z.number().int().nullable(),
  is_active: z.boolean(),
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

/** A token by its hash with its user's e-mail and status, or null; expiry as the database's clock says. */
export async function findPasswordToken(db: CommonQueryMethods, hash: string): Promise<StoredToken | null> {
  return db.maybeOne(sql.type(storedTokenSchema)`
    SELECT t.user_id, t.purpose, t.expires_at, t.expires_at <= now() AS expired,
           t.used_at IS NOT NULL AS used, t.superseded_at IS NOT NULL AS superseded, u.email, u.role,
           u.institution_id, u.is_active
    FROM password_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ${hash}`);
}

/** Why a token cannot set a password (the text to answer), or null when it can. */
export function tokenProblem(token: StoredToken | null): string | null {
  if (token === null) return ACCOUNT_EMAIL_TEXTS.invalidLink;
  if (token.used) return ACCOUNT_EMAIL_TEXTS.usedLink;
  if (token.superseded) return ACCOUNT_EMAIL_TEXTS.supersededLink;
  if (token.expired) return ACCOUNT_EMAIL_TEXTS.expiredLink;
  if (!token.is_active) return ERRORS.accountInactive;
  return null;
}

/**
 * Marks the token used if it still works: true for exactly one of any number of concurrent callers (the row lock
 * makes a second one wait for the first to commit, then find it used).
 */
export async function claimPasswordToken(db: CommonQueryMethods, hash: string): Promise<boolean> {
  const claimed = await db.maybeOneFirst(sql.type(z.object({ claimed: z.boolean() }))`
    UPDATE password_tokens SET used_at = now()
    WHERE token_hash = ${hash} AND used_at IS NULL AND superseded_at IS NULL AND expires_at > now()
    RETURNING true AS claimed`);
  return claimed === true;
}
