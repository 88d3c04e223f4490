import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * clinical's patients as results shows and searches them: the names, MRN, date of birth and gender of the report's
 * header (spec 2 §3 Test result). Every patient event carries the whole snapshot; writes are guarded by the patient
 * stream's version, so a redelivery or an older event changes nothing. A deleted patient keeps its row (its results
 * still name it).
 */
async function applyPatientEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type !== 'PatientRegistered' && event.type !== 'PatientUpdated') return;
  const p = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
  const search = `${p.first_name} ${p.last_name} ${p.last_name} ${p.first_name} ${p.medical_record_number}`;
  await db.query(sql.unsafe`
    INSERT INTO results_patients (id, first_name, last_name, medical_record_number, date_of_birth, gender,
      search_text, version)
    VALUES (${p.patientId}, ${p.first_name}, ${p.last_name}, ${p.medical_record_number}, ${p.date_of_birth},
      ${p.gender}, ${search.toLowerCase()}, ${event.version})
    ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
      medical_record_number = excluded.medical_record_number, date_of_birth = excluded.date_of_birth,
      gender = excluded.gender, search_text = excluded.search_text, version = excluded.version
    WHERE results_patients.version < excluded.version`);
}

export const patientsProjection: CrossServiceProjection = {
  name: 'patients',
  version: 1,
  subjects: ['lab.clinical.patient.>'],
  handles: ['PatientRegistered', 'PatientUpdated'],
  tables: ['results_patients'],
  init: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    CREATE TABLE IF NOT EXISTS results_patients (
      id integer PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      medical_record_number text NOT NULL,
      date_of_birth text,
      gender text,
      search_text text NOT NULL,
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS results_patients_search_trgm_idx
      ON results_patients USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);`,
  apply: applyPatientEvent,
};
