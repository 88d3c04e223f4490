import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * clinical's patients as fulfillment needs them: the names, MRN and contact and shipping address a kit goes to
 * (spec 2 §3's nested patient). Every patient event carries the whole snapshot; writes are guarded by the patient
 * stream's version, so a redelivery or an older event changes nothing. A deleted patient keeps its row (its
 * requests still name it).
 */
async function applyPatientEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type !== 'PatientRegistered' && event.type !== 'PatientUpdated') return;
  const p = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
  const search = `${p.first_name} ${p.last_name} ${p.last_name} ${p.first_name}`.toLowerCase();
  await db.query(sql.unsafe`
    INSERT INTO fulfillment_patients (id, first_name, last_name, medical_record_number, phone, email,
      street_address_1, street_address_2, city, state, postal_code, country, search_text, version)
    VALUES (${p.patientId}, ${p.first_name}, ${p.last_name}, ${p.medical_record_number}, ${p.phone}, ${p.email},
      ${p.street_address_1}, ${p.street_address_2}, ${p.city}, ${p.state}, ${p.postal_code}, ${p.country},
      ${search}, ${event.version})
    ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
      medical_record_number = excluded.medical_record_number, phone = excluded.phone, email = excluded.email,
      street_address_1 = excluded.street_address_1, street_address_2 = excluded.street_address_2,
      city = excluded.city, state = excluded.state, postal_code = excluded.postal_code, country = excluded.country,
      search_text = excluded.search_text, version = excluded.version
    WHERE fulfillment_patients.version < excluded.version`);
}

export const patientsProjection: CrossServiceProjection = {
  name: 'patients',
  version: 1,
  subjects: ['lab.clinical.patient.>'],
  handles: ['PatientRegistered', 'PatientUpdated'],
  tables: ['fulfillment_patients'],
  init: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    CREATE TABLE IF NOT EXISTS fulfillment_patients (
      id integer PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      medical_record_number text NOT NULL,
      phone text,
      email text,
      street_address_1 text,
      street_address_2 text,
      city text,
      state text,
      postal_code text,
      country text,
      search_text text NOT NULL,
      version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS fulfillment_patients_search_trgm_idx
      ON fulfillment_patients USING gin (search_text gin_trgm_ops)
      WITH (fastupdate = off);`,
  apply: applyPatientEvent,
};
