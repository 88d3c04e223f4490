/// <reference types="node" />
/** The CMS modal's values and bodies per kind, and the tables' search. */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { Caller, LabItem, MarkerItem, PanelItem } from '@labline/contracts';
import { catalogueBody, catalogueFormValues, matchesSearch, ownCatalogueInstitution } from './formValues';

const superAdmin: Caller = { userId: 1, role: 'super_admin', institutionId: null, institutionIds: [], permissions: [] };
const institutionAdmin: Caller = {
  userId: 2,
  role: 'institution_admin',
  institutionId: 7,
  institutionIds: [7],
  permissions: [],
};

const base = {
  id: 3,
  description: null,
  active: true,
  sort_order: 0,
  institution_ids: [7],
  institution_names: ['Northwind'],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const marker: MarkerItem = {
  ...base,
  kind: 'markers',
  name: 'Glucose',
  marker_code: '2345-7',
  value: 50,
  units: 'mg/dL',
  units_ucum: 'mg/dL',
  range_min: 70,
  range_max: 99,
  sample_type_ids: [1],
  tube_type_ids: [],
  collection_device_ids: [4],
};
const panel: PanelItem = {
  ...base,
  kind: 'panels',
  name: 'Basic Metabolic',
  sample_type_id: 1,
  sample_type_name: 'Serum',
  marker_ids: [3],
  marker_names: ['Glucose'],
  markers: [],
};
const lab: LabItem = {
  ...base,
  kind: 'labs',
  name: 'Central Lab',
  institution_ids: [],
  institution_names: [],
  address: '1 Harbour Road',
  phone: null,
  email: 'central@lab.test',
  user_count: 0,
  institution_count: 1,
  test_request_count: 0,
};

describe('catalogueBody', () => {
  test("sends the kind's own fields, the name trimmed, and nothing of other kinds", () => {
    const values = { ...catalogueFormValues(marker), name: '  Glucose  ' };
    assert.deepEqual(catalogueBody(superAdmin, 'markers', values), {
      name: 'Glucose',
      description: '',
      active: true,
      marker_code: '2345-7',
      value: 50,
      units: 'mg/dL',
      range_min: 70,
      range_max: 99,
      sample_type_ids: [1],
      tube_type_ids: [],
      collection_device_ids: [4],
      institution_ids: [7],
    });
    assert.deepEqual(Object.keys(catalogueBody(superAdmin, 'sample-types', values)).sort(), [
      'active',
      'description',
      'institution_ids',
      'name',
    ]);
    // Issue 22: a tube type sends the sample types it holds.
    assert.deepEqual(catalogueBody(superAdmin, 'tube-types', values).sample_type_ids, [1]);
  });

  test('institutions are sent by those who choose them only; labs never have any', () => {
    const values = catalogueFormValues(panel);
    assert.equal('institution_ids' in catalogueBody(institutionAdmin, 'panels', values), false);
    assert.deepEqual(catalogueBody(superAdmin, 'panels', values).institution_ids, [7]);
    assert.equal('institution_ids' in catalogueBody(superAdmin, 'labs', catalogueFormValues(lab)), false);
  });

  test('a new item is active and global, with empty fields', () => {
    const values = catalogueFormValues(null);
    assert.equal(values.active, true);
    assert.deepEqual(values.institution_ids, []);
    assert.equal(values.sample_type_id, undefined);
    assert.deepEqual(catalogueBody(superAdmin, 'collection-devices', { ...values, name: 'Tube' }), {
      name: 'Tube',
      description: '',
      active: true,
      max_capacity: null,
      tube_type_ids: [],
      institution_ids: [],
    });
  });
});

test('a caller without the global flag sees the items of their own institution', () => {
  assert.equal(ownCatalogueInstitution(superAdmin), null);
  assert.equal(ownCatalogueInstitution(institutionAdmin), 7);
});

test("the search looks in the name, the description and the kind's codes and contacts, in any case", () => {
  assert.equal(matchesSearch(marker, 'gluc'), true);
  assert.equal(matchesSearch(marker, '2345'), true);
  assert.equal(matchesSearch(marker, 'MG/DL'), true);
  assert.equal(matchesSearch(panel, 'glucose'), true);
  assert.equal(matchesSearch(lab, 'harbour'), true);
  assert.equal(matchesSearch(lab, 'nothing'), false);
});
