import {
  CLINICAL_EVENT_SCHEMAS,
  parseEventData,
  TEST_REQUEST_SUBJECTS,
  TEST_REQUEST_SUMMARY_EVENT_TYPES,
  type EventEnvelope,
} from '@labline/contracts';
import {
  applyTestRequestSummaryEvent,
  TEST_REQUEST_SUMMARY_TABLE,
  TEST_REQUEST_SUMMARY_TABLE_DDL,
  type CrossServiceProjection,
} from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

async function applyPatientEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'PatientRegistered':
    case 'PatientUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO patients (id, first_name, last_name, email, phone, institution_ids, contact_preference, version)
        VALUES (${data.patientId}, ${data.first_name}, ${data.last_name}, ${data.email}, ${data.phone},
                ${sql.array(data.institution_ids, 'int4')}, ${data.contact_preference}, ${event.version})
        ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
          email = excluded.email, phone = excluded.phone, institution_ids = excluded.institution_ids,
          contact_preference = excluded.contact_preference, version = excluded.version
        WHERE patients.version < excluded.version`);
      return;
    }
    case 'PatientDeleted': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientDeleted', event.data);
      await db.query(sql.unsafe`
        UPDATE patients SET deleted = true, version = ${event.version}
        WHERE id = ${data.patientId} AND version < ${event.version}`);
      return;
    }
    case 'PatientRemovedFromInstitutions': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientRemovedFromInstitutions', event.data);
      await db.query(sql.unsafe`
        UPDATE patients SET institution_ids = ${sql.array(data.institution_ids, 'int4')}, version = ${event.version}
        WHERE id = ${data.patientId} AND version < ${event.version}`);
      return;
    }
  }
}

/**
 * Patients' contact details as clinical's events describe them: who a reaction writes to. Without foreign keys, so
 * that the table can be emptied and rebuilt from the events; a deleted patient keeps its row (deleted = true), so a
 * late redelivery of an older event cannot bring it back: `version`, the stream's last projected event, refuses it.
 */
const PATIENTS_TABLE = `
  CREATE TABLE IF NOT EXISTS patients (
    id integer PRIMARY KEY,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text,
    phone text,
    institution_ids integer[] NOT NULL,
    deleted boolean NOT NULL DEFAULT false,
    version integer NOT NULL,
    -- the channels this service may message the patient on (issue 13 §2b)
    contact_preference text NOT NULL DEFAULT 'both'
  );
  -- Columns added after the table was first created: a database from before them gets them here (CREATE TABLE IF
  -- NOT EXISTS leaves an existing table as it is); on any other the statement does nothing.
  ALTER TABLE patients ADD COLUMN IF NOT EXISTS contact_preference text NOT NULL DEFAULT 'both';
`;

/**
 * Patients' names, contact details and contact preference (this service's table) and their test requests (the
 * kit's test-request summary, in step with the patients), as clinical's events describe them: whom a
 * reaction writes to, about what. Kept by the durable consumer `notifications-clinical-directory`, which also
 * reads every test request event the reactions read, so its checkpoint tells them when it has caught up.
 */
export const clinicalDirectoryProjection: CrossServiceProjection = {
  name: 'clinical-directory',
  // 2: test requests are the kit's summary (test_request_summaries), no longer a table of this service's own.
  // 3: its init holds the patients table too (the DDL moved here from migrations 001 and 003): a new version is a
  // new init migration, so a database whose patients table predates contact_preference gets the column.
  // 4: the kit's test-request summary has the ordering clinician, the orderer and the creation time.
  version: 4,
  subjects: ['lab.clinical.patient.>', ...TEST_REQUEST_SUBJECTS],
  handles: [
    'PatientRegistered',
    'PatientUpdated',
    'PatientDeleted',
    'PatientRemovedFromInstitutions',
    ...TEST_REQUEST_SUMMARY_EVENT_TYPES,
  ],
  tables: ['patients', TEST_REQUEST_SUMMARY_TABLE],
  init: PATIENTS_TABLE + TEST_REQUEST_SUMMARY_TABLE_DDL,
  apply: (db, event) =>
    event.type.startsWith('Patient') ? applyPatientEvent(db, event) : applyTestRequestSummaryEvent(db, event),
};
