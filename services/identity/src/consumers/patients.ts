import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import { startConsumer, type DurableConsumer } from '@labline/bus';
import type { Logger } from '@labline/telemetry';
import type { NatsConnection } from 'nats';
import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';

export const PATIENT_STATS_CONSUMER = 'identity-institution-patients';

/**
 * institution_patients: which institutions each patient belongs to, for the Patients stat card. Guarded by
 * the patient stream's version, so a redelivered or late older event changes nothing.
 */
export async function projectPatientEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
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

/** The durable consumer that keeps institution_patients up to date from clinical's patient events. */
export function startPatientStatsConsumer(options: {
  nc: NatsConnection;
  pool: DatabasePool;
  logger?: Logger;
}): Promise<DurableConsumer> {
  return startConsumer({
    nc: options.nc,
    pool: options.pool,
    durableName: PATIENT_STATS_CONSUMER,
    filterSubjects: ['lab.clinical.patient.>'],
    handle: (event, transaction) => projectPatientEvent(transaction, event),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
