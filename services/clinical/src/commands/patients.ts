import { CLINICAL_EVENT_SCHEMAS, ERRORS, parseEventData, type Caller, type PatientInput } from '@labline/contracts';
import { RuleViolation, type AppendMetadata, type RecordedEvent } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import type { ClinicalContext } from '../config';
import { patientDecider, placedInstitutionIds, type PatientFacts } from '../domain/patient/decide';
import { patientStream } from '../domain/patient/events';
import { activeClinicianIds, knownInstitutionIds } from '../projections/directory/queries';
import { hasTestRequests } from '../projections/test-requests/facts';
import type { DatabaseTransactionConnection } from 'slonik';

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

/** The patient a delete's event takes away, and from where ('any': the whole record goes). */
function removalOf(event: RecordedEvent): { patientId: number; institutionIds: readonly number[] | 'any' } | null {
  if (event.type === 'PatientDeleted') {
    const { patientId } = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientDeleted', event.data);
    return { patientId, institutionIds: 'any' };
  }
  if (event.type === 'PatientRemovedFromInstitutions') {
    const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'PatientRemovedFromInstitutions', event.data);
    return { patientId: data.patientId, institutionIds: data.removed_institution_ids };
  }
  return null;
}

/**
 * In the delete's append transaction, after the patient's row was written: a patient with test requests stays
 * (the requests would lose their patient), and so does a shared patient's place at an institution its
 * requests are filed under.
 */
async function refuseWithTestRequests(transaction: DatabaseTransactionConnection, events: readonly RecordedEvent[]) {
  for (const removal of events.map(removalOf)) {
    if (removal && (await hasTestRequests(transaction, removal.patientId, removal.institutionIds))) {
      throw new RuleViolation('conflict', ERRORS.patientHasTestRequests);
    }
  }
}

/** DELETE /patients/{id}: refused (409) while the patient has test requests. */
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
    alsoInTransaction: refuseWithTestRequests,
  });
}
