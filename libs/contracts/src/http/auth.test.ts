import assert from 'node:assert/strict';
import { test } from 'vitest';
import { changePasswordBodySchema, loginBodySchema, updateProfileBodySchema } from './auth';

test('login normalises the email and requires both fields', () => {
  assert.deepEqual(loginBodySchema.parse({ email: ' Admin@Example.TEST ', password: 'x' }), {
    email: 'admin@example.test',
    password: 'x',
  });
  assert.equal(loginBodySchema.safeParse({ email: 'not-an-email', password: 'x' }).success, false);
  assert.equal(loginBodySchema.safeParse({ email: 'a@b.test', password: '' }).success, false);
  assert.equal(loginBodySchema.safeParse({ email: 'a@b.test' }).success, false);
});

test('profile update refuses blank names and over-long text', () => {
  assert.equal(updateProfileBodySchema.safeParse({ first_name: '  ', last_name: 'Hart' }).success, false);
  assert.equal(updateProfileBodySchema.safeParse({ first_name: 'A'.repeat(101), last_name: 'Hart' }).success, false);
  assert.equal(
    updateProfileBodySchema.safeParse({ first_name: 'Amelia', last_name: 'Hart', phone: null }).success,
    true,
  );
});

test('a new password needs at least 8 characters', () => {
  assert.equal(changePasswordBodySchema.safeParse({ current_password: 'x', new_password: 'short' }).success, false);
  assert.equal(
    changePasswordBodySchema.safeParse({ current_password: 'x', new_password: 'long enough' }).success,
    true,
  );
});
