/// <reference types="node" />
/**
 * The route config drives the menu and the guards: the side navigation by role (spec 1 §2 and §6, written out by
 * hand so a policy bug shows), and every page it names is a file under src/features with that export.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  INVENTORY_ROUTES,
  SECTION_ROLE_RESTRICTIONS,
  canAccessSection,
  canManageInventory,
  ROLES,
  type Role,
} from '@labline/contracts';
import { describe, test } from 'vitest';
import { NAVIGATION, ROUTES, isNavigationEntryActive, navigationFor, type RouteConfig } from './routeConfig';

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

  test('analytics has a route guarded by its section but no entry', () => {
    assert.ok(ROUTES.some((route) => route.path === '/analytics' && route.section === 'analytics'));
    assert.ok(!NAVIGATION.some((entry) => entry.section === 'analytics'));
    assert.ok(canAccessSection({ role: 'super_admin', permissions: [] }, 'analytics'));
  });

  test('super_admin always sees everything, whatever the list says', () => {
    assert.equal(navigationFor({ role: 'super_admin', permissions: ['dashboard'] }).length, NAVIGATION.length);
  });

  test('every role is covered', () => {
    assert.deepEqual(Object.keys(EXPECTED_NAVIGATION).sort(), [...ROLES].sort());
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
});

describe('pages', () => {
  const FEATURES = path.resolve(import.meta.dirname, '../../features');
  test('every page a route names is a file under src/features that exports it', () => {
    for (const { path: route, page } of ROUTES as readonly RouteConfig[]) {
      if (page === 'sign-in' || page === 'not-available' || page === 'not-found') continue;
      const [file, exported] = page.split('#') as [string, string?];
      const source = readFileSync(path.join(FEATURES, `${file}.tsx`), 'utf8');
      const exports = exported === undefined ? /^export default /m : new RegExp(`^export function ${exported}\\b`, 'm');
      assert.match(source, exports, `${route}: ${page}`);
    }
  });
});

describe('the inventory routes follow the inventory contracts', () => {
  const inventoryRoutes = ROUTES.filter((route) => route.path.startsWith('/inventory'));

  test('the list and the detail open to whom the gateway lets read them (institution_admin too)', () => {
    for (const route of inventoryRoutes.filter((route) => !/\/(new|edit)$/.test(route.path))) {
      assert.deepEqual('alsoRoles' in route ? route.alsoRoles : [], INVENTORY_ROUTES.list.alsoRoles, route.path);
    }
  });

  test("the form's section admits exactly the managers", () => {
    assert.deepEqual(
      SECTION_ROLE_RESTRICTIONS.inventory,
      ROLES.filter((role) => canManageInventory({ role })),
    );
    for (const route of inventoryRoutes.filter((route) => /\/(new|edit)$/.test(route.path))) {
      assert.ok(!('alsoRoles' in route), route.path);
    }
  });
});
