import { describe, it } from 'vitest';
import { ERRORS, type IdentityEventData, type SessionEndReason } from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { RuleViolation } from '@labline/eventstore';
import { userDecider } from './decide';
import type { UserEvent } from './events';

const spec = deciderSpecification(userDecider);

const registration: IdentityEventData<'UserRegistered'> = {
  userId: 4,
  email: 'emily.chen@northwind.test',
  first_name: 'Emily',
  last_name: 'Chen',
  phone: null,
  role: 'clinician',
  institution_id: 1,
  clinician_institution_ids: [1, 2],
  permissions: [],
  is_active: true,
};
const registered: UserEvent = { type: 'UserRegistered', data: registration };
const deactivated: UserEvent = { type: 'UserRegistered', data: { ...registration, is_active: false } };

const violation = (kind: RuleViolation['kind'], message: string) => (error: unknown) =>
  error instanceof RuleViolation && error.kind === kind && error.message === message;

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('registers a new user', () => {
      spec.given([]).when({ type: 'RegisterUser', data: registration }).then([registered]);
    });

    it('refuses a second registration of the same stream', () => {
      spec
        .given([registered])
        .when({ type: 'RegisterUser', data: registration })
        .thenThrows(violation('conflict', ERRORS.emailAlreadyRegistered));
    });

    it('refuses a clinician without institutions', () => {
      spec
        .given([])
        .when({ type: 'RegisterUser', data: { ...registration, clinician_institution_ids: [] } })
        .thenThrows(violation('invalid', ERRORS.cliniciansNeedInstitution));
    });
  });

  describe('UpdateUserProfile', () => {
    const change = { first_name: 'Emily', last_name: 'Chen-Walker', phone: '+44 7700 900123' };

    it('records the new names and phone', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateUserProfile', data: change })
        .then([{ type: 'UserProfileUpdated', data: { userId: 4, ...change } }]);
    });

    it('records nothing when nothing changed', () => {
      spec
        .given([registered, { type: 'UserProfileUpdated', data: { userId: 4, ...change } }])
        .when({ type: 'UpdateUserProfile', data: change })
        .then([]);
    });

    it('refuses an unknown user', () => {
      spec
        .given([])
        .when({ type: 'UpdateUserProfile', data: change })
        .thenThrows(violation('not_found', ERRORS.userNotFound));
    });
  });

  describe('ChangeUserPassword', () => {
    it('records a self-service change of an active user', () => {
      spec
        .given([registered])
        .when({ type: 'ChangeUserPassword', data: 'self_service' })
        .then([{ type: 'UserPasswordChanged', data: { userId: 4, reason: 'self_service' } }]);
    });

    it('refuses a self-service change of an inactive user but allows an administrator reset', () => {
      spec
        .given([deactivated])
        .when({ type: 'ChangeUserPassword', data: 'self_service' })
        .thenThrows(violation('forbidden', ERRORS.accountInactive));
      spec
        .given([deactivated])
        .when({ type: 'ChangeUserPassword', data: 'admin_reset' })
        .then([{ type: 'UserPasswordChanged', data: { userId: 4, reason: 'admin_reset' } }]);
    });
  });

  const SESSION = '6f1c2b1e-0d3a-4f4e-9a51-3c1f3d7f8a10';
  const OTHER_SESSION = '0b6f9c1d-5e2a-4c3b-8d7e-1a2b3c4d5e6f';
  const session = (sessionId: string, startedAt = '2026-11-23T08:00:00.000Z') => ({
    sessionId,
    startedAt,
    expiresAt: '2026-11-23T20:00:00.000Z',
  });
  const started = (sessionId: string, startedAt?: string) => ({
    type: 'SessionStarted' as const,
    data: { userId: 4, ...session(sessionId, startedAt) },
  });
  const ended = (sessionId: string, reason: SessionEndReason) => ({
    type: 'SessionEnded' as const,
    data: { userId: 4, sessionId, reason },
  });

  describe('RecordUserLogin', () => {
    it('records the sign-in of an active user and starts its session', () => {
      spec
        .given([registered])
        .when({ type: 'RecordUserLogin', session: session(SESSION) })
        .then([{ type: 'UserLoggedIn', data: { userId: 4 } }, started(SESSION)]);
    });

    it('refuses an inactive user', () => {
      spec
        .given([deactivated])
        .when({ type: 'RecordUserLogin', session: session(SESSION) })
        .thenThrows(violation('forbidden', ERRORS.accountInactive));
    });

    it('refuses an unknown user', () => {
      spec
        .given([])
        .when({ type: 'RecordUserLogin', session: session(SESSION) })
        .thenThrows(violation('not_found', ERRORS.userNotFound));
    });
  });

  describe('sessions', () => {
    const refresh = (now: string) => ({
      type: 'RefreshSession' as const,
      data: { sessionId: SESSION, now, idleTimeoutSeconds: 1_800 },
    });

    it('renews an open session within the idle timeout', () => {
      spec
        .given([registered, started(SESSION)])
        .when(refresh('2026-11-23T08:20:00.000Z'))
        .then([
          {
            type: 'SessionRefreshed',
            data: { userId: 4, sessionId: SESSION, refreshedAt: '2026-11-23T08:20:00.000Z' },
          },
        ]);
    });

    it('ends a session idle too long, or past its absolute end, instead of renewing it', () => {
      spec
        .given([registered, started(SESSION)])
        .when(refresh('2026-11-23T08:31:00.000Z'))
        .then([ended(SESSION, 'idle_timeout')]);
      const refreshed = (at: string) => ({
        type: 'SessionRefreshed' as const,
        data: { userId: 4, sessionId: SESSION, refreshedAt: at },
      });
      spec
        .given([registered, started(SESSION), refreshed('2026-11-23T19:50:00.000Z')])
        .when(refresh('2026-11-23T20:00:00.000Z'))
        .then([ended(SESSION, 'expired')]);
    });

    it('refuses to renew a session that ended or never was (401)', () => {
      spec
        .given([registered, started(SESSION), ended(SESSION, 'signed_out')])
        .when(refresh('2026-11-23T08:05:00.000Z'))
        .thenThrows(violation('unauthenticated', ERRORS.invalidToken));
      spec
        .given([registered])
        .when(refresh('2026-11-23T08:05:00.000Z'))
        .thenThrows(violation('unauthenticated', ERRORS.invalidToken));
    });

    it('ends the session on sign-out, once', () => {
      spec
        .given([registered, started(SESSION)])
        .when({ type: 'EndSession', data: { sessionId: SESSION } })
        .then([ended(SESSION, 'signed_out')]);
      spec
        .given([registered, started(SESSION), ended(SESSION, 'signed_out')])
        .when({ type: 'EndSession', data: { sessionId: SESSION } })
        .thenNothingHappened();
    });

    it("ends the user's other sessions on a password change, and all of them on a reset", () => {
      const history = [registered, started(SESSION), started(OTHER_SESSION)];
      spec
        .given(history)
        .when({ type: 'ChangeUserPassword', data: 'self_service', keepSessionId: SESSION })
        .then([
          { type: 'UserPasswordChanged', data: { userId: 4, reason: 'self_service' } },
          ended(OTHER_SESSION, 'password_changed'),
        ]);
      spec
        .given(history)
        .when({ type: 'ChangeUserPassword', data: 'admin_reset' })
        .then([
          { type: 'UserPasswordChanged', data: { userId: 4, reason: 'admin_reset' } },
          ended(SESSION, 'password_reset'),
          ended(OTHER_SESSION, 'password_reset'),
        ]);
    });

    it('ends every session on deactivation and on reactivation', () => {
      spec
        .given([registered, started(SESSION)])
        .when({ type: 'SetUserActive', data: { actorUserId: 1, active: false } })
        .then([{ type: 'UserDeactivated', data: { userId: 4 } }, ended(SESSION, 'deactivated')]);
    });

    it('forgets sessions past their absolute end at the next sign-in', () => {
      const tomorrow = '2026-11-24T09:00:00.000Z';
      spec
        .given([registered, started(SESSION), started(OTHER_SESSION, tomorrow)])
        .when({ type: 'ChangeUserPassword', data: 'admin_reset' })
        .then([
          { type: 'UserPasswordChanged', data: { userId: 4, reason: 'admin_reset' } },
          ended(OTHER_SESSION, 'password_reset'),
        ]);
    });
  });

  describe('AdministerUser', () => {
    const account: Omit<IdentityEventData<'UserUpdated'>, 'userId'> = {
      email: registration.email,
      first_name: 'Emily',
      last_name: 'Chen',
      phone: null,
      role: 'clinician',
      institution_id: 1,
      clinician_institution_ids: [2, 1],
      permissions: [],
    };
    const administer = (
      changes: Partial<typeof account>,
      extra: { isActive?: boolean; passwordReset?: boolean } = {},
    ) => ({
      type: 'AdministerUser' as const,
      data: {
        actorUserId: 1,
        account: { ...account, ...changes },
        isActive: extra.isActive,
        passwordReset: extra.passwordReset ?? false,
      },
    });

    it('records the new account, the status change and a password reset together', () => {
      spec
        .given([registered])
        .when(administer({ role: 'lab_user', clinician_institution_ids: [] }, { isActive: false, passwordReset: true }))
        .then([
          {
            type: 'UserUpdated',
            data: { userId: 4, ...account, role: 'lab_user', clinician_institution_ids: [] },
          },
          { type: 'UserDeactivated', data: { userId: 4 } },
          { type: 'UserPasswordChanged', data: { userId: 4, reason: 'admin_reset' } },
        ]);
    });

    it('records nothing for an unchanged form (the order of ids does not matter)', () => {
      spec
        .given([registered])
        .when(administer({}, { isActive: true }))
        .then([]);
    });

    it('refuses a clinician without institutions and deactivating oneself', () => {
      spec
        .given([registered])
        .when(administer({ clinician_institution_ids: [] }))
        .thenThrows(violation('invalid', ERRORS.cliniciansNeedInstitution));
      spec
        .given([registered])
        .when({
          ...administer({}, { isActive: false }),
          data: { ...administer({}, { isActive: false }).data, actorUserId: 4 },
        })
        .thenThrows(violation('forbidden', ERRORS.cannotDeactivateSelf));
    });
  });

  describe('SetUserActive', () => {
    it('deactivates and reactivates, recording nothing when the status is already so', () => {
      spec
        .given([registered])
        .when({ type: 'SetUserActive', data: { actorUserId: 1, active: false } })
        .then([{ type: 'UserDeactivated', data: { userId: 4 } }]);
      spec
        .given([deactivated])
        .when({ type: 'SetUserActive', data: { actorUserId: 1, active: true } })
        .then([{ type: 'UserReactivated', data: { userId: 4 } }]);
      spec
        .given([deactivated])
        .when({ type: 'SetUserActive', data: { actorUserId: 1, active: false } })
        .then([]);
    });

    it('never deactivates oneself', () => {
      spec
        .given([registered])
        .when({ type: 'SetUserActive', data: { actorUserId: 4, active: false } })
        .thenThrows(violation('forbidden', ERRORS.cannotDeactivateSelf));
    });
  });
});
