import { IDENTITY_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** institutions read model: one row per institution stream, guarded by the stream version. */
async function applyInstitutionEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'InstitutionRegistered':
    case 'InstitutionUpdated': {
      const data = parseEventData(IDENTITY_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO institutions (id, name, institution_number, address, phone, email, institution_type,
                                  api_enabled, version, created_at, updated_at)
        VALUES (${data.institutionId}, ${data.name}, ${data.institution_number}, ${data.address}, ${data.phone},
                ${data.email}, ${data.institution_type}, ${data.api_enabled}, ${event.version}, ${event.occurredAt}::timestamptz,
                ${event.occurredAt}::timestamptz)
        ON CONFLICT (id) DO UPDATE SET
          name = excluded.name, institution_number = excluded.institution_number, address = excluded.address,
          phone = excluded.phone, email = excluded.email, institution_type = excluded.institution_type,
          api_enabled = excluded.api_enabled,
          version = excluded.version, updated_at = excluded.updated_at
        WHERE institutions.version < excluded.version`);
      return;
    }
  }
}

/** The table's DDL (Projection.init); `version` is the stream's last projected event, the re-projection guard. */
const INSTITUTIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS institutions (
    id integer PRIMARY KEY,
    name text NOT NULL,
    institution_number text,
    address text,
    phone text,
    email text,
    institution_type text NOT NULL,
    version integer NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  );
  ALTER TABLE institutions ADD COLUMN IF NOT EXISTS api_enabled boolean NOT NULL DEFAULT false;
`;

export const institutionsProjection: Projection = {
  name: 'institutions',
  version: 2,
  handles: ['InstitutionRegistered', 'InstitutionUpdated'],
  tables: ['institutions'],
  init: INSTITUTIONS_TABLE,
  apply: applyInstitutionEvent,
};
