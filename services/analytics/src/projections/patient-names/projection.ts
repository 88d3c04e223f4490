/**
 * Patients' names, for the patient analytics' patient_name (spec 3 §3). Whose the patient is and whether it is
 * deleted are clinical-activity's `patients`. Names are patient data: they are read for the one patient asked
 * for and never logged. Kept by the durable consumer `analytics-patient-names`, guarded by the stream's version.
 */
import { CLINICAL_EVENT_SCHEMAS, parseEventData } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql } from 'slonik';

export const patientNamesProjection: CrossServiceProjection = {
  name: 'patient-names',
  version: 1,
  subjects: ['lab.clinical.patient.>'],
  handles: ['PatientRegistered', 'PatientUpdated'],
  tables: ['patient_names'],
  init: `
    CREATE TABLE IF NOT EXISTS patient_names (
      id integer PRIMARY KEY,
      first_name text NOT NULL,
      last_name text NOT NULL,
      version integer NOT NULL
    );`,
  apply: async (db, event) => {
    if (event.type !== 'PatientRegistered' && event.type !== 'PatientUpdated') return;
    const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
    await db.query(sql.unsafe`
      INSERT INTO patient_names (id, first_name, last_name, version)
      VALUES (${data.patientId}, ${data.first_name}, ${data.last_name}, ${event.version})
      ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
        version = excluded.version
      WHERE patient_names.version < excluded.version`);
  },
};
