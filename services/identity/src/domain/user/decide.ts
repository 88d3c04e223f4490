import { ERRORS, type IdentityEventData } from '@labline/contracts';
import type { Decider } from '@labline/eventstore';
import { RuleViolation } from '@labline/eventstore';
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
/** The account as an administrator saves it (spec 3 user form), after the access rules shaped it. */
export type AdministerUser = {
  type: 'AdministerUser';
  data: {
    /** Who saves: nobody may deactivate themself. */
    actorUserId: number | null;
    account: Omit<IdentityEventData<'UserUpdated'>, 'userId'>;
    /** true/false reactivates/deactivates; undefined keeps the status. */
    isActive: boolean | undefined;
    /** A new password was set (its hash is written beside the events, never in them). */
    passwordReset: boolean;
  };
};
export type SetUserActive = { type: 'SetUserActive'; data: { actorUserId: number | null; active: boolean } };

export type UserCommand =
  RegisterUser | UpdateUserProfile | ChangeUserPassword | RecordUserLogin | AdministerUser | SetUserActive;

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

const sameIds = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

function accountUnchanged(user: Registered, account: AdministerUser['data']['account']): boolean {
  return (
    user.email === account.email &&
    user.firstName === account.first_name &&
    user.lastName === account.last_name &&
    user.phone === account.phone &&
    user.role === account.role &&
    user.institutionId === account.institution_id &&
    sameIds(user.clinicianInstitutionIds, account.clinician_institution_ids) &&
    sameIds(user.permissions, account.permissions)
  );
}

/** Deactivation and reactivation; setting the status a user already has records nothing. */
function statusChange(user: Registered, active: boolean, actorUserId: number | null): UserEvent[] {
  if (active === user.isActive) return [];
  if (!active && actorUserId === user.userId) throw new RuleViolation('forbidden', ERRORS.cannotDeactivateSelf);
  return active
    ? [{ type: 'UserReactivated', data: { userId: user.userId } }]
    : [{ type: 'UserDeactivated', data: { userId: user.userId } }];
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
    case 'AdministerUser': {
      const user = registered(state);
      const { account, isActive, passwordReset, actorUserId } = command.data;
      if (account.role === 'clinician' && account.clinician_institution_ids.length === 0) {
        throw new RuleViolation('invalid', ERRORS.cliniciansNeedInstitution);
      }
      const events: UserEvent[] = [];
      if (!accountUnchanged(user, account))
        events.push({ type: 'UserUpdated', data: { userId: user.userId, ...account } });
      if (isActive !== undefined) events.push(...statusChange(user, isActive, actorUserId));
      if (passwordReset)
        events.push({ type: 'UserPasswordChanged', data: { userId: user.userId, reason: 'admin_reset' } });
      return events;
    }
    case 'SetUserActive':
      return statusChange(registered(state), command.data.active, command.data.actorUserId);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
