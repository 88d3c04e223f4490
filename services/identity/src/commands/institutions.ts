import type { IdentityEventData } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { sql } from 'slonik';
import { z } from 'zod';
import { institutionDecider } from '../domain/institution/decide';
import { institutionStream } from '../domain/institution/events';
import type { CommandDependencies } from './deps';
import { handleCommand } from './handle';

export type NewInstitution = Omit<IdentityEventData<'InstitutionRegistered'>, 'institutionId'>;

/** Registers an institution under a new id from the sequence; returns the id. */
export async function registerInstitution(
  deps: Pick<CommandDependencies, 'pool' | 'store'>,
  institution: NewInstitution,
  metadata: AppendMetadata,
): Promise<number> {
  const institutionId = await deps.pool.oneFirst(
    sql.type(z.object({ id: z.number().int() }))`SELECT nextval('institution_id_seq')::int AS id`,
  );
  await handleCommand(
    deps.store,
    institutionStream(institutionId),
    institutionDecider,
    { type: 'RegisterInstitution', data: { institutionId, ...institution } },
    { metadata },
  );
  return institutionId;
}

/** PUT /institutions/{id}: the whole form as the new details; an unchanged form records nothing. */
export async function updateInstitution(
  deps: Pick<CommandDependencies, 'store'>,
  institutionId: number,
  institution: NewInstitution,
  metadata: AppendMetadata,
): Promise<void> {
  await handleCommand(
    deps.store,
    institutionStream(institutionId),
    institutionDecider,
    { type: 'UpdateInstitution', data: { institutionId, ...institution } },
    { metadata },
  );
}
