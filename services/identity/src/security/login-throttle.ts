import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

export interface LoginThrottleOptions {
  /** Failed attempts allowed per account and client address within the window: the limit a guesser meets. */
  maxFailuresPerAddress: number;
  /** Failed attempts allowed per account from everywhere: far higher, so nobody locks a user out from afar. */
  maxFailures: number;
  /** Account-wide failures after which every further attempt waits, twice as long each time (up to 8 s). */
  delayAfterFailures: number;
  windowMs: number;
}

export interface LoginAttempt {
  /** False when a limit is used up in the window: refuse without checking the password. */
  allowed: boolean;
  /** How long to wait before checking the password: grows with the account's recent failures. */
  delayMs: number;
  /** Sign-in succeeded: the account's failures are forgiven. A failure needs no call: its row stays counted. */
  succeeded(): Promise<void>;
}

const MAX_DELAY_MS = 8_000;
const FIRST_DELAY_MS = 250;

/**
 * Sign-in limits kept in Postgres, so they hold across replicas: failures per (account, address) under a
 * tight limit, per account under a much higher one, with growing delays in between. Each attempt reserves a
 * row under a per-account lock before the password is checked (the lock is released before the slow hash): of
 * any number of simultaneous attempts, exactly those that fit under the limits go ahead. Unknown e-mails are
 * counted like real ones, so neither the 429 nor the delay reveals which accounts exist.
 */
export function createLoginThrottle(pool: DatabasePool, options: LoginThrottleOptions) {
  const windowSeconds = options.windowMs / 1000;
  return {
    async begin(account: string, address: string): Promise<LoginAttempt> {
      const decision = await pool.transaction(async (transaction) => {
        await transaction.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${account}`}, 0))`);
        await transaction.query(sql.unsafe`
          DELETE FROM login_attempts
          WHERE account = ${account} AND attempted_at < now() - make_interval(secs => ${windowSeconds})`);
        const recent = await transaction.one(
          sql.type(z.object({ total: z.number().int(), here: z.number().int() }))`
            SELECT count(*)::int AS total, (count(*) FILTER (WHERE address = ${address}))::int AS here
            FROM login_attempts WHERE account = ${account}`,
        );
        // A refused attempt records nothing, so hammering a locked account does not extend its lock-out.
        if (recent.here >= options.maxFailuresPerAddress || recent.total >= options.maxFailures) return null;
        await transaction.query(
          sql.unsafe`INSERT INTO login_attempts (account, address) VALUES (${account}, ${address})`,
        );
        return recent.total;
      });
      if (decision === null) return { allowed: false, delayMs: 0, succeeded: async () => undefined };
      const beyond = decision - options.delayAfterFailures;
      return {
        allowed: true,
        delayMs: beyond < 0 ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** beyond),
        succeeded: async () => {
          await pool.query(sql.unsafe`DELETE FROM login_attempts WHERE account = ${account}`);
        },
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
