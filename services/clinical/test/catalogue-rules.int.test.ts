/**
 * The CMS catalogue's rules between fields and items over HTTP: LOINC codes, UCUM units, numbers and ranges,
 * a panel's markers of its sample type, the 409 of deleting what is still referred to, and the order form's
 * lookups and the active labs. Every refused request stores nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  CATALOGUE_FIELD_ERRORS,
  catalogueDeleteInUse,
  ERRORS,
  invalidUcumUnit,
  markerSampleTypeNeededByPanel,
  NUMBER_PROBLEMS,
  panelMarkerOfOtherSampleType,
} from '@labline/contracts';
import { catalogueSuite, markerForm } from './catalogue-fixtures';
import { call, createItem, NORTHWIND, refused, RIVERSIDE, UNKNOWN_INSTITUTION, USERS } from './harness';

const suite = catalogueSuite();

const marker = (overrides: Record<string, unknown> = {}) => markerForm(suite.fixtures.blood, overrides);

describe('rules of markers and panels', () => {
  it('checks LOINC codes and UCUM units, keeping the units as typed beside their code', async () => {
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/markers', marker({ units: 'furlongs' })),
      400,
      invalidUcumUnit('furlongs', '[fur_us]'),
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/markers', marker({ marker_code: '2345-8' })),
      400,
      `marker_code: ${CATALOGUE_FIELD_ERRORS.invalidLoincCode}`,
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/markers', marker({ units: 'mIU/L' })),
      400,
      invalidUcumUnit('mIU/L', 'm[IU]/L'),
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/markers', marker({ units: 'foo' })),
      400,
      invalidUcumUnit('foo', null),
    );
    const micro = await createItem(suite.context, USERS.superAdmin, 'markers', marker({ name: 'Volume', units: 'µL' }));
    assert.deepEqual([micro.units, micro.units_ucum], ['µL', 'uL']);
    const corrected = await createItem(
      suite.context,
      USERS.superAdmin,
      'markers',
      marker({ name: 'ALP', units: 'IU/L' }),
    );
    assert.deepEqual([corrected.units, corrected.units_ucum], ['IU/L', '[IU]/L']);
    const cleared = await call(suite.context, USERS.superAdmin, 'PUT', `/cms/markers/${micro.id}`, {
      units: '',
      marker_code: '',
    });
    assert.deepEqual(
      [cleared.json().item.units, cleared.json().item.units_ucum, cleared.json().item.marker_code],
      [null, null, null],
    );
  });

  it("refuses a max capacity of 0, -5 or 1.5 with the CMS form's sentence, on create and edit, and takes 1 as typed", async () => {
    const create = (max_capacity: unknown) => () =>
      call(suite.context, USERS.superAdmin, 'POST', '/cms/collection-devices', { name: 'Edge Kit', max_capacity });
    await refused(suite.context, create(0), 400, `max_capacity: ${NUMBER_PROBLEMS.tooSmall(1)}`);
    await refused(suite.context, create(-5), 400, `max_capacity: ${NUMBER_PROBLEMS.tooSmall(1)}`);
    await refused(suite.context, create(1.5), 400, `max_capacity: ${NUMBER_PROBLEMS.notWhole}`);
    await refused(suite.context, create('1.5'), 400, `max_capacity: ${NUMBER_PROBLEMS.notWhole}`);
    const device = await createItem(suite.context, USERS.superAdmin, 'collection-devices', {
      name: 'Edge Kit',
      max_capacity: 1,
    });
    assert.equal(device.max_capacity, 1);
    const edit = (max_capacity: unknown) => () =>
      call(suite.context, USERS.superAdmin, 'PUT', `/cms/collection-devices/${device.id}`, { max_capacity });
    await refused(suite.context, edit(0), 400, `max_capacity: ${NUMBER_PROBLEMS.tooSmall(1)}`);
    await refused(suite.context, edit(2.5), 400, `max_capacity: ${NUMBER_PROBLEMS.notWhole}`);
    const emptied = await call(suite.context, USERS.superAdmin, 'PUT', `/cms/collection-devices/${device.id}`, {
      max_capacity: '',
    });
    assert.deepEqual([emptied.statusCode, emptied.json().item.max_capacity], [200, null]);
  });

  it('refuses numbers that are not, ranges upside down and fields it does not know', async () => {
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/markers', marker({ value: 'ten' })),
      400,
      'value: must be a number',
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/markers', marker({ range_min: 10, range_max: 1 })),
      400,
      CATALOGUE_FIELD_ERRORS.rangeOrder,
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/collection-devices', { name: 'Kit', max_capacity: 0 }),
      400,
      'max_capacity: must be at least 1',
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/sample-types', { name: '   ' }),
      400,
      'name: is required',
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/sample-types', { name: 'X', marker_code: '2345-7' }),
      400,
      'marker_code: is not allowed',
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'POST', '/cms/panels', { name: 'P', sample_type_id: '' }),
      400,
      'sample_type_id: is required',
    );
  });

  it("keeps a panel's markers of the panel's sample type", async () => {
    const urineMarker = await createItem(
      suite.context,
      USERS.superAdmin,
      'markers',
      marker({ name: 'Urine albumin', marker_code: '9318-7', units: 'mg/g', sample_type_ids: [suite.fixtures.urine] }),
    );
    await refused(
      suite.context,
      () =>
        call(suite.context, USERS.superAdmin, 'POST', '/cms/panels', {
          name: 'Mixed',
          sample_type_id: suite.fixtures.blood,
          marker_ids: [suite.fixtures.hba1c, urineMarker.id],
        }),
      400,
      panelMarkerOfOtherSampleType(['Urine albumin']),
    );
    const panel = await createItem(suite.context, USERS.superAdmin, 'panels', {
      name: 'HbA1c only',
      sample_type_id: suite.fixtures.blood,
      marker_ids: [suite.fixtures.hba1c],
    });
    await refused(
      suite.context,
      () =>
        call(suite.context, USERS.superAdmin, 'PUT', `/cms/panels/${panel.id}`, {
          sample_type_id: suite.fixtures.urine,
        }),
      400,
      panelMarkerOfOtherSampleType(['HbA1c']),
    );
    await refused(
      suite.context,
      () =>
        call(suite.context, USERS.superAdmin, 'PUT', `/cms/markers/${suite.fixtures.hba1c}`, {
          sample_type_ids: [suite.fixtures.urine],
        }),
      400,
      markerSampleTypeNeededByPanel('Diabetes Panel'),
    );
  });
});

describe('deleting', () => {
  it('refuses (409) to delete what is still referred to, and deletes it once free', async () => {
    const sampleType = await createItem(suite.context, USERS.superAdmin, 'sample-types', { name: 'Saliva' });
    const tube = await createItem(suite.context, USERS.superAdmin, 'tube-types', { name: 'Salivette' });
    const device = await createItem(suite.context, USERS.superAdmin, 'collection-devices', {
      name: 'Saliva kit',
      tube_type_ids: [tube.id],
    });
    const cortisol = await createItem(
      suite.context,
      USERS.superAdmin,
      'markers',
      marker({ name: 'Cortisol', sample_type_ids: [sampleType.id], collection_device_ids: [device.id] }),
    );
    const panel = await createItem(suite.context, USERS.superAdmin, 'panels', {
      name: 'Stress',
      sample_type_id: sampleType.id,
      marker_ids: [cortisol.id],
    });
    const inUse = [
      ['sample-types', sampleType.id],
      ['tube-types', tube.id],
      ['collection-devices', device.id],
      ['markers', cortisol.id],
    ] as const;
    for (const [kind, id] of inUse) {
      await refused(
        suite.context,
        () => call(suite.context, USERS.superAdmin, 'DELETE', `/cms/${kind}/${id}`),
        409,
        catalogueDeleteInUse(kind),
      );
    }
    assert.equal(
      catalogueDeleteInUse('sample-types'),
      'Failed to delete Sample Type. It may be in use by other records.',
    );

    for (const [kind, id] of [['panels', panel.id], ...[...inUse].reverse()] as const) {
      const deleted = await call(suite.context, USERS.superAdmin, 'DELETE', `/cms/${kind}/${id}`);
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.match(deleted.json().message, /deleted successfully$/);
      assert.equal((await call(suite.context, USERS.superAdmin, 'GET', `/cms/${kind}/${id}`)).statusCode, 404);
    }
  });

  it("answers 404 for an item of another kind than the path's", async () => {
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'DELETE', `/cms/tube-types/${suite.fixtures.blood}`),
      404,
    );
  });
});

describe('the order form and the Labs tab', () => {
  it("answers an institution's active lookups (global and its own) to those who may name it", async () => {
    const inactive = await createItem(suite.context, USERS.northwindAdmin, 'sample-types', {
      name: 'Old',
      active: false,
    });
    await createItem(suite.context, USERS.northwindAdmin, 'sample-types', { name: 'Northwind swab' });
    await createItem(suite.context, USERS.riversideAdmin, 'sample-types', { name: 'Riverside swab' });
    const response = await call(
      suite.context,
      USERS.northwindClinician,
      'GET',
      `/cms/test-form-fields?institution_id=${NORTHWIND}`,
    );
    assert.equal(response.statusCode, 200, response.body);
    const fields = response.json();
    const names = fields.sample_types.map((item: { name: string }) => item.name);
    assert.ok(names.includes('Blood') && names.includes('Northwind swab'));
    assert.ok(!names.includes('Riverside swab') && !names.includes(inactive.name));
    assert.ok(fields.markers.some((item: { id: number }) => item.id === suite.fixtures.hba1c));
    assert.ok(fields.panels.length > 0 && fields.collection_devices.length > 0);
    await refused(
      suite.context,
      () => call(suite.context, USERS.northwindAdmin, 'GET', `/cms/test-form-fields?institution_id=${RIVERSIDE}`),
      404,
      ERRORS.institutionNotFound,
    );
    await refused(
      suite.context,
      () => call(suite.context, USERS.superAdmin, 'GET', `/cms/test-form-fields?institution_id=${UNKNOWN_INSTITUTION}`),
      404,
    );
  });

  it('lists the active labs', async () => {
    const open = await createItem(suite.context, USERS.superAdmin, 'labs', { name: 'Open Lab' });
    await createItem(suite.context, USERS.superAdmin, 'labs', { name: 'Closed Lab', active: false });
    const labs = (await call(suite.context, USERS.northwindAdmin, 'GET', '/cms/labs/active')).json().items;
    assert.deepEqual(
      labs.map((lab: { id: number }) => lab.id),
      [open.id],
    );
  });
});
