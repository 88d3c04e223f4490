import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  accessibleSections,
  canAccessSection,
  cmsSubPermissions,
  CMS_SUB_PERMISSIONS,
  defaultPermissionsForRole,
  roleLabel,
  ROLES,
} from './access';

describe('sections by role (spec 1 §6)', () => {
  test('analytics is a section of super_admin, institution_admin and client_admin only', () => {
    const withAnalytics = ROLES.filter((role) => canAccessSection({ role, permissions: [] }, 'analytics'));
    assert.deepEqual(withAnalytics, ['super_admin', 'institution_admin', 'client_admin']);
  });
});

describe('permissions override', () => {
  test('a non-empty list replaces the role default', () => {
    assert.deepEqual(accessibleSections({ role: 'institution_admin', permissions: ['dashboard', 'patients'] }), [
      'dashboard',
      'patients',
    ]);
  });

  test('a listed section is still refused when the role is excluded from it', () => {
    const user = { role: 'fulfillment_agent' as const, permissions: ['dashboard', 'patients', 'institutions'] };
    assert.equal(canAccessSection(user, 'patients'), false);
    assert.equal(canAccessSection(user, 'institutions'), false);
    assert.deepEqual(accessibleSections(user), ['dashboard']);
  });

  test('a listed section outside the role default is granted when the role may use it', () => {
    assert.equal(canAccessSection({ role: 'clinician', permissions: ['dashboard'] }, 'patients'), false);
    assert.equal(canAccessSection({ role: 'lab_user', permissions: ['results'] }, 'results'), true);
    assert.equal(canAccessSection({ role: 'client_admin', permissions: ['analytics'] }, 'analytics'), true);
  });

  test('super_admin always sees everything, whatever the list says', () => {
    assert.deepEqual(
      accessibleSections({ role: 'super_admin', permissions: ['dashboard'] }),
      accessibleSections({ role: 'super_admin', permissions: [] }),
    );
  });

  test('cms sub-permission keys alone do not grant a section', () => {
    assert.deepEqual(accessibleSections({ role: 'institution_admin', permissions: ['cms_markers'] }), []);
  });
});

describe('cms sub-permissions', () => {
  test('super_admin and institution_admin have all by default', () => {
    assert.deepEqual(cmsSubPermissions({ role: 'super_admin', permissions: [] }), [...CMS_SUB_PERMISSIONS]);
    assert.deepEqual(cmsSubPermissions({ role: 'institution_admin', permissions: [] }), [...CMS_SUB_PERMISSIONS]);
  });

  test('an explicit list narrows them', () => {
    assert.deepEqual(cmsSubPermissions({ role: 'institution_admin', permissions: ['cms', 'cms_markers'] }), [
      'cms_markers',
    ]);
  });

  test('none without the cms section', () => {
    assert.deepEqual(cmsSubPermissions({ role: 'clinician', permissions: ['cms', 'cms_markers'] }), []);
    assert.deepEqual(cmsSubPermissions({ role: 'institution_admin', permissions: ['dashboard'] }), []);
  });

  test('role default permissions include cms sub-permissions only where cms is granted', () => {
    assert.ok(defaultPermissionsForRole('institution_admin').includes('cms_panels'));
    assert.deepEqual(defaultPermissionsForRole('clinician'), ['dashboard', 'patients', 'tests', 'results']);
  });
});

describe('labels', () => {
  test('role labels replace underscores with spaces', () => {
    assert.equal(roleLabel('fulfillment_agent'), 'fulfillment agent');
  });
});
