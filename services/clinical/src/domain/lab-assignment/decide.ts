import {
  CATALOGUE_FIELD_ERRORS,
  canManageLabAssignments,
  canReadLabAssignments,
  ERRORS,
  type Caller,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { LabAssignmentEvent } from './events';
import { evolveLabAssignment, initialLabAssignmentState, type LabAssignmentState } from './state';

/** What the command looked up before deciding. */
export interface LabAssignmentFacts {
  /** identity has registered the institution. */
  institutionExists: boolean;
  /** The lab the form names, when it is a lab. */
  lab: { id: number; active: boolean } | null;
  /** The sample type the form names (by id, or by name among those the institution may use). */
  sampleType: { id: number; active: boolean; institution_ids: readonly number[] } | null;
}

export type LabAssignmentCommand =
  | {
      type: 'AssignLab';
      data: {
        assignmentId: number;
        institutionId: number;
        /** What the form chose: a missing lab or sample type is the spec's "Please select both" message. */
        chose: { lab: boolean; sampleType: boolean };
        caller: Caller;
        facts: LabAssignmentFacts;
      };
    }
  | {
      type: 'RemoveLabAssignment';
      data: { assignmentId: number; institutionId: number; institutionExists: boolean; caller: Caller };
    };

/** Another tenant's institution answers as an unknown one; a reader who may not assign gets 403. */
function managedInstitution(caller: Caller, institutionId: number, exists: boolean) {
  if (!exists || !canReadLabAssignments(caller, institutionId)) {
    throw new RuleViolation('not_found', ERRORS.institutionNotFound);
  }
  if (!canManageLabAssignments(caller, institutionId)) throw new RuleViolation('forbidden', ERRORS.forbidden);
}

export function decideLabAssignment(command: LabAssignmentCommand, state: LabAssignmentState): LabAssignmentEvent[] {
  switch (command.type) {
    case 'AssignLab': {
      const { assignmentId, institutionId, chose, caller, facts } = command.data;
      managedInstitution(caller, institutionId, facts.institutionExists);
      if (!chose.lab || !chose.sampleType) throw new RuleViolation('invalid', ERRORS.selectLabAndSampleType);
      if (!facts.lab?.active) throw new RuleViolation('invalid', CATALOGUE_FIELD_ERRORS.labNotAvailable);
      const sampleType = facts.sampleType;
      const available =
        sampleType?.active === true &&
        (sampleType.institution_ids.length === 0 || sampleType.institution_ids.includes(institutionId));
      if (!sampleType || !available) {
        throw new RuleViolation('invalid', CATALOGUE_FIELD_ERRORS.sampleTypeNotAvailable);
      }
      if (state.status !== 'absent') throw new RuleViolation('conflict', `Assignment ${assignmentId} already exists`);
      return [
        {
          type: 'LabAssigned',
          data: { assignmentId, institution_id: institutionId, lab_id: facts.lab.id, sample_type_id: sampleType.id },
        },
      ];
    }
    case 'RemoveLabAssignment': {
      const { institutionId, institutionExists, caller } = command.data;
      if (!institutionExists || !canReadLabAssignments(caller, institutionId)) {
        throw new RuleViolation('not_found', ERRORS.institutionNotFound);
      }
      if (state.status !== 'assigned' || state.assignment.institution_id !== institutionId) {
        throw new RuleViolation('not_found', ERRORS.labAssignmentNotFound);
      }
      managedInstitution(caller, institutionId, institutionExists);
      return [{ type: 'LabAssignmentRemoved', data: state.assignment }];
    }
  }
}

export const labAssignmentDecider: Decider<LabAssignmentCommand, LabAssignmentEvent, LabAssignmentState> = {
  decide: decideLabAssignment,
  evolve: evolveLabAssignment,
  initialState: initialLabAssignmentState,
};
