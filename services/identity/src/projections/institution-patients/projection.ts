import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * institution_patients: which institutions each patient belongs to, for the Patients stat card. Guarded by
 * the patient stream's version, so a redelivered or late older event changes nothing.
 */
async function applyInstitutionPatientEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'PatientRegistered':
    case 'PatientUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO institution_patients (patient_id, institution_ids, deleted, version)
        VALUES (${data.patientId}, ${sql.array(data.institution_ids, 'int4')}, false, ${event.version})
        ON CONFLICT (patient_id) DO UPDATE
        SET institution_ids = excluded.institution_ids, version = excluded.version
        WHERE institution_patients.version < excluded.version AND NOT institution_patients.deleted`);
      return;
    }
    case 'PatientRemovedFromInstitutions': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientRemovedFromInstitutions', event.data);
      await db.query(sql.unsafe`
        UPDATE institution_patients SET institution_ids = ${sql.array(data.institution_ids, 'int4')},
                                        version = ${event.version}
        WHERE patient_id = ${data.patientId} AND version < ${event.version} AND NOT deleted`);
      return;
    }
    case 'PatientDeleted': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientDeleted', event.data);
      await db.query(sql.unsafe`
        INSERT INTO institution_patients (patient_id, institution_ids, deleted, version)
        VALUES (${data.patientId}, ${sql.array(data.institution_ids, 'int4')}, true, ${event.version})
        ON CONFLICT (patient_id) DO UPDATE SET deleted = true, version = excluded.version
        WHERE institution_patients.version < excluded.version`);
      return;
    }
  }
}

/**
 * Patients per institution for the institution stats (spec 3 §3). A deleted patient keeps its row (deleted = true)
 * so that a late redelivery of an older event cannot bring it back: the version guard (the patient stream's last
 * projected event) refuses it.
 */
const INSTITUTION_PATIENTS_TABLE = `
  CREATE TABLE IF NOT EXISTS institution_patients (
    patient_id integer PRIMARY KEY,
    institution_ids integer[] NOT NULL,
    deleted boolean NOT NULL DEFAULT false,
    version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS institution_patients_institution_ids_idx
    ON institution_patients USING gin (institution_ids);
`;

/** clinical's patients per institution, kept by the durable consumer `identity-institution-patients`. */
export const institutionPatientsProjection: CrossServiceProjection = {
  name: 'institution-patients',
  version: 1,
  subjects: ['lab.clinical.patient.>'],
  handles: ['PatientRegistered', 'PatientUpdated', 'PatientRemovedFromInstitutions', 'PatientDeleted'],
  tables: ['institution_patients'],
  init: INSTITUTION_PATIENTS_TABLE,
  apply: applyInstitutionPatientEvent,
};
