import type { Caller, PatientInput } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import type { ClinicalContext } from '../config';
import { patientDecider, placedInstitutionIds, type PatientFacts } from '../domain/patient/decide';
import { patientStream } from '../domain/patient/events';
import { activeClinicianIds, knownInstitutionIds } from '../projections/directory/queries';

/** What clinical's commands write with. */
export type CommandDependencies = Pick<ClinicalContext, 'pool' | 'commands'>;

/** The facts the patient rules need, from the projected directory of identity's institutions and users. */
async function factsFor(deps: CommandDependencies, input: PatientInput): Promise<PatientFacts> {
  const primary = input.institution_ids[0];
  const [known, clinicians] = await Promise.all([
    knownInstitutionIds(deps.pool, input.institution_ids),
    primary === undefined ? Promise.resolve([]) : activeClinicianIds(deps.pool, primary),
  ]);
  return { knownInstitutionIds: known, primaryInstitutionClinicianIds: clinicians };
}

/** POST /patients: registers a patient under a new id from the sequence; returns the id. */
export async function registerPatient(
  deps: CommandDependencies,
  caller: Caller,
  input: PatientInput,
  metadata: AppendMetadata,
): Promise<number> {
  const facts = await factsFor(deps, input);
  const patientId = await nextId(deps.pool, 'patient_id_seq');
  await deps.commands.handleCommand({
    stream: patientStream(patientId),
    decider: patientDecider,
    command: { type: 'RegisterPatient', data: { patientId, input, caller, facts } },
    metadata,
  });
  return patientId;
}

/**
 * PUT /patients/{id}: the whole form as the new record; an unchanged form records nothing. The facts are
 * looked up for the institutions the save files the patient under (a shared patient keeps its others).
 */
export async function updatePatient(
  deps: CommandDependencies,
  caller: Caller,
  patientId: number,
  input: PatientInput,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: patientStream(patientId),
    decider: patientDecider,
    command: async (state) => {
      const current = state.status === 'registered' ? state.patient.institution_ids : [];
      const placed = placedInstitutionIds(caller, input.institution_ids, current);
      const facts = await factsFor(deps, { ...input, institution_ids: placed });
      return { type: 'UpdatePatient' as const, data: { patientId, input, caller, facts } };
    },
    metadata,
  });
}

export async function deletePatient(
  deps: CommandDependencies,
  caller: Caller,
  patientId: number,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: patientStream(patientId),
    decider: patientDecider,
    command: { type: 'DeletePatient', data: { patientId, caller } },
    metadata,
  });
}
