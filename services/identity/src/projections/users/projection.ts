import { IDENTITY_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * users and clinician_institutions read models. Every write is guarded by the stream version, so projecting
 * an event twice (a retry, a rebuild) changes nothing the second time.
 */
async function applyUserEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'UserRegistered': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserRegistered', event.data);
      const inserted = await db.query(sql.unsafe`
        INSERT INTO users (id, email, first_name, last_name, phone, role, institution_id, permissions, is_active,
                           version, created_at, updated_at)
        VALUES (${data.userId}, ${data.email}, ${data.first_name}, ${data.last_name}, ${data.phone}, ${data.role},
                ${data.institution_id}, ${sql.array(data.permissions, 'text')}, ${data.is_active}, ${event.version},
                ${event.occurredAt}::timestamptz, ${event.occurredAt}::timestamptz)
        ON CONFLICT (id) DO NOTHING`);
      if (inserted.rowCount === 0) return;
      await db.query(sql.unsafe`
        INSERT INTO clinician_institutions (user_id, institution_id)
        SELECT ${data.userId}, unnest(${sql.array(data.clinician_institution_ids, 'int4')})
        ON CONFLICT DO NOTHING`);
      return;
    }
    case 'UserProfileUpdated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserProfileUpdated', event.data);
      await db.query(sql.unsafe`
        UPDATE users SET first_name = ${data.first_name}, last_name = ${data.last_name}, phone = ${data.phone},
                         version = ${event.version}, updated_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.userId} AND version < ${event.version}`);
      return;
    }
    case 'UserUpdated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserUpdated', event.data);
      const updated = await db.query(sql.unsafe`
        UPDATE users SET email = ${data.email}, first_name = ${data.first_name}, last_name = ${data.last_name},
                         phone = ${data.phone}, role = ${data.role}, institution_id = ${data.institution_id},
                         permissions = ${sql.array(data.permissions, 'text')}, version = ${event.version},
                         updated_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.userId} AND version < ${event.version}`);
      if (updated.rowCount === 0) return;
      await db.query(sql.unsafe`DELETE FROM clinician_institutions WHERE user_id = ${data.userId}`);
      await db.query(sql.unsafe`
        INSERT INTO clinician_institutions (user_id, institution_id)
        SELECT ${data.userId}, unnest(${sql.array(data.clinician_institution_ids, 'int4')})
        ON CONFLICT DO NOTHING`);
      return;
    }
    case 'UserDeactivated':
    case 'UserReactivated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        UPDATE users SET is_active = ${event.type === 'UserReactivated'}, version = ${event.version},
                         updated_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.userId} AND version < ${event.version}`);
      return;
    }
    case 'UserPasswordChanged': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserPasswordChanged', event.data);
      await db.query(sql.unsafe`
        UPDATE users SET version = ${event.version}, updated_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.userId} AND version < ${event.version}`);
      return;
    }
    case 'UserLoggedIn': {
      // A sign-in is activity, not a change of the record: updated_at stays.
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserLoggedIn', event.data);
      await db.query(sql.unsafe`
        UPDATE users SET version = ${event.version}, last_login_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.userId} AND version < ${event.version}`);
      return;
    }
  }
}

/**
 * The tables' DDL (Projection.init), kept without foreign keys so that they can be emptied and rebuilt from the
 * events (the command layer checks references before appending); `version` is the stream's last projected event,
 * the guard that makes re-projection idempotent.
 */
const USERS_TABLES = `
  CREATE TABLE IF NOT EXISTS users (
    id integer PRIMARY KEY,
    email text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    phone text,
    role text NOT NULL,
    institution_id integer,
    permissions text[] NOT NULL DEFAULT '{}',
    is_active boolean NOT NULL,
    last_login_at timestamptz,
    version integer NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (lower(email));
  CREATE INDEX IF NOT EXISTS users_institution_id_idx ON users (institution_id);
  CREATE INDEX IF NOT EXISTS users_role_idx ON users (role);

  CREATE TABLE IF NOT EXISTS clinician_institutions (
    user_id integer NOT NULL,
    institution_id integer NOT NULL,
    PRIMARY KEY (user_id, institution_id)
  );
  CREATE INDEX IF NOT EXISTS clinician_institutions_institution_id_idx ON clinician_institutions (institution_id);
`;

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  handles: [
    'UserRegistered',
    'UserProfileUpdated',
    'UserUpdated',
    'UserDeactivated',
    'UserReactivated',
    'UserPasswordChanged',
    'UserLoggedIn',
  ],
  tables: ['users', 'clinician_institutions'],
  init: USERS_TABLES,
  apply: applyUserEvent,
};
