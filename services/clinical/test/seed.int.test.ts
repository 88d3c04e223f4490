/** The demo catalogue and test requests: seeded once, through the API's command paths, once identity's demo data has arrived. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { e164PhoneNumber, isLoincCode } from '@labline/contracts';
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
