import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ACCOUNT_EMAIL_TEXTS, accountEmailResult } from './account-emails';
import { accountEmailBodySchema, setPasswordBodySchema } from './http/account-emails';
import { assertMatrix, callerAs, CALLER_ID, F, OTHER, OWN, T } from './access-matrix.fixture';
import { canEmailUser, emailsUsersFromRecordPages } from './records';
import { ERRORS } from './errors';

const user = (facts: { id?: number; institution_id: number | null; linked?: number[]; active?: boolean }) => ({
  id: facts.id ?? 5,
  institution_id: facts.institution_id,
  clinician_institution_ids: facts.linked ?? [],
  is_active: facts.active ?? true,
});
const RELATIONS = {
  'active user of the own institution': user({ institution_id: OWN }),
  'inactive user of the own institution': user({ institution_id: OWN, active: false }),
  'user of another institution': user({ institution_id: OTHER }),
  "another institution's clinician linked to the own": user({ institution_id: OTHER, linked: [OTHER, OWN] }),
  'themself (active)': user({ id: CALLER_ID, institution_id: OWN }),
};

describe('the Email communication card (spec 3 §6)', () => {
  it('is for super_admin, institution_admin and client_admin, for active users they see', () => {
    // super_admin, institution_admin, clinician, client_admin, fulfillment_agent, lab_user
    assertMatrix(
      'canEmailUser',
      {
        'active user of the own institution': [T, T, F, T, F, F],
        'inactive user of the own institution': [F, F, F, F, F, F],
        'user of another institution': [T, F, F, F, F, F],
        "another institution's clinician linked to the own": [T, T, F, T, F, F],
        'themself (active)': [T, T, F, T, F, F],
      },
      (caller, relation) => canEmailUser(caller, RELATIONS[relation as keyof typeof RELATIONS]),
    );
  });

  it('is offered on record pages to those who may send it but cannot open the user screens (client_admin)', () => {
    // super_admin, institution_admin, clinician, client_admin, fulfillment_agent, lab_user
    assertMatrix('emailsUsersFromRecordPages', { defaults: [F, F, F, T, F, F] }, (caller) =>
      emailsUsersFromRecordPages(caller),
    );
    // An institution_admin whose menu permissions leave the users section out is in client_admin's place.
    assert.equal(emailsUsersFromRecordPages(callerAs('institution_admin', ['dashboard', 'patients', 'tests'])), true);
  });

  it('shows its results with a check mark or a cross and "Failed: {message}"', () => {
    assert.equal(accountEmailResult.succeeded('Sent'), '✓ Sent');
    assert.equal(accountEmailResult.failed('User Not Found'), '✗ Failed: User Not Found');
    assert.equal(ACCOUNT_EMAIL_TEXTS.queued('password_reset', 'a@b.test'), 'Password reset email queued for a@b.test');
  });
});

describe('the account e-mail and set-password bodies', () => {
  it('take the three payload types, a custom one with its subject and message', () => {
    assert.deepEqual(accountEmailBodySchema.parse({ type: 'account_setup' }), { type: 'account_setup' });
    assert.deepEqual(accountEmailBodySchema.parse({ type: 'custom', subject: ' Hi ', message: 'Hello' }), {
      type: 'custom',
      subject: 'Hi',
      message: 'Hello',
      include_login_info: false,
    });
    assert.equal(accountEmailBodySchema.safeParse({ type: 'custom', subject: 'Hi' }).success, false);
    assert.equal(accountEmailBodySchema.safeParse({ type: 'reminder' }).success, false);
  });

  it('want a new password of at least 8 characters, confirmed alike when a confirmation is sent', () => {
    assert.equal(setPasswordBodySchema.safeParse({ token: 'abc', new_password: 'long-enough' }).success, true);
    assert.equal(setPasswordBodySchema.safeParse({ token: 'abc', new_password: 'short' }).success, false);
    const mismatch = setPasswordBodySchema.safeParse({
      token: 'abc',
      new_password: 'long-enough',
      confirm_password: 'long-enough!',
    });
    assert.equal(mismatch.error?.issues[0]?.message, ERRORS.newPasswordsDoNotMatch);
  });
});
