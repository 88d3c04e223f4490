/**
 * identity's directory in another service's database: its institutions and users as identity's events describe
 * them, and the sessions identity has ended, kept by a durable consumer of identity's subjects. Every service
 * but identity knows its callers from it (their current role and institutions, whether they are still active,
 * whether the token's session has ended) and names institutions and users with it. The projection owns its
 * tables: their DDL is below, applied in each service's schema (Projection.init).
 */
import {
  callerFromUser,
  IDENTITY_DIRECTORY_EVENT_TYPES,
  IDENTITY_DIRECTORY_SUBJECTS,
  IDENTITY_EVENT_SCHEMAS,
  parseEventData,
  roleSchema,
  type Caller,
  type EventEnvelope,
  type Principal,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { CrossServiceProjection } from './projection';

export interface IdentityDirectoryOptions {
  /**
   * The projection's version in this service's database (Projection.version): raise it when the tables' shape
   * or meaning changes there, or when this module starts writing something new, and the service rebuilds them.
   */
  version: number;
}

/**
 * The directory's tables, kept without foreign keys so that they can be emptied and rebuilt from the events;
 * `version` is the stream's last projected event, the guard that makes re-projection idempotent. (The address
 * and api_enabled came later to some services' directories: added where missing; a service that reads api_enabled
 * raises its directory's version so the rebuild fills it in.)
 */
const DIRECTORY_TABLES = `
  CREATE TABLE IF NOT EXISTS institutions (
    id integer PRIMARY KEY,
    name text NOT NULL,
    address text,
    version integer NOT NULL
  );
  ALTER TABLE institutions ADD COLUMN IF NOT EXISTS address text;
  ALTER TABLE institutions ADD COLUMN IF NOT EXISTS api_enabled boolean NOT NULL DEFAULT false;

  CREATE TABLE IF NOT EXISTS users (
    id integer PRIMARY KEY,
    email text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    role text NOT NULL,
    institution_id integer,
    clinician_institution_ids integer[] NOT NULL DEFAULT '{}',
    is_active boolean NOT NULL,
    version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS users_role_idx ON users (role) WHERE is_active;

  -- Sessions identity has ended (SessionEnded): their tokens are refused from then on. A row is needed only
  -- while a token of the session could still be valid (JWT_TTL_SECONDS, a day at most).
  CREATE TABLE IF NOT EXISTS ended_sessions (
    session_id uuid PRIMARY KEY,
    user_id integer NOT NULL,
    ended_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS ended_sessions_ended_at_idx ON ended_sessions (ended_at);
`;

/**
 * Applies one of identity's events. Every write is guarded by the identity stream's version, so a redelivered
 * or older event changes nothing. Sign-ins and password changes change nothing the directory holds.
 */
async function applyIdentityEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'InstitutionRegistered':
    case 'InstitutionUpdated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO institutions (id, name, address, api_enabled, version)
        VALUES (${data.institutionId}, ${data.name}, ${data.address}, ${data.api_enabled}, ${event.version})
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, address = excluded.address,
          api_enabled = excluded.api_enabled, version = excluded.version
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

/**
 * identity's institutions and users, for a service's `consumes`: kept by the durable consumer
 * `<service>-identity-directory`.
 */
export function identityDirectoryProjection(options: IdentityDirectoryOptions): CrossServiceProjection {
  return {
    name: 'identity-directory',
    version: options.version,
    subjects: IDENTITY_DIRECTORY_SUBJECTS,
    handles: IDENTITY_DIRECTORY_EVENT_TYPES,
    tables: ['institutions', 'users', 'ended_sessions'],
    init: DIRECTORY_TABLES,
    apply: applyIdentityEvent,
  };
}

/** The caller's projected account (null columns: not projected yet) and whether the token's session ended. */
const callerRowSchema = z.object({
  role: roleSchema.nullable(),
  institution_id: z.number().int().nullable(),
  clinician_institution_ids: z.array(z.number().int()).nullable(),
  is_active: z.boolean().nullable(),
  session_ended: z.boolean(),
});

/**
 * The caller with their current role and institutions from the identity directory, or null once identity has
 * deactivated them or ended the token's session (401): a service's `auth().resolveCaller`. A user the
 * projection has not seen yet (it lags identity by moments) is taken as the signed token describes them: the
 * token's signature vouches for them.
 */
export async function resolveDirectoryCaller(db: CommonQueryMethods, principal: Principal): Promise<Caller | null> {
  const row = await db.one(sql.type(callerRowSchema)`
    SELECT u.role, u.institution_id, u.clinician_institution_ids, u.is_active,
           EXISTS (SELECT 1 FROM ended_sessions e WHERE e.session_id = ${principal.sid}) AS session_ended
    FROM (VALUES (1)) AS one LEFT JOIN users u ON u.id = ${principal.id}`);
  if (row.session_ended) return null;
  if (row.role === null) return callerFromUser(principal);
  if (!row.is_active) return null;
  return callerFromUser({
    id: principal.id,
    role: row.role,
    institution_id: row.institution_id,
    clinician_institution_ids: row.clinician_institution_ids ?? [],
    permissions: principal.permissions,
  });
}
