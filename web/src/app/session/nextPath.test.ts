/// <reference types="node" />
/** Back to the opened page after sign-in, and only ever to a page of this app. */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { loginPathFrom, pathAfterSignIn, safeNextPath } from './nextPath';

describe('safeNextPath', () => {
  test('a path of the app is kept with its query and fragment', () => {
    assert.equal(safeNextPath('/patients/12'), '/patients/12');
    assert.equal(safeNextPath('/users?role=clinician#list'), '/users?role=clinician#list');
    assert.equal(safeNextPath('/patients/../users'), '/users');
  });

  test('anything that could leave the app is refused', () => {
    for (const value of [
      'https://evil.example/patients',
      'http:evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/.//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /patients',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'evil.example',
      'patients/12',
      '',
      `/${'a'.repeat(3000)}`,
    ]) {
      assert.equal(safeNextPath(value), null, JSON.stringify(value));
    }
    assert.equal(safeNextPath(null), null);
    assert.equal(safeNextPath(undefined), null);
  });

  test('/login itself is no place to return to', () => {
    assert.equal(safeNextPath('/login'), null);
    assert.equal(safeNextPath('/login?next=/patients'), null);
  });
});

describe('the sign-in round trip', () => {
  test('the opened page travels in ?next=, the start page does not', () => {
    assert.equal(loginPathFrom({ pathname: '/patients/12', search: '', hash: '' }), '/login?next=%2Fpatients%2F12');
    assert.equal(
      loginPathFrom({ pathname: '/users', search: '?role=clinician', hash: '' }),
      '/login?next=%2Fusers%3Frole%3Dclinician',
    );
    assert.equal(loginPathFrom({ pathname: '/dashboard', search: '', hash: '' }), '/login');
    assert.equal(loginPathFrom({ pathname: '/', search: '', hash: '' }), '/login');
  });

  test('after sign-in: the next page when it is the app’s, else the dashboard', () => {
    assert.equal(pathAfterSignIn('?next=%2Fpatients%2F12'), '/patients/12');
    assert.equal(pathAfterSignIn('?next=//evil.example'), '/dashboard');
    assert.equal(pathAfterSignIn('?next=https%3A%2F%2Fevil.example'), '/dashboard');
    assert.equal(pathAfterSignIn('?next=javascript:alert(1)'), '/dashboard');
    assert.equal(pathAfterSignIn(''), '/dashboard');
  });

  test('without a next page, the user’s home when their menu leaves the dashboard out', () => {
    assert.equal(pathAfterSignIn('', '/patients'), '/patients');
    assert.equal(pathAfterSignIn('?next=//evil.example', '/profile'), '/profile');
    assert.equal(pathAfterSignIn('?next=%2Fusers', '/patients'), '/users');
  });
});
