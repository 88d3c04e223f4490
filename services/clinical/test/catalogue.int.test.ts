/**
 * The CMS catalogue over HTTP per role and kind: create, read, merge-toggle; who reads and who writes which
 * kind; institution scoping (global and own items, another institution's as unknown, their own institution
 * kept); references the caller cannot see. The rules between items and deleting: catalogue-rules.int.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  CATALOGUE_FIELD_ERRORS,
  catalogueItemNotFound,
  ERRORS,
  PHONE_NUMBER_PROBLEM,
  unknownCatalogueReference,
} from '@labline/contracts';
import { catalogueSuite, markerForm } from './catalogue-fixtures';
import { call, createItem, errorOf, NORTHWIND, refused, RIVERSIDE, UNKNOWN_INSTITUTION, USERS } from './harness';

const suite = catalogueSuite();

const marker = (overrides: Record<string, unknown> = {}) => markerForm(suite.fixtures.blood, overrides);

describe('creating and reading each kind', () => {
  it('answers the item of each kind with its own fields', async () => {
    const device = await call(
      suite.context,
      USERS.superAdmin,
      'GET',
      `/cms/collection-devices/${suite.fixtures.capillary}`,
    );
    assert.equal(device.statusCode, 200, device.body);
    assert.deepEqual(device.json().item.tube_types, [
      { id: suite.fixtures.edta, name: 'EDTA', sample_type_ids: [suite.fixtures.blood] },
    ]);
    assert.equal(device.json().item.max_capacity, 500);

    const read = await call(suite.context, USERS.labUser, 'GET', `/cms/markers/${suite.fixtures.hba1c}`);
    assert.equal(read.statusCode, 200, read.body);
    const { item } = read.json();
    assert.equal(item.kind, 'markers');
    assert.equal(item.marker_code, '4548-4');
    assert.equal(item.units, '%');
    assert.equal(item.units_ucum, '%');
    assert.deepEqual([item.range_min, item.range_max, item.value], [4, 5.6, 50]);
    assert.deepEqual(item.institution_ids, []);
    assert.equal(item.description, null);
    assert.equal(item.active, true);

    const detail = (
      await call(suite.context, USERS.northwindClinician, 'GET', `/cms/panels/${suite.fixtures.diabetesPanel}`)
    ).json().item;
    assert.deepEqual(detail.markers, [{ id: suite.fixtures.hba1c, name: 'HbA1c', value: 50, units: '%' }]);
    assert.deepEqual(detail.marker_names, ['HbA1c']);
    assert.equal(detail.sample_type_name, 'Blood');

    const lab = await createItem(suite.context, USERS.superAdmin, 'labs', {
      name: 'Meridian Pathology',
      address: '4 Science Park\nCambridge',
      phone: '+44 1223 555 010',
      email: 'Orders@Meridian.example.com',
    });
    assert.deepEqual(
      [lab.email, lab.address, lab.phone, lab.user_count, lab.institution_count, lab.test_request_count],
      ['orders@meridian.example.com', '4 Science Park\nCambridge', '+441223555010', 0, 0, 0],
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'PUT', `/cms/labs/${lab.id}`, { phone: 'hello world' }),
      400,
      `phone: ${PHONE_NUMBER_PROBLEM}`,
    );
    const priority = await createItem(suite.context, USERS.northwindAdmin, 'priorities', {
      name: 'Urgent',
      sort_order: '2',
    });
    assert.equal(priority.sort_order, 2);
  });

  it('lists by sort order, then name, and filters by status', async () => {
    for (const [name, sortOrder] of [
      ['Routine', 1],
      ['STAT', 3],
      ['ASAP', 3],
    ] as const) {
      await createItem(suite.context, USERS.superAdmin, 'priorities', { name, sort_order: sortOrder });
    }
    await createItem(suite.context, USERS.superAdmin, 'priorities', { name: 'Someday', sort_order: 9, active: false });
    const names = async (query = '') =>
      (await call(suite.context, USERS.northwindAdmin, 'GET', `/cms/priorities${query}`))
        .json()
        .items.map((item: { name: string }) => item.name);
    assert.deepEqual(await names(), ['Routine', 'Urgent', 'ASAP', 'STAT', 'Someday']);
    assert.deepEqual(await names('?active=false'), ['Someday']);
    assert.equal((await names('?active=true')).includes('Someday'), false);
  });

  it('lets every role with cms, tests or results read, and only administrators write', async () => {
    for (const caller of [USERS.northwindClinician, USERS.labUser, USERS.clientAdmin, USERS.northwindAdmin]) {
      assert.equal((await call(suite.context, caller, 'GET', '/cms/sample-types')).statusCode, 200);
    }
    await refused(suite.context, () => call(suite.context, USERS.fulfillmentAgent, 'GET', '/cms/sample-types'), 403);
    for (const caller of [USERS.northwindClinician, USERS.labUser, USERS.clientAdmin]) {
      await refused(
        suite.context,
        () => call(suite.context, caller, 'POST', '/cms/sample-types', { name: 'Sputum' }),
        403,
        ERRORS.forbidden,
      );
    }
  });

  it('gives labs to super_admin alone, and each kind to its cms sub-permission', async () => {
    await refused(
      suite.context,
      () => call(suite.context, USERS.northwindAdmin, 'POST', '/cms/labs', { name: 'Lab' }),
      403,
    );
    const onlyMarkers = ['cms', 'cms_markers'];
    const sampleType = await call(
      suite.context,
      USERS.northwindAdmin,
      'POST',
      '/cms/sample-types',
      { name: 'X' },
      onlyMarkers,
    );
    assert.equal(sampleType.statusCode, 403);
    const created = await call(suite.context, USERS.northwindAdmin, 'POST', '/cms/markers', marker(), onlyMarkers);
    assert.equal(created.statusCode, 201, created.body);
    // priorities and statuses share cms_statuses
    const statuses = ['cms', 'cms_statuses'];
    assert.equal(
      (await call(suite.context, USERS.northwindAdmin, 'POST', '/cms/priorities', { name: 'P' }, statuses)).statusCode,
      201,
    );
  });
});

describe('merging and institution scoping', () => {
  it('keeps every field a PUT leaves out (the status badge sends only active)', async () => {
    const toggled = await call(
      suite.context,
      USERS.superAdmin,
      'PUT',
      `/cms/collection-devices/${suite.fixtures.capillary}`,
      {
        active: false,
      },
    );
    assert.equal(toggled.statusCode, 200, toggled.body);
    const { item } = toggled.json();
    assert.deepEqual(
      [item.active, item.name, item.max_capacity, item.tube_type_ids],
      [false, 'Capillary kit', 500, [suite.fixtures.edta]],
    );
    const back = await call(
      suite.context,
      USERS.superAdmin,
      'PUT',
      `/cms/collection-devices/${suite.fixtures.capillary}`,
      {
        active: true,
      },
    );
    assert.equal(back.json().item.active, true);
    // An empty string unsets an optional field.
    const unset = await call(
      suite.context,
      USERS.superAdmin,
      'PUT',
      `/cms/collection-devices/${suite.fixtures.capillary}`,
      {
        description: 'Finger prick',
        max_capacity: '',
      },
    );
    assert.deepEqual([unset.json().item.description, unset.json().item.max_capacity], ['Finger prick', null]);
    await call(suite.context, USERS.superAdmin, 'PUT', `/cms/collection-devices/${suite.fixtures.capillary}`, {
      max_capacity: 500,
    });
  });

  it("files an institution_admin's items under their institution, visible to it alone", async () => {
    const own = await createItem(suite.context, USERS.northwindAdmin, 'sample-types', { name: 'Northwind swab' });
    assert.deepEqual(own.institution_ids, [NORTHWIND]);
    assert.deepEqual(own.institution_names, ['Northwind General Hospital']);
    const theirs = await createItem(suite.context, USERS.riversideAdmin, 'sample-types', { name: 'Riverside swab' });

    await refused(
      suite.context,
      () => call(suite.context, USERS.northwindAdmin, 'GET', `/cms/sample-types/${theirs.id}`),
      404,
      catalogueItemNotFound('sample-types'),
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.northwindAdmin, 'PUT', `/cms/sample-types/${theirs.id}`, { name: 'Mine' }),
      404,
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.northwindAdmin, 'DELETE', `/cms/sample-types/${theirs.id}`),
      404,
    );
    const listed = (await call(suite.context, USERS.northwindAdmin, 'GET', '/cms/sample-types')).json().items;
    assert.deepEqual(
      listed.map((item: { name: string }) => item.name),
      ['Northwind swab', 'Blood', 'Urine'],
    );
    // A clinician linked to both institutions sees both.
    const clinician = (await call(suite.context, USERS.northwindClinician, 'GET', '/cms/sample-types')).json().items;
    assert.equal(clinician.length, 4);
    // A super_admin narrows to the global items and one institution's.
    const narrowed = await call(
      suite.context,
      USERS.superAdmin,
      'GET',
      `/cms/sample-types?institution_id=${RIVERSIDE}`,
    );
    assert.deepEqual(
      narrowed.json().items.map((item: { name: string }) => item.name),
      ['Riverside swab', 'Blood', 'Urine'],
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.northwindAdmin, 'GET', `/cms/sample-types?institution_id=${RIVERSIDE}`),
      404,
      ERRORS.institutionNotFound,
    );
    // A form sending a wrong type is refused by name.
    const bad = await call(suite.context, USERS.superAdmin, 'GET', '/cms/sample-types?institution_id=abc');
    assert.match(errorOf(bad), /^institution_id: /);
  });

  it('keeps global items read-only to an institution_admin and their own institution on their items', async () => {
    await refused(
      suite.context,
      () =>
        call(suite.context, USERS.northwindAdmin, 'PUT', `/cms/sample-types/${suite.fixtures.blood}`, {
          name: 'Whole blood',
        }),
      403,
      ERRORS.forbidden,
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.northwindAdmin, 'DELETE', `/cms/sample-types/${suite.fixtures.blood}`),
      403,
    );
    const own = await createItem(suite.context, USERS.northwindAdmin, 'tube-types', { name: 'Northwind tube' });
    await refused(
      suite.context,
      () => call(suite.context, USERS.northwindAdmin, 'PUT', `/cms/tube-types/${own.id}`, { institution_ids: [] }),
      400,
      CATALOGUE_FIELD_ERRORS.ownInstitutionRequired,
    );
    await refused(
      suite.context,
      () =>
        call(suite.context, USERS.northwindAdmin, 'PUT', `/cms/tube-types/${own.id}`, {
          institution_ids: [NORTHWIND, RIVERSIDE],
        }),
      400,
      CATALOGUE_FIELD_ERRORS.unknownInstitution,
    );
    await refused(
      suite.context,
      () =>
        call(suite.context, USERS.superAdmin, 'POST', '/cms/tube-types', {
          name: 'T',
          institution_ids: [UNKNOWN_INSTITUTION],
        }),
      400,
      CATALOGUE_FIELD_ERRORS.unknownInstitution,
    );
    // super_admin makes an institution's item global.
    const global = await call(suite.context, USERS.superAdmin, 'PUT', `/cms/tube-types/${own.id}`, {
      institution_ids: [],
    });
    assert.deepEqual(global.json().item.institution_ids, []);
  });

  it('refuses references the caller cannot see, naming the field', async () => {
    const riversideType = await createItem(suite.context, USERS.riversideAdmin, 'sample-types', {
      name: 'Riverside stool',
    });
    await refused(
      suite.context,
      () =>
        call(
          suite.context,
          USERS.northwindAdmin,
          'POST',
          '/cms/markers',
          marker({ sample_type_ids: [riversideType.id] }),
        ),
      400,
      unknownCatalogueReference('sample_type_ids'),
    );
    await refused(
      suite.context,
      () =>
        call(
          suite.context,
          USERS.superAdmin,
          'POST',
          '/cms/markers',
          marker({ tube_type_ids: [suite.fixtures.blood] }),
        ),
      400,
      unknownCatalogueReference('tube_type_ids'),
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/panels', { name: 'P', sample_type_id: 999_999 }),
      400,
      unknownCatalogueReference('sample_type_id'),
    );
  });
});
