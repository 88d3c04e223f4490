import type { IdentityEventData } from '@labline/contracts';
import type { Decider } from '@labline/eventstore';
import { RuleViolation } from '../decider';
import type { InstitutionEvent } from './events';
import { evolveInstitution, initialInstitutionState, type InstitutionState } from './state';

export type RegisterInstitution = {
  type: 'RegisterInstitution';
  data: IdentityEventData<'InstitutionRegistered'>;
};

export type InstitutionCommand = RegisterInstitution;

export function decideInstitution(command: InstitutionCommand, state: InstitutionState): InstitutionEvent[] {
  switch (command.type) {
    case 'RegisterInstitution':
      if (state.status === 'registered') {
        throw new RuleViolation('conflict', `Institution ${command.data.institutionId} is already registered`);
      }
      return [{ type: 'InstitutionRegistered', data: command.data }];
  }
}

export const institutionDecider: Decider<InstitutionCommand, InstitutionEvent, InstitutionState> = {
  decide: decideInstitution,
  evolve: evolveInstitution,
  initialState: initialInstitutionState,
};
