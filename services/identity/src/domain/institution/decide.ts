import { ERRORS, type IdentityEventData } from '@labline/contracts';
import type { Decider } from '@labline/eventstore';
import { RuleViolation } from '@labline/eventstore';
import type { InstitutionEvent } from './events';
import { evolveInstitution, initialInstitutionState, type InstitutionState } from './state';

export type RegisterInstitution = {
  type: 'RegisterInstitution';
  data: IdentityEventData<'InstitutionRegistered'>;
};

export type UpdateInstitution = {
  type: 'UpdateInstitution';
  data: IdentityEventData<'InstitutionUpdated'>;
};

export type InstitutionCommand = RegisterInstitution | UpdateInstitution;

export function decideInstitution(command: InstitutionCommand, state: InstitutionState): InstitutionEvent[] {
  switch (command.type) {
    case 'RegisterInstitution':
      if (state.status === 'registered') {
        throw new RuleViolation('conflict', `Institution ${command.data.institutionId} is already registered`);
      }
      return [{ type: 'InstitutionRegistered', data: command.data }];
    case 'UpdateInstitution': {
      if (state.status !== 'registered') throw new RuleViolation('not_found', ERRORS.institutionNotFound);
      const data = command.data;
      const current = state.details;
      const unchanged = (Object.keys(data) as (keyof typeof data)[]).every((key) => current[key] === data[key]);
      // Saving an unchanged form records nothing.
      return unchanged ? [] : [{ type: 'InstitutionUpdated', data }];
    }
  }
}

export const institutionDecider: Decider<InstitutionCommand, InstitutionEvent, InstitutionState> = {
  decide: decideInstitution,
  evolve: evolveInstitution,
  initialState: initialInstitutionState,
};
