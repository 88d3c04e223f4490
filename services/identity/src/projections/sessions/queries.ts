import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const sessionSchema = z.object({ user_id: z.number().int(), expires_at: z.string() });

/** A session that has neither ended nor passed its absolute end, or null. */
export async function findOpenSession(db: CommonQueryMethods, sessionId: string) {
  return db.maybeOne(sql.type(sessionSchema)`
    SELECT user_id, expires_at FROM sessions
    WHERE session_id = ${sessionId} AND ended_at IS NULL AND expires_at > now()`);
}
