import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

export interface LoginThrottleOptions {
  /** Failed attempts allowed per account within the window. */
  maxFailures: number;
  windowMs: number;
}

export interface LoginAttempt {
  /** False when the account has used up its failures in the window: refuse without checking the password. */
  allowed: boolean;
  /** Sign-in succeeded: the account's failures are forgiven. A failure needs no call: its row stays counted. */
  succeeded(): Promise<void>;
}

/**
 * Per-account sign-in limit kept in Postgres, so it holds across replicas. Each attempt reserves a row under a
 * per-account lock before the password is checked (the lock is released before the slow hash): of any number
 * of simultaneous attempts, exactly those that fit under `maxFailures` go ahead. Unknown e-mails are counted
 * like real ones, so the 429 reveals nothing about which accounts exist.
 */
export function createLoginThrottle(pool: DatabasePool, options: LoginThrottleOptions) {
  const windowSeconds = options.windowMs / 1000;
  return {
    async begin(account: string): Promise<LoginAttempt> {
      const allowed = await pool.transaction(async (transaction) => {
        await transaction.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${account}`}, 0))`);
        await transaction.query(sql.unsafe`
          DELETE FROM login_attempts
          WHERE account = ${account} AND attempted_at < now() - make_interval(secs => ${windowSeconds})`);
        const recent = await transaction.oneFirst(
          sql.type(z.object({ count: z.number().int() }))`
            SELECT count(*)::int AS count FROM login_attempts WHERE account = ${account}`,
        );
        // A refused attempt records nothing, so hammering a locked account does not extend its lock-out.
        if (recent >= options.maxFailures) return false;
        await transaction.query(sql.unsafe`INSERT INTO login_attempts (account) VALUES (${account})`);
        return true;
      });
      if (!allowed) return { allowed: false, succeeded: async () => undefined };
      return {
        allowed: true,
        succeeded: async () => {
          await pool.query(sql.unsafe`DELETE FROM login_attempts WHERE account = ${account}`);
        },
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
