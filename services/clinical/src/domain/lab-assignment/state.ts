import type { ClinicalEventData } from '@labline/contracts';
import type { LabAssignmentEvent } from './events';

export type LabAssignmentRecord = ClinicalEventData<'LabAssigned'>;

export type LabAssignmentState =
  | { status: 'absent' }
  | { status: 'assigned'; assignment: LabAssignmentRecord }
  | { status: 'removed'; assignment: LabAssignmentRecord };

export const initialLabAssignmentState = (): LabAssignmentState => ({ status: 'absent' });

export function evolveLabAssignment(_state: LabAssignmentState, event: LabAssignmentEvent): LabAssignmentState {
  switch (event.type) {
    case 'LabAssigned':
      return { status: 'assigned', assignment: event.data };
    case 'LabAssignmentRemoved':
      return { status: 'removed', assignment: event.data };
  }
}
