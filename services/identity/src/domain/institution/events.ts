import { streamName } from '@labline/contracts';
import type { DomainEvent } from '../decider';

/** Everything that happens to an institution, in stream `institution-<id>`. */
export type InstitutionEvent = DomainEvent<'InstitutionRegistered'> | DomainEvent<'InstitutionUpdated'>;

export const institutionStream = (institutionId: number) => streamName('institution', institutionId);
