import { CLINICAL_EVENT_SCHEMAS, parseEventData, testRequestStatusAfter, type EventEnvelope } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
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

async function applyTestRequestEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      await db.query(sql.unsafe`
        INSERT INTO test_requests (id, patient_id, institution_id, test_name, expected_test_datetime, status, version)
        VALUES (${data.testRequestId}, ${data.patient_id}, ${data.institution_id}, ${data.test_name},
                ${data.expected_test_datetime}::timestamptz, ${data.status}, ${event.version})
        ON CONFLICT (id) DO UPDATE SET patient_id = excluded.patient_id, institution_id = excluded.institution_id,
          test_name = excluded.test_name, expected_test_datetime = excluded.expected_test_datetime,
          status = excluded.status, version = excluded.version
        WHERE test_requests.version < excluded.version`);
      return;
    }
    case 'TestRequestStatusChanged':
    case 'TestRequestCancelled': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      const status = testRequestStatusAfter(data);
      await db.query(sql.unsafe`
        UPDATE test_requests SET status = ${status}, version = ${event.version}
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
    case 'TestRequestArchived': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestArchived', event.data);
      await db.query(sql.unsafe`
        UPDATE test_requests SET archived = true, version = ${event.version}
        WHERE id = ${data.testRequestId} AND version < ${event.version}`);
      return;
    }
  }
}

/**
 * Patients' names, contact details and contact preference and their test requests, as clinical's events describe them: whom a
 * reaction writes to, about what. Kept by the durable consumer `notifications-clinical-directory`, which also
 * reads every test request event the reactions read, so its checkpoint tells them when it has caught up.
 */
export const clinicalDirectoryProjection: CrossServiceProjection = {
  name: 'clinical-directory',
  version: 1,
  subjects: ['lab.clinical.patient.>', 'lab.clinical.testRequest.>'],
  handles: [
    'PatientRegistered',
    'PatientUpdated',
    'PatientDeleted',
    'PatientRemovedFromInstitutions',
    'TestRequestCreated',
    'TestRequestUpdated',
    'TestRequestStatusChanged',
    'TestRequestCancelled',
    'TestRequestArchived',
  ],
  tables: ['patients', 'test_requests'],
  apply: (db, event) =>
    event.type.startsWith('Patient') ? applyPatientEvent(db, event) : applyTestRequestEvent(db, event),
};
