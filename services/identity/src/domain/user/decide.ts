import {
  ACCOUNT_EMAIL_TEXTS,
  ERRORS,
  type IdentityEventData,
  type PasswordTokenPurpose,
  type SessionEndReason,
} from '@labline/contracts';
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
  /** The session the change is made from: it goes on, the user's other sessions end. */
  keepSessionId?: string;
};
/** A sign-in: records it and starts a session. */
export type RecordUserLogin = {
  type: 'RecordUserLogin';
  session: { sessionId: string; startedAt: string; expiresAt: string };
};
/** A token renewal: refused (and the session ended) past the idle timeout or the absolute end. */
export type RefreshSession = {
  type: 'RefreshSession';
  data: { sessionId: string; now: string; idleTimeoutSeconds: number };
};
/** Sign Out. */
export type EndSession = { type: 'EndSession'; data: { sessionId: string } };
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
/** A set-password link for the user (the Email communication card): only an active user gets one. */
export type IssuePasswordToken = {
  type: 'IssuePasswordToken';
  data: { purpose: PasswordTokenPurpose; expiresAt: string };
};
/** The link's token set the password (its hash is written beside the events): every session ends. */
export type SetPasswordWithToken = { type: 'SetPasswordWithToken'; data: { purpose: PasswordTokenPurpose } };

export type UserCommand =
  | RegisterUser
  | UpdateUserProfile
  | ChangeUserPassword
  | RecordUserLogin
  | RefreshSession
  | EndSession
  | AdministerUser
  | SetUserActive
  | IssuePasswordToken
  | SetPasswordWithToken;

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

/** Ends every session of the user but `keep`: their tokens are refused everywhere from now on. */
function endSessions(user: Registered, reason: SessionEndReason, keep?: string): UserEvent[] {
  return user.sessions
    .filter((session) => session.sessionId !== keep)
    .map((session) => ({ type: 'SessionEnded', data: { userId: user.userId, sessionId: session.sessionId, reason } }));
}

/**
 * Deactivation and reactivation; setting the status a user already has records nothing. Either ends the
 * user's sessions, so no token issued before works again.
 */
function statusChange(user: Registered, active: boolean, actorUserId: number | null): UserEvent[] {
  if (active === user.isActive) return [];
  if (!active && actorUserId === user.userId) throw new RuleViolation('forbidden', ERRORS.cannotDeactivateSelf);
  return active
    ? [{ type: 'UserReactivated', data: { userId: user.userId } }, ...endSessions(user, 'reactivated')]
    : [{ type: 'UserDeactivated', data: { userId: user.userId } }, ...endSessions(user, 'deactivated')];
}

/** A change that makes the tokens of a session say something else: role, institutions or permissions. */
function changesAccess(user: Registered, account: AdministerUser['data']['account']): boolean {
  return (
    user.role !== account.role ||
    user.institutionId !== account.institution_id ||
    !sameIds(user.clinicianInstitutionIds, account.clinician_institution_ids) ||
    !sameIds(user.permissions, account.permissions)
  );
}

function refreshSession(user: Registered, data: RefreshSession['data']): UserEvent[] {
  const session = user.sessions.find((candidate) => candidate.sessionId === data.sessionId);
  if (!session) throw new RuleViolation('unauthenticated', ERRORS.invalidToken);
  const ended = (reason: SessionEndReason): UserEvent[] => [
    { type: 'SessionEnded', data: { userId: user.userId, sessionId: session.sessionId, reason } },
  ];
  if (Date.parse(data.now) >= Date.parse(session.expiresAt)) return ended('expired');
  if (Date.parse(data.now) - Date.parse(session.lastSeenAt) > data.idleTimeoutSeconds * 1000) {
    return ended('idle_timeout');
  }
  return [
    { type: 'SessionRefreshed', data: { userId: user.userId, sessionId: session.sessionId, refreshedAt: data.now } },
  ];
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
      return [
        { type: 'UserPasswordChanged', data: { userId: user.userId, reason: command.data } },
        ...endSessions(
          user,
          command.data === 'self_service' ? 'password_changed' : 'password_reset',
          command.keepSessionId,
        ),
      ];
    }
    case 'RecordUserLogin': {
      const user = active(state);
      return [
        { type: 'UserLoggedIn', data: { userId: user.userId } },
        { type: 'SessionStarted', data: { userId: user.userId, ...command.session } },
      ];
    }
    case 'RefreshSession':
      return refreshSession(active(state), command.data);
    case 'EndSession': {
      const user = registered(state);
      const open = user.sessions.some((session) => session.sessionId === command.data.sessionId);
      return open
        ? [
            {
              type: 'SessionEnded',
              data: { userId: user.userId, sessionId: command.data.sessionId, reason: 'signed_out' },
            },
          ]
        : [];
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
      const statusEvents = isActive === undefined ? [] : statusChange(user, isActive, actorUserId);
      events.push(...statusEvents);
      if (passwordReset)
        events.push({ type: 'UserPasswordChanged', data: { userId: user.userId, reason: 'admin_reset' } });
      // Each session ends once, for the first reason that applies (a status change already ended them).
      if (statusEvents.length === 0) {
        if (passwordReset) events.push(...endSessions(user, 'password_reset'));
        else if (changesAccess(user, account)) events.push(...endSessions(user, 'account_changed'));
      }
      return events;
    }
    case 'SetUserActive':
      return statusChange(registered(state), command.data.active, command.data.actorUserId);
    case 'IssuePasswordToken': {
      const user = registered(state);
      if (!user.isActive) throw new RuleViolation('conflict', ACCOUNT_EMAIL_TEXTS.inactiveUser);
      return [{ type: 'PasswordTokenIssued', data: { userId: user.userId, ...command.data } }];
    }
    case 'SetPasswordWithToken': {
      const user = active(state);
      return [
        { type: 'PasswordTokenUsed', data: { userId: user.userId, purpose: command.data.purpose } },
        { type: 'UserPasswordChanged', data: { userId: user.userId, reason: 'password_reset' } },
        ...endSessions(user, 'password_reset'),
      ];
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
