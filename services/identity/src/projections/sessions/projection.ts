import { IDENTITY_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * sessions read model: one row per session, guarded by the user stream's version so a replay changes nothing.
 */
async function applySessionEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'SessionStarted': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'SessionStarted', event.data);
      await db.query(sql.unsafe`
        INSERT INTO sessions (session_id, user_id, started_at, last_seen_at, expires_at, version)
        VALUES (${data.sessionId}, ${data.userId}, ${data.startedAt}::timestamptz, ${data.startedAt}::timestamptz,
                ${data.expiresAt}::timestamptz, ${event.version})
        ON CONFLICT (session_id) DO NOTHING`);
      return;
    }
    case 'SessionRefreshed': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'SessionRefreshed', event.data);
      await db.query(sql.unsafe`
        UPDATE sessions SET last_seen_at = ${data.refreshedAt}::timestamptz, version = ${event.version}
        WHERE session_id = ${data.sessionId} AND version < ${event.version}`);
      return;
    }
    case 'SessionEnded': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'SessionEnded', event.data);
      await db.query(sql.unsafe`
        UPDATE sessions SET ended_at = ${event.occurredAt}::timestamptz, end_reason = ${data.reason},
                            version = ${event.version}
        WHERE session_id = ${data.sessionId} AND version < ${event.version}`);
      return;
    }
  }
}

/**
 * Server-side sessions (docs/architecture.md §5): the sign-in audit trail, and what a token's `sid` is checked
 * against on every request. `version` is the user stream's last projected event about the session.
 */
const SESSIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS sessions (
    session_id uuid PRIMARY KEY,
    user_id integer NOT NULL,
    started_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    ended_at timestamptz,
    end_reason text,
    version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions (user_id, started_at DESC);
`;

export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 1,
  handles: ['SessionStarted', 'SessionRefreshed', 'SessionEnded'],
  tables: ['sessions'],
  init: SESSIONS_TABLE,
  apply: applySessionEvent,
};
