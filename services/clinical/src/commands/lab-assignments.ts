import {
  CATALOGUE_FIELD_ERRORS,
  type Caller,
  type ClinicalEventData,
  type LabAssignmentInput,
} from '@labline/contracts';
import { RuleViolation, type AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import { labAssignmentDecider } from '../domain/lab-assignment/decide';
import { labAssignmentStream } from '../domain/lab-assignment/events';
import { catalogueItemOfKind, lockReferencedItems, sampleTypeFor } from '../projections/catalogue/facts';
import { knownInstitutionIds } from '../projections/directory/queries';
import type { CommandDependencies } from './patients';

const institutionExists = async (deps: CommandDependencies, institutionId: number) =>
  (await knownInstitutionIds(deps.pool, [institutionId])).length === 1;

/**
 * POST /institutions/{id}/labs: assigns a lab for a sample type (named, or by id); returns the assignment's
 * id. A second assignment of the same lab and sample type breaks the read model's unique index: 409.
 */
export async function assignLab(
  deps: CommandDependencies,
  caller: Caller,
  institutionId: number,
  input: LabAssignmentInput,
  metadata: AppendMetadata,
): Promise<number> {
  const sampleTypeChoice = { id: input.sample_type_id, name: input.sample_type };
  const chose = { lab: input.lab_id !== null, sampleType: input.sample_type_id !== null || input.sample_type !== null };
  const [exists, lab, sampleType] = await Promise.all([
    institutionExists(deps, institutionId),
    input.lab_id === null ? Promise.resolve(null) : catalogueItemOfKind(deps.pool, 'labs', input.lab_id),
    chose.sampleType ? sampleTypeFor(deps.pool, institutionId, sampleTypeChoice) : Promise.resolve(null),
  ]);
  const assignmentId = await nextId(deps.pool, 'lab_assignment_id_seq');
  await deps.commands.handleCommand({
    stream: labAssignmentStream(assignmentId),
    decider: labAssignmentDecider,
    command: {
      type: 'AssignLab',
      data: { assignmentId, institutionId, chose, caller, facts: { institutionExists: exists, lab, sampleType } },
    },
    metadata,
    // The lab and the sample type stay until this assignment commits (a delete then finds it: 409).
    alsoInTransaction: async (transaction, events) => {
      for (const event of events) {
        const { lab_id, sample_type_id } = event.data as ClinicalEventData<'LabAssigned'>;
        const missing = await lockReferencedItems(transaction, [lab_id, sample_type_id]);
        if (missing.includes(lab_id)) throw new RuleViolation('invalid', CATALOGUE_FIELD_ERRORS.labNotAvailable);
        if (missing.length > 0) throw new RuleViolation('invalid', CATALOGUE_FIELD_ERRORS.sampleTypeNotAvailable);
      }
    },
  });
  return assignmentId;
}

/** DELETE /institutions/{id}/labs/{assignmentId}. */
export async function removeLabAssignment(
  deps: CommandDependencies,
  caller: Caller,
  institutionId: number,
  assignmentId: number,
  metadata: AppendMetadata,
): Promise<void> {
  const exists = await institutionExists(deps, institutionId);
  await deps.commands.handleCommand({
    stream: labAssignmentStream(assignmentId),
    decider: labAssignmentDecider,
    command: {
      type: 'RemoveLabAssignment',
      data: { assignmentId, institutionId, institutionExists: exists, caller },
    },
    metadata,
  });
}
