import { IDENTITY_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * Institutions and users as identity's events describe them: names for the log, callers' current roles and
 * institutions, the contact form's sender, and ended sessions. Every write is guarded by the identity
 * stream's version, so a redelivered or older event changes nothing.
 */
async function applyIdentityEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'InstitutionRegistered':
    case 'InstitutionUpdated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO institutions (id, name, version) VALUES (${data.institutionId}, ${data.name}, ${event.version})
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, version = excluded.version
        WHERE institutions.version < excluded.version`);
      return;
    }
    case 'UserRegistered': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserRegistered', event.data);
      await db.query(sql.unsafe`
        INSERT INTO users (id, email, first_name, last_name, role, institution_id, clinician_institution_ids,
                           is_active, version)
        VALUES (${data.userId}, ${data.email}, ${data.first_name}, ${data.last_name}, ${data.role},
                ${data.institution_id}, ${sql.array(data.clinician_institution_ids, 'int4')}, ${data.is_active},
                ${event.version})
        ON CONFLICT (id) DO NOTHING`);
      return;
    }
    case 'UserUpdated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserUpdated', event.data);
      await db.query(sql.unsafe`
        UPDATE users SET email = ${data.email}, first_name = ${data.first_name}, last_name = ${data.last_name},
                         role = ${data.role}, institution_id = ${data.institution_id},
                         clinician_institution_ids = ${sql.array(data.clinician_institution_ids, 'int4')},
                         version = ${event.version}
        WHERE id = ${data.userId} AND version < ${event.version}`);
      return;
    }
    case 'UserProfileUpdated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserProfileUpdated', event.data);
      await db.query(sql.unsafe`
        UPDATE users SET first_name = ${data.first_name}, last_name = ${data.last_name}, version = ${event.version}
        WHERE id = ${data.userId} AND version < ${event.version}`);
      return;
    }
    case 'UserDeactivated':
    case 'UserReactivated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE users SET is_active = ${event.type === 'UserReactivated'}, version = ${event.version}
        WHERE id = ${data.userId} AND version < ${event.version}`);
      return;
    }
    case 'SessionEnded': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'SessionEnded', event.data);
      await db.query(sql.unsafe`
        INSERT INTO ended_sessions (session_id, user_id, ended_at)
        VALUES (${data.sessionId}, ${data.userId}, ${event.occurredAt}::timestamptz)
        ON CONFLICT (session_id) DO NOTHING`);
      // No token outlives a day (JWT_TTL_SECONDS at most): older rows refuse nothing any more.
      await db.query(
        sql.unsafe`DELETE FROM ended_sessions WHERE ended_at < ${event.occurredAt}::timestamptz - interval '1 day'`,
      );
      return;
    }
  }
}

/** identity's institutions and users, kept by the durable consumer `notifications-identity-directory`. */
export const identityDirectoryProjection: CrossServiceProjection = {
  name: 'identity-directory',
  version: 1,
  subjects: ['lab.identity.institution.>', 'lab.identity.user.>'],
  handles: [
    'InstitutionRegistered',
    'InstitutionUpdated',
    'UserRegistered',
    'UserUpdated',
    'UserProfileUpdated',
    'UserDeactivated',
    'UserReactivated',
    'SessionEnded',
  ],
  tables: ['institutions', 'users', 'ended_sessions'],
  apply: applyIdentityEvent,
};
