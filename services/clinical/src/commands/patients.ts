import { PATIENT_FIELD_ERRORS, type PatientInput } from '@labline/contracts';
import type { AppendMetadata, EventStore } from '@labline/eventstore';
import { httpError } from '@labline/service-kit';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { Caller } from '../access/patient-access';
import { patientDecider, type PatientFacts } from '../domain/patient/decide';
import { patientStream } from '../domain/patient/events';
import { activeClinicianIds, knownInstitutionIds } from '../projections/directory/queries';
import { RECORD_NUMBER_CONSTRAINT } from '../projections/patients/projection';
import { handleCommand } from './handle';

/** What clinical's commands write with. */
export interface CommandDependencies {
  pool: DatabasePool;
  store: EventStore;
}

/** The facts the patient rules need, from the projected directory of identity's institutions and users. */
async function factsFor(pool: DatabasePool, input: PatientInput): Promise<PatientFacts> {
  const primary = input.institution_ids[0];
  const [known, clinicians] = await Promise.all([
    knownInstitutionIds(pool, input.institution_ids),
    primary === undefined ? Promise.resolve([]) : activeClinicianIds(pool, primary),
  ]);
  return { knownInstitutionIds: known, primaryInstitutionClinicianIds: clinicians };
}

/** The record-number claim is a constraint of the read model, checked in the append transaction. */
async function withRecordNumberConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { constraint?: unknown }).constraint === RECORD_NUMBER_CONSTRAINT) {
      throw httpError(409, PATIENT_FIELD_ERRORS.medicalRecordNumberTaken);
    }
    throw error;
  }
}

/** POST /patients: registers a patient under a new id from the sequence; returns the id. */
export async function registerPatient(
  deps: CommandDependencies,
  caller: Caller,
  input: PatientInput,
  metadata: AppendMetadata,
): Promise<number> {
  const facts = await factsFor(deps.pool, input);
  const patientId = await deps.pool.oneFirst(
    sql.type(z.object({ id: z.number().int() }))`SELECT nextval('patient_id_seq')::int AS id`,
  );
  await withRecordNumberConflict(() =>
    handleCommand(
      deps.store,
      patientStream(patientId),
      patientDecider,
      { type: 'RegisterPatient', data: { patientId, input, caller, facts } },
      { metadata },
    ),
  );
  return patientId;
}

/** PUT /patients/{id}: the whole form as the new record; an unchanged form records nothing. */
export async function updatePatient(
  deps: CommandDependencies,
  caller: Caller,
  patientId: number,
  input: PatientInput,
  metadata: AppendMetadata,
): Promise<void> {
  const facts = await factsFor(deps.pool, input);
  await withRecordNumberConflict(() =>
    handleCommand(
      deps.store,
      patientStream(patientId),
      patientDecider,
      { type: 'UpdatePatient', data: { patientId, input, caller, facts } },
      { metadata },
    ),
  );
}

export async function deletePatient(
  deps: CommandDependencies,
  caller: Caller,
  patientId: number,
  metadata: AppendMetadata,
): Promise<void> {
  await handleCommand(
    deps.store,
    patientStream(patientId),
    patientDecider,
    { type: 'DeletePatient', data: { patientId, caller } },
    { metadata },
  );
}
