import { describe, it } from 'node:test';
import { ERRORS, type IdentityEventData } from '@labline/contracts';
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

  describe('RecordUserLogin', () => {
    it('records the sign-in of an active user', () => {
      spec
        .given([registered])
        .when({ type: 'RecordUserLogin' })
        .then([{ type: 'UserLoggedIn', data: { userId: 4 } }]);
    });

    it('refuses an inactive user', () => {
      spec
        .given([deactivated])
        .when({ type: 'RecordUserLogin' })
        .thenThrows(violation('forbidden', ERRORS.accountInactive));
    });

    it('refuses an unknown user', () => {
      spec.given([]).when({ type: 'RecordUserLogin' }).thenThrows(violation('not_found', ERRORS.userNotFound));
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
