import { streamName, type CLINICAL_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to a lab assignment, in stream `labAssignment-<id>`. */
export type LabAssignmentEvent = DomainEventOf<typeof CLINICAL_EVENT_SCHEMAS, 'LabAssigned' | 'LabAssignmentRemoved'>;

export const labAssignmentStream = (assignmentId: number) => streamName('labAssignment', assignmentId);
