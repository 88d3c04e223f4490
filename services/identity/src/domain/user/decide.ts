import { ERRORS, type IdentityEventData } from '@labline/contracts';
import type { Decider } from '@labline/eventstore';
import { RuleViolation } from '../decider';
import type { UserEvent } from './events';
import { evolveUser, initialUserState, type UserState } from './state';

export type RegisterUser = { type: 'RegisterUser'; data: IdentityEventData<'UserRegistered'> };
export type UpdateUserProfile = {
  type: 'UpdateUserProfile';
  data: { first_name: string; last_name: string; phone: string | null };
};
export type ChangeUserPassword = {
  type: 'ChangeUserPassword';
  data: IdentityEventData<'UserPasswordChanged'>['reason'];
};
export type RecordUserLogin = { type: 'RecordUserLogin' };

export type UserCommand = RegisterUser | UpdateUserProfile | ChangeUserPassword | RecordUserLogin;

type Registered = Extract<UserState, { status: 'registered' }>;

function registered(state: UserState): Registered {
  if (state.status !== 'registered') throw new RuleViolation('not_found', ERRORS.userNotFound);
  return state;
}

function active(state: UserState): Registered {
  const user = registered(state);
  if (!user.isActive) throw new RuleViolation('forbidden', ERRORS.accountInactive);
  return user;
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status === 'registered') throw new RuleViolation('conflict', ERRORS.emailAlreadyRegistered);
      const data = command.data;
      if (data.role === 'clinician' && data.clinician_institution_ids.length === 0) {
        throw new RuleViolation('invalid', ERRORS.cliniciansNeedInstitution);
      }
      return [{ type: 'UserRegistered', data }];
    }
    case 'UpdateUserProfile': {
      const user = registered(state);
      const { first_name, last_name, phone } = command.data;
      // Saving an unchanged form records nothing: the audit trail shows changes, not clicks.
      if (user.firstName === first_name && user.lastName === last_name && user.phone === phone) return [];
      return [{ type: 'UserProfileUpdated', data: { userId: user.userId, first_name, last_name, phone } }];
    }
    case 'ChangeUserPassword': {
      // A user changes their own password only while active; an administrator may reset anyone's.
      const user = command.data === 'self_service' ? active(state) : registered(state);
      return [{ type: 'UserPasswordChanged', data: { userId: user.userId, reason: command.data } }];
    }
    case 'RecordUserLogin': {
      const user = active(state);
      return [{ type: 'UserLoggedIn', data: { userId: user.userId } }];
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
