import type { IdentityEventData } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import type { CommandDependencies } from '../config';
import { institutionDecider } from '../domain/institution/decide';
import { institutionStream } from '../domain/institution/events';

export type NewInstitution = Omit<IdentityEventData<'InstitutionRegistered'>, 'institutionId'>;

/** Registers an institution under a new id from the sequence; returns the id. */
export async function registerInstitution(
  deps: Pick<CommandDependencies, 'pool' | 'commands'>,
  institution: NewInstitution,
  metadata: AppendMetadata,
): Promise<number> {
  const institutionId = await nextId(deps.pool, 'institution_id_seq');
  await deps.commands.handleCommand({
    stream: institutionStream(institutionId),
    decider: institutionDecider,
    command: { type: 'RegisterInstitution', data: { institutionId, ...institution } },
    metadata,
  });
  return institutionId;
}

/** PUT /institutions/{id}: the whole form as the new details; an unchanged form records nothing. */
export async function updateInstitution(
  deps: Pick<CommandDependencies, 'commands'>,
  institutionId: number,
  institution: NewInstitution,
  metadata: AppendMetadata,
): Promise<void> {
  await deps.commands.handleCommand({
    stream: institutionStream(institutionId),
    decider: institutionDecider,
    command: { type: 'UpdateInstitution', data: { institutionId, ...institution } },
    metadata,
  });
}
