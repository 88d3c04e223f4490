/**
 * Sign-ins, from identity's UserLoggedIn events: the user-activity list's login counts (spec 3 §3). Kept by the
 * durable consumer `analytics-logins`; one row per event id, so a redelivery adds nothing.
 */
import { IDENTITY_EVENT_SCHEMAS, parseEventData } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql } from 'slonik';

export const loginsProjection: CrossServiceProjection = {
  name: 'logins',
  version: 1,
  subjects: ['lab.identity.user.>'],
  handles: ['UserLoggedIn'],
  tables: ['logins'],
  // Without foreign keys, so that it can be emptied and rebuilt from the events.
  init: `
    CREATE TABLE IF NOT EXISTS logins (
      event_id uuid PRIMARY KEY,
      user_id integer NOT NULL,
      logged_in_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS logins_user_idx ON logins (user_id, logged_in_at);`,
  apply: async (db, event) => {
    if (event.type !== 'UserLoggedIn') return;
    const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserLoggedIn', event.data);
    await db.query(sql.unsafe`
      INSERT INTO logins (event_id, user_id, logged_in_at)
      VALUES (${event.id}, ${data.userId}, ${event.occurredAt}::timestamptz)
      ON CONFLICT (event_id) DO NOTHING`);
  },
};
