import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  accessibleSections,
  canAccessSection,
  cmsSubPermissions,
  CMS_SUB_PERMISSIONS,
  defaultPermissionsForRole,
  isNavigationEntryActive,
  NAVIGATION,
  navigationFor,
  roleLabel,
  type Role,
} from './access';

/** Spec 1 §6 written out by hand (defaults intersected with the per-entry role restrictions), so a policy bug shows. */
const EXPECTED_NAVIGATION: Record<Role, string[]> = {
  super_admin: [
    'Dashboard',
    'Patients',
    'Test Requests',
    'Test Results',
    'Inventory',
    'Fulfillment',
    'Users',
    'Institutions',
    'CMS Fields',
  ],
  institution_admin: ['Dashboard', 'Patients', 'Test Requests', 'Test Results', 'Users', 'CMS Fields'],
  clinician: ['Dashboard', 'Patients', 'Test Requests', 'Test Results'],
  client_admin: ['Dashboard', 'Patients', 'Test Requests', 'Inventory', 'Fulfillment'],
  fulfillment_agent: ['Dashboard', 'Inventory', 'Fulfillment'],
  lab_user: ['Dashboard', 'Patients', 'Test Requests', 'Test Results'],
};

describe('navigation by role defaults (spec 1 §6)', () => {
  for (const [role, names] of Object.entries(EXPECTED_NAVIGATION) as [Role, string[]][]) {
    test(`${role} sees exactly its entries`, () => {
      assert.deepEqual(
        navigationFor({ role, permissions: [] }).map((entry) => entry.name),
        names,
      );
    });
  }

  test('analytics is a section of super_admin, institution_admin and client_admin only', () => {
    const withAnalytics = (Object.keys(EXPECTED_NAVIGATION) as Role[]).filter((role) =>
      canAccessSection({ role, permissions: [] }, 'analytics'),
    );
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
    assert.equal(navigationFor({ role: 'super_admin', permissions: ['dashboard'] }).length, NAVIGATION.length);
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

describe('navigation helpers', () => {
  const patients = NAVIGATION.find((entry) => entry.path === '/patients')!;
  test('an entry is active on its path and below it', () => {
    assert.equal(isNavigationEntryActive(patients, '/patients'), true);
    assert.equal(isNavigationEntryActive(patients, '/patients/12/edit'), true);
    assert.equal(isNavigationEntryActive(patients, '/patientsx'), false);
    assert.equal(isNavigationEntryActive(patients, '/dashboard'), false);
  });

  test('role labels replace underscores with spaces', () => {
    assert.equal(roleLabel('fulfillment_agent'), 'fulfillment agent');
  });
});
