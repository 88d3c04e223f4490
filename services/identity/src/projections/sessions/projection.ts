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

export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 1,
  handles: ['SessionStarted', 'SessionRefreshed', 'SessionEnded'],
  tables: ['sessions'],
  apply: applySessionEvent,
};
