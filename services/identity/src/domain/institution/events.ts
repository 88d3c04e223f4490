import { streamName, type IDENTITY_EVENT_SCHEMAS } from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to an institution, in stream `institution-<id>`. */
export type InstitutionEvent = DomainEventOf<
  typeof IDENTITY_EVENT_SCHEMAS,
  'InstitutionRegistered' | 'InstitutionUpdated'
>;

export const institutionStream = (institutionId: number) => streamName('institution', institutionId);
