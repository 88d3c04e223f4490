/// <reference types="node" />
/** The way back from Access Denied and Page Not Found leads to a page the caller may open. */
import assert from 'node:assert/strict';
import { ROLES } from '@labline/contracts';
import { describe, test } from 'vitest';
import { homeEntry } from './homeEntry';

describe('homeEntry', () => {
  test("every role's defaults lead to the dashboard", () => {
    for (const role of ROLES) assert.equal(homeEntry({ role, permissions: [] }).path, '/dashboard', role);
  });

  test('menu permissions without the dashboard lead to the first section they grant', () => {
    assert.deepEqual(homeEntry({ role: 'clinician', permissions: ['tests', 'patients'] }), {
      name: 'Patients',
      path: '/patients',
    });
  });

  test('with no section at all, the profile', () => {
    // fulfillment_agent never has the patients section, whatever the permissions say
    assert.deepEqual(homeEntry({ role: 'fulfillment_agent', permissions: ['patients'] }), {
      name: 'Profile Settings',
      path: '/profile',
    });
  });
});
