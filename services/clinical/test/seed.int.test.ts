/** The demo catalogue and test requests: seeded once, through the API's command paths, once identity's demo data has arrived. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { catalogueListResponseSchemaOf, e164PhoneNumber, holdsSampleType, isLoincCode } from '@labline/contracts';
import { seedDemoPatients } from '../src/seed';
import { seedDemoCatalogue } from '../src/seed-catalogue';
import { seedDemoTestRequests } from '../src/seed-test-requests';
import { call, NORTHWIND, RIVERSIDE, startClinical, USERS, type ClinicalTestContext } from './harness';

let context: ClinicalTestContext;
beforeAll(async () => {
  context = await startClinical();
  // The demo clinician identity's seed registers, whom the seed waits for with the demo institutions.
  await context.nats.publishIdentity('user-50', 0, 'UserRegistered', {
    userId: 50,
    email: 'clinician@northwind.labline.test',
    first_name: 'Demo',
    last_name: 'Clinician',
    phone: null,
    role: 'clinician',
    institution_id: NORTHWIND,
    clinician_institution_ids: [NORTHWIND, RIVERSIDE],
    permissions: [],
    is_active: true,
  });
});
afterAll(() => context.close());

const items = async (kind: string, caller = USERS.superAdmin) =>
  (await call(context, caller, 'GET', `/cms/${kind}`)).json().items as Record<string, unknown>[];

describe('demo catalogue seed', () => {
  it('seeds every kind and the lab assignments once', async () => {
    const outcome = await seedDemoCatalogue(context.context, { waitMs: 30_000 });
    assert.ok('seeded' in outcome && outcome.seeded > 40, JSON.stringify(outcome));
    assert.deepEqual(await seedDemoCatalogue(context.context, { waitMs: 1 }), { skipped: 'already seeded' });

    assert.deepEqual(
      (await items('sample-types')).map((item) => item.name),
      ['Blood', 'Urine', 'Saliva', 'Stool', 'Swab'],
    );
    assert.deepEqual(
      (await items('priorities')).map((item) => item.name),
      ['Routine', 'Urgent', 'STAT'],
    );
    const markers = await items('markers');
    assert.ok(markers.length >= 15);
    assert.ok(markers.every((marker) => isLoincCode(String(marker.marker_code)) && marker.units_ucum !== null));
    const devices = await items('collection-devices');
    assert.ok(
      devices.some((device) => device.max_capacity === null),
      'a device without capacity (the default)',
    );
    assert.ok(
      devices.some((device) => (device.tube_types as unknown[]).length > 2),
      'a device with many tube types',
    );
    // Issue 22: every device a marker names holds the marker's sample type, and every device holds some.
    const list = async <K extends 'markers' | 'collection-devices' | 'sample-types'>(kind: K) =>
      catalogueListResponseSchemaOf(kind).parse((await call(context, USERS.superAdmin, 'GET', `/cms/${kind}`)).json())
        .items;
    const typedDevices = await list('collection-devices');
    for (const marker of await list('markers')) {
      for (const device of typedDevices.filter((item) => marker.collection_device_ids.includes(item.id))) {
        const fits = marker.sample_type_ids.every((sampleTypeId) => holdsSampleType(device, sampleTypeId));
        assert.ok(fits, `${device.name} holds the samples of ${marker.name}`);
      }
    }
    const sampleTypes = await list('sample-types');
    const held = (device: (typeof typedDevices)[number]) =>
      sampleTypes.filter((sampleType) => holdsSampleType(device, sampleType.id)).map((sampleType) => sampleType.name);
    assert.deepEqual(Object.fromEntries(typedDevices.map((device) => [device.name, held(device)])), {
      'Capillary blood collection kit': ['Blood'],
      'Venous blood tube set': ['Blood'],
      'Urine collection pot': ['Urine'],
      'Saliva collection kit': ['Saliva'],
      'Stool collection kit': ['Stool'],
      'Swab kit': ['Swab'],
    });
    const labPhones = (await items('labs')).map((lab) => String(lab.phone));
    assert.equal(labPhones.length, 3);
    for (const phone of labPhones) assert.equal(e164PhoneNumber(phone), phone, 'an E.164 number the forms accept');

    // The Northwind panel is Northwind's alone.
    const panelNames = async (caller: typeof USERS.superAdmin) => (await items('panels', caller)).map((p) => p.name);
    assert.ok((await panelNames(USERS.northwindAdmin)).includes('Northwind Wellness Check'));
    assert.ok(!(await panelNames(USERS.riversideAdmin)).includes('Northwind Wellness Check'));

    const labs = async (institution: number) =>
      (await call(context, USERS.superAdmin, 'GET', `/institutions/${institution}/labs`)).json().labs.length;
    assert.deepEqual([await labs(NORTHWIND), await labs(RIVERSIDE)], [4, 4]);
  });

  it('seeds a handful of test requests across the statuses after the patients and catalogue, once', async () => {
    assert.ok('seeded' in (await seedDemoPatients(context.context, { waitMs: 30_000 })));
    const { patients } = (await call(context, USERS.superAdmin, 'GET', '/patients?limit=100')).json();
    for (const { phone } of patients as { phone: string }[]) assert.equal(e164PhoneNumber(phone), phone);
    const outcome = await seedDemoTestRequests(context.context, { waitMs: 30_000 });
    assert.deepEqual(outcome, { seeded: 6 });
    assert.deepEqual(await seedDemoTestRequests(context.context, { waitMs: 1 }), { skipped: 'already seeded' });
    const { requests } = (await call(context, USERS.superAdmin, 'GET', '/tests/requests')).json();
    assert.deepEqual(requests.map((request: { status: string }) => request.status).sort(), [
      'approved',
      'cancelled',
      'completed',
      'fulfilled',
      'in_progress',
      'pending',
    ]);
    assert.ok(requests.some((request: { test_name: string }) => request.test_name === 'Lipid Panel'));
  });
});
