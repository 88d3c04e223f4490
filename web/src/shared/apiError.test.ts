/// <reference types="node" />
/** The one mapping from a server's error text to what the user reads: sentences, under the forms' labels. */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ERRORS, PATIENT_FIELD_ERRORS } from '@labline/contracts';
import { ApiError, describeFailure, describeServerError } from './apiError';

describe('describeServerError', () => {
  test('a field error reads as a sentence under the field label, on that field', () => {
    assert.deepEqual(describeServerError('password: must be at least 8 characters', 400), {
      message: 'Password must be at least 8 characters.',
      fields: [{ name: 'password', errors: ['Password must be at least 8 characters.'] }],
    });
  });

  test('a terse server rule is replaced by a real sentence', () => {
    const sentence = 'The institution you chose no longer exists or is not yours.';
    assert.deepEqual(describeServerError(PATIENT_FIELD_ERRORS.unknownInstitution, 400), {
      message: sentence,
      fields: [{ name: 'institution_ids', errors: [sentence] }],
    });
  });

  test('several problems become several sentences, each on its own field; an item of a list is its list', () => {
    const described = describeServerError(
      'first_name: Required; email: must be a valid email address; institution_ids.0: must be positive',
      400,
    );
    assert.equal(
      described.message,
      'First Name is required. Email Address must be a valid email address. Institutions must be positive.',
    );
    assert.deepEqual(
      described.fields.map((field) => field.name),
      ['first_name', 'email', 'institution_ids'],
    );
  });

  test("a form's own labels win over the table; an unknown field reads as its words", () => {
    assert.equal(
      describeServerError('name: is required', 400, { name: 'Institution Name' }).message,
      'Institution Name is required.',
    );
    assert.deepEqual(describeServerError('extra_field: is not allowed', 400), {
      message: 'Extra field is not allowed.',
      fields: [{ name: 'extra_field', errors: ['Extra field is not allowed.'] }],
    });
  });

  test('sentences of the spec stay word for word, on their field when they concern one', () => {
    assert.deepEqual(describeServerError(ERRORS.currentPasswordIncorrect, 400), {
      message: ERRORS.currentPasswordIncorrect,
      fields: [{ name: 'current_password', errors: [ERRORS.currentPasswordIncorrect] }],
    });
    assert.deepEqual(describeServerError(ERRORS.emailAlreadyRegistered, 409).fields, [
      { name: 'email', errors: [ERRORS.emailAlreadyRegistered] },
    ]);
    assert.deepEqual(describeServerError('Failed to save user', 400), { message: 'Failed to save user', fields: [] });
  });

  test('the request as a whole is named as such, on no field', () => {
    assert.deepEqual(describeServerError('body: is invalid', 400), { message: 'The request is invalid.', fields: [] });
  });

  test('answers that are not about the input are shown as the server wrote them', () => {
    assert.deepEqual(describeServerError(ERRORS.institutionNotFound, 404), {
      message: ERRORS.institutionNotFound,
      fields: [],
    });
    assert.equal(describeServerError('service: is down', 503).message, 'service: is down');
  });
});

describe('ApiError', () => {
  test('its message is the described server text, or the default when the server gave none', () => {
    const refused = new ApiError(ERRORS.failedToSaveUser, 400, 'password: must be at least 8 characters');
    assert.equal(refused.message, 'Password must be at least 8 characters.');
    assert.equal(new ApiError(ERRORS.failedToSaveUser, 500).message, ERRORS.failedToSaveUser);
    assert.deepEqual(new ApiError(ERRORS.failedToSaveUser, 500).describe(), {
      message: ERRORS.failedToSaveUser,
      fields: [],
    });
  });

  test('describeFailure gives anything that is not an ApiError the page default', () => {
    assert.deepEqual(describeFailure(new TypeError('x is undefined'), ERRORS.failedToSavePatient), {
      message: ERRORS.failedToSavePatient,
      fields: [],
    });
  });
});
