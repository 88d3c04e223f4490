/** The user decider's set-password links (spec 3 §2 Email communication card). */
import { describe, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS, ERRORS, type IdentityEventData } from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { RuleViolation } from '@labline/eventstore';
import { userDecider } from './decide';
import type { UserEvent } from './events';

const spec = deciderSpecification(userDecider);

const registration: IdentityEventData<'UserRegistered'> = {
  userId: 7,
  email: 'liam.patel@northwind.test',
  first_name: 'Liam',
  last_name: 'Patel',
  phone: null,
  role: 'lab_user',
  institution_id: 1,
  clinician_institution_ids: [],
  permissions: [],
  is_active: true,
};
const registered: UserEvent = { type: 'UserRegistered', data: registration };
const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId: 7 } };
const SESSION = '6f1c2b1e-0d3a-4f4e-9a51-3c1f3d7f8a10';
const OTHER_SESSION = '0b6f9c1d-5e2a-4c3b-8d7e-1a2b3c4d5e6f';
const started = (sessionId: string): UserEvent => ({
  type: 'SessionStarted',
  data: { userId: 7, sessionId, startedAt: '2026-11-23T08:00:00.000Z', expiresAt: '2026-11-23T20:00:00.000Z' },
});
const expiresAt = '2026-11-23T09:00:00.000Z';

const violation = (kind: RuleViolation['kind'], message: string) => (error: unknown) =>
  error instanceof RuleViolation && error.kind === kind && error.message === message;

describe('set-password links', () => {
  it('records a link issued to an active user, without its token', () => {
    spec
      .given([registered])
      .when({ type: 'IssuePasswordToken', data: { purpose: 'password_reset', expiresAt } })
      .then([{ type: 'PasswordTokenIssued', data: { userId: 7, purpose: 'password_reset', expiresAt } }]);
  });

  it('issues no link to an inactive user or an unknown one', () => {
    spec
      .given([registered, deactivated])
      .when({ type: 'IssuePasswordToken', data: { purpose: 'account_setup', expiresAt } })
      .thenThrows(violation('conflict', ACCOUNT_EMAIL_TEXTS.inactiveUser));
    spec
      .given([])
      .when({ type: 'IssuePasswordToken', data: { purpose: 'account_setup', expiresAt } })
      .thenThrows(violation('not_found', ERRORS.userNotFound));
  });

  it('records the password set with a link and ends every session', () => {
    spec
      .given([registered, started(SESSION), started(OTHER_SESSION)])
      .when({ type: 'SetPasswordWithToken', data: { purpose: 'account_setup' } })
      .then([
        { type: 'PasswordTokenUsed', data: { userId: 7, purpose: 'account_setup' } },
        { type: 'UserPasswordChanged', data: { userId: 7, reason: 'password_reset' } },
        { type: 'SessionEnded', data: { userId: 7, sessionId: SESSION, reason: 'password_reset' } },
        { type: 'SessionEnded', data: { userId: 7, sessionId: OTHER_SESSION, reason: 'password_reset' } },
      ]);
  });

  it('sets no password of a user deactivated since the link was sent', () => {
    spec
      .given([registered, deactivated])
      .when({ type: 'SetPasswordWithToken', data: { purpose: 'password_reset' } })
      .thenThrows(violation('forbidden', ERRORS.accountInactive));
  });
});
