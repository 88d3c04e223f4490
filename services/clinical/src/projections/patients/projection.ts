import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The constraint behind "a record number is unique within an institution" (the HTTP layer answers 409). */
export const RECORD_NUMBER_CONSTRAINT = 'patient_record_numbers_pkey';

/**
 * patients and patient_record_numbers read models, written inline in the append transaction. Guarded by the
 * stream version, so projecting an event twice (a rebuild) changes nothing the second time.
 */
async function applyPatientEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'PatientRegistered':
    case 'PatientUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const written = await db.query(sql.unsafe`
        INSERT INTO patients (id, first_name, last_name, date_of_birth, gender, phone, email, insurance_number,
                              nhs_number, street_address_1, street_address_2, city, state, postal_code, country,
                              medical_record_number, institution_id, institution_ids, clinician_id,
                              contact_preference, version, created_at, updated_at)
        VALUES (${data.patientId}, ${data.first_name}, ${data.last_name}, ${data.date_of_birth}::date, ${data.gender},
                ${data.phone}, ${data.email}, ${data.insurance_number}, ${data.nhs_number}, ${data.street_address_1},
                ${data.street_address_2}, ${data.city}, ${data.state}, ${data.postal_code}, ${data.country},
                ${data.medical_record_number}, ${data.institution_ids[0]!},
                ${sql.array(data.institution_ids, 'int4')}, ${data.clinician_id}, ${data.contact_preference},
                ${event.version},
                ${event.occurredAt}::timestamptz, ${event.occurredAt}::timestamptz)
        ON CONFLICT (id) DO UPDATE SET
          first_name = excluded.first_name, last_name = excluded.last_name, date_of_birth = excluded.date_of_birth,
          gender = excluded.gender, phone = excluded.phone, email = excluded.email,
          insurance_number = excluded.insurance_number, nhs_number = excluded.nhs_number,
          street_address_1 = excluded.street_address_1, street_address_2 = excluded.street_address_2,
          city = excluded.city, state = excluded.state, postal_code = excluded.postal_code,
          country = excluded.country, medical_record_number = excluded.medical_record_number,
          institution_id = excluded.institution_id, institution_ids = excluded.institution_ids,
          clinician_id = excluded.clinician_id, contact_preference = excluded.contact_preference,
          version = excluded.version, updated_at = excluded.updated_at
        WHERE patients.version < excluded.version`);
      if (written.rowCount === 0) return;
      await db.query(sql.unsafe`DELETE FROM patient_record_numbers WHERE patient_id = ${data.patientId}`);
      await db.query(sql.unsafe`
        INSERT INTO patient_record_numbers (institution_id, medical_record_number, patient_id)
        SELECT unnest(${sql.array(data.institution_ids, 'int4')}), ${data.medical_record_number}, ${data.patientId}`);
      return;
    }
    case 'PatientRemovedFromInstitutions': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientRemovedFromInstitutions', event.data);
      const written = await db.query(sql.unsafe`
        UPDATE patients SET institution_ids = ${sql.array(data.institution_ids, 'int4')},
                            institution_id = ${data.institution_ids[0]!}, version = ${event.version},
                            updated_at = ${event.occurredAt}::timestamptz
        WHERE id = ${data.patientId} AND version < ${event.version}`);
      if (written.rowCount === 0) return;
      await db.query(sql.unsafe`
        DELETE FROM patient_record_numbers
        WHERE patient_id = ${data.patientId}
          AND institution_id = ANY(${sql.array(data.removed_institution_ids, 'int4')})`);
      return;
    }
    case 'PatientDeleted': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientDeleted', event.data);
      await db.query(sql.unsafe`DELETE FROM patients WHERE id = ${data.patientId}`);
      await db.query(sql.unsafe`DELETE FROM patient_record_numbers WHERE patient_id = ${data.patientId}`);
      return;
    }
  }
}

/**
 * The tables' DDL (Projection.init), kept without foreign keys so that they can be emptied and rebuilt from the
 * events; `version` is the stream's last projected event, the guard that makes re-projection idempotent.
 */
const PATIENTS_TABLES = `
  -- Trigram indexes make the patient search (a substring of name, MRN or e-mail) an index lookup.
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

  CREATE TABLE IF NOT EXISTS patients (
    id integer PRIMARY KEY,
    first_name text NOT NULL,
    last_name text NOT NULL,
    date_of_birth date,
    gender text,
    phone text,
    email text,
    insurance_number text,
    nhs_number text,
    street_address_1 text,
    street_address_2 text,
    city text,
    state text,
    postal_code text,
    country text,
    medical_record_number text NOT NULL,
    -- the primary institution (the first of institution_ids)
    institution_id integer NOT NULL,
    institution_ids integer[] NOT NULL,
    clinician_id integer,
    version integer NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    -- What the search box matches: name, MRN and e-mail, lower-cased once at write time. The leading space
    -- lets a one- or two-letter search match the start of a word (' th') through the trigram index.
    search_text text GENERATED ALWAYS AS (
      ' ' || lower(first_name || ' ' || last_name || ' ' || medical_record_number || ' ' || coalesce(email, ''))
    ) STORED,
    -- the channels the notifications service may message the patient on (issue 13 §2b)
    contact_preference text NOT NULL DEFAULT 'both'
  );
  -- Columns added after the table was first created: a database from before them gets them here (CREATE TABLE IF
  -- NOT EXISTS leaves an existing table as it is); on any other the statement does nothing.
  ALTER TABLE patients ADD COLUMN IF NOT EXISTS contact_preference text NOT NULL DEFAULT 'both';
  -- fastupdate off: each write goes straight into the index instead of a pending list that every search
  -- would scan until the next vacuum; patients are written rarely and searched often.
  CREATE INDEX IF NOT EXISTS patients_search_trgm_idx ON patients USING gin (search_text gin_trgm_ops)
    WITH (fastupdate = off);
  CREATE INDEX IF NOT EXISTS patients_institution_ids_idx ON patients USING gin (institution_ids)
    WITH (fastupdate = off);
  CREATE INDEX IF NOT EXISTS patients_clinician_id_idx ON patients (clinician_id, id);

  -- A medical record number is unique within each institution of its patient; this table holds the claim
  -- per institution, so the rule holds under concurrent writers too (a violation rolls the append back).
  CREATE TABLE IF NOT EXISTS patient_record_numbers (
    institution_id integer NOT NULL,
    medical_record_number text NOT NULL,
    patient_id integer NOT NULL,
    PRIMARY KEY (institution_id, medical_record_number)
  );
  CREATE INDEX IF NOT EXISTS patient_record_numbers_patient_id_idx ON patient_record_numbers (patient_id);
`;

/** clinical's patients, projected inline from its own patient events. */
export const patientsProjection: Projection = {
  name: 'patients',
  version: 1,
  handles: ['PatientRegistered', 'PatientUpdated', 'PatientRemovedFromInstitutions', 'PatientDeleted'],
  tables: ['patients', 'patient_record_numbers'],
  init: PATIENTS_TABLES,
  apply: applyPatientEvent,
};
