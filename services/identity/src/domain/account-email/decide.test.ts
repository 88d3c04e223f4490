import { describe, it } from 'vitest';
import type { IdentityEventData } from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { RuleViolation } from '@labline/eventstore';
import { accountEmailDecider } from './decide';

const spec = deciderSpecification(accountEmailDecider);

const custom: IdentityEventData<'AccountEmailRequested'> = {
  emailId: 3,
  userId: 7,
  type: 'custom',
  recipient_email: 'liam.patel@northwind.test',
  first_name: 'Liam',
  last_name: 'Patel',
  institution_id: 1,
  link: null,
  link_expires_at: null,
  subject: 'Rota',
  message: 'The rota for next week is attached to the noticeboard.',
  include_login_info: true,
  sign_in_url: 'https://labline.example.test/login',
};
const reset: IdentityEventData<'AccountEmailRequested'> = {
  ...custom,
  type: 'password_reset',
  subject: null,
  message: null,
  include_login_info: false,
  link: 'https://labline.example.test/set-password?token=abc',
  link_expires_at: '2026-11-23T09:00:00.000Z',
};

const invalid = (error: unknown) => error instanceof RuleViolation && error.kind === 'invalid';

describe('account e-mail decider', () => {
  it('requests a custom e-mail and a reset e-mail with its link, once', () => {
    spec
      .given([])
      .when({ type: 'RequestAccountEmail', data: custom })
      .then([{ type: 'AccountEmailRequested', data: custom }]);
    spec
      .given([])
      .when({ type: 'RequestAccountEmail', data: reset })
      .then([{ type: 'AccountEmailRequested', data: reset }]);
    spec
      .given([{ type: 'AccountEmailRequested', data: custom }])
      .when({ type: 'RequestAccountEmail', data: custom })
      .thenThrows((error) => error instanceof RuleViolation && error.kind === 'conflict');
  });

  it('refuses a reset without its link and a custom e-mail without a subject or with a link', () => {
    spec
      .given([])
      .when({ type: 'RequestAccountEmail', data: { ...reset, link: null } })
      .thenThrows(invalid);
    spec
      .given([])
      .when({ type: 'RequestAccountEmail', data: { ...custom, subject: null } })
      .thenThrows(invalid);
    spec
      .given([])
      .when({
        type: 'RequestAccountEmail',
        data: { ...custom, link: reset.link, link_expires_at: reset.link_expires_at },
      })
      .thenThrows(invalid);
  });
});
