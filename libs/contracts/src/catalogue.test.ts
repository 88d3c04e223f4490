/**
 * The catalogue's access-rule matrix: every rule of catalogue.ts over every role × relation, against tables
 * written out from spec 3 §2 and §6 (CMS screen, collection devices, lab assignments). A changed rule shows
 * here as a changed cell.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  canDeleteCatalogueItem,
  canEditCatalogueItem,
  canManageCatalogueKind,
  canManageLabAssignments,
  canReadCatalogue,
  canReadCatalogueItem,
  canReadLabAssignments,
  CATALOGUE_KINDS,
  CATALOGUE_KIND_SUB_PERMISSION,
  CMS_TAB_KEYS,
  cmsTabsFor,
  defaultCatalogueInstitutionIds,
  type CatalogueItemAccessFacts,
} from './catalogue';
import { assertMatrix, callerAs, F, OTHER, OWN, T, type Row } from './access-matrix.fixture';
import type { Caller } from './records';

const ITEMS: Record<string, CatalogueItemAccessFacts> = {
  global: { kind: 'markers', institution_ids: [] },
  'own institution': { kind: 'markers', institution_ids: [OWN] },
  'shared with another institution': { kind: 'markers', institution_ids: [OWN, OTHER] },
  'another institution': { kind: 'markers', institution_ids: [OTHER] },
  'global lab': { kind: 'labs', institution_ids: [] },
};
const item = (relation: string) => ITEMS[relation]!;

describe('per-record access rules: the catalogue', () => {
  //                                          super   inst    clin    client  fulfil  lab
  it('reads (cms, tests or results)', () => {
    assertMatrix('canReadCatalogue', { any: [T, T, T, T, F, T] }, (caller) => canReadCatalogue(caller));
    assertMatrix(
      'canReadCatalogueItem',
      {
        global: [T, T, T, T, F, T],
        'own institution': [T, T, T, T, F, T],
        'shared with another institution': [T, T, T, T, F, T],
        'another institution': [T, F, F, F, F, F],
      },
      (caller, relation) => canReadCatalogueItem(caller, item(relation)),
    );
  });

  it('edits and deletes: super_admin any, an institution_admin the items of their institution alone', () => {
    const expected: Record<string, Row> = {
      global: [T, F, F, F, F, F],
      'own institution': [T, T, F, F, F, F],
      'shared with another institution': [T, F, F, F, F, F],
      'another institution': [T, F, F, F, F, F],
      'global lab': [T, F, F, F, F, F],
    };
    assertMatrix('canEditCatalogueItem', expected, (caller, relation) => canEditCatalogueItem(caller, item(relation)));
    assertMatrix('canDeleteCatalogueItem', expected, (caller, relation) =>
      canDeleteCatalogueItem(caller, item(relation)),
    );
  });

  it('manages each kind by its cms sub-permission, labs by super_admin alone', () => {
    for (const kind of CATALOGUE_KINDS) {
      const administrator = kind === 'labs' ? F : T;
      assertMatrix(`canManageCatalogueKind ${kind}`, { any: [T, administrator, F, F, F, F] }, (caller) =>
        canManageCatalogueKind(caller, kind),
      );
    }
    const onlyMarkers = callerAs('institution_admin', ['cms', 'cms_markers']);
    assert.deepEqual(
      CATALOGUE_KINDS.filter((kind) => canManageCatalogueKind(onlyMarkers, kind)),
      ['markers'],
    );
    const statuses = callerAs('institution_admin', ['cms', 'cms_statuses']);
    assert.deepEqual(
      CATALOGUE_KINDS.filter((kind) => canManageCatalogueKind(statuses, kind)),
      ['priorities', 'statuses'],
    );
    // Without the cms section no sub-permission counts.
    assert.equal(canManageCatalogueKind(callerAs('institution_admin', ['dashboard', 'cms_markers']), 'markers'), false);
    assert.equal(CATALOGUE_KIND_SUB_PERMISSION.labs, null);
  });

  it("files a new item under the caller's institution, super_admin's globally", () => {
    assert.deepEqual(defaultCatalogueInstitutionIds(callerAs('super_admin')), []);
    assert.deepEqual(defaultCatalogueInstitutionIds(callerAs('institution_admin')), [OWN]);
  });
});

describe('per-record access rules: lab assignments', () => {
  it('reads an institution’s assignments with tests or cms, in the institutions of the caller', () => {
    assertMatrix(
      'canReadLabAssignments',
      { 'own institution': [T, T, T, T, F, T], 'another institution': [T, F, F, F, F, F] },
      (caller, relation) => canReadLabAssignments(caller, relation === 'own institution' ? OWN : OTHER),
    );
  });

  it('assigns and removes: super_admin, and the institution_admin of that institution', () => {
    assertMatrix(
      'canManageLabAssignments',
      { 'own institution': [T, T, F, F, F, F], 'another institution': [T, F, F, F, F, F] },
      (caller, relation) => canManageLabAssignments(caller, relation === 'own institution' ? OWN : OTHER),
    );
  });
});

describe('CMS tabs', () => {
  const keys = (caller: Caller) => cmsTabsFor(caller).map((tab) => tab.key);

  it('shows super_admin every tab in spec order', () => {
    assert.deepEqual(keys(callerAs('super_admin')), [...CMS_TAB_KEYS]);
  });

  it('shows an institution_admin their lookups and notification tabs, not labs nor storage locations', () => {
    const notTheirs: readonly string[] = ['storage_locations', 'labs'];
    assert.deepEqual(
      keys(callerAs('institution_admin')),
      CMS_TAB_KEYS.filter((key) => !notTheirs.includes(key)),
    );
    assert.deepEqual(keys(callerAs('institution_admin', ['cms', 'cms_panels'])), ['panels']);
  });

  it('shows no tab to roles without the CMS screen', () => {
    for (const role of ['clinician', 'client_admin', 'fulfillment_agent', 'lab_user'] as const) {
      assert.deepEqual(keys(callerAs(role)), [], role);
    }
  });

  it('gives each tab its subtitle', () => {
    const subtitles = new Map(cmsTabsFor(callerAs('super_admin')).map((tab) => [tab.key, tab.subtitle]));
    assert.equal(subtitles.get('labs'), 'Manage laboratory facilities and assignments');
    assert.equal(subtitles.get('notification_logs'), 'Monitor email and SMS notifications');
    assert.equal(subtitles.get('reminder_configurations'), 'Configure automated reminder settings');
    assert.equal(subtitles.get('test_notifications'), 'Test email and SMS configuration');
    assert.equal(subtitles.get('markers'), 'Manage dynamic form fields for test requests');
  });
});
