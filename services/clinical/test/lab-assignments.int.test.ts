/**
 * Lab assignments over HTTP: who reads and assigns for which institution, the spec's "both required"
 * message, uniqueness, availability of the lab and sample type, the order form's filter, removal, history
 * and the 409 of a lab still assigned.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CATALOGUE_FIELD_ERRORS, catalogueDeleteInUse, ERRORS, MESSAGES } from '@labline/contracts';
import {
  call,
  createItem,
  NORTHWIND,
  refused,
  RIVERSIDE,
  startClinical,
  UNKNOWN_INSTITUTION,
  USERS,
  type ClinicalTestContext,
} from './harness';

let context: ClinicalTestContext;
let blood: number;
let urine: number;
let meridian: number;
let northgate: number;

beforeAll(async () => {
  context = await startClinical();
  blood = (await createItem(context, USERS.superAdmin, 'sample-types', { name: 'Blood' })).id;
  urine = (await createItem(context, USERS.superAdmin, 'sample-types', { name: 'Urine' })).id;
  meridian = (
    await createItem(context, USERS.superAdmin, 'labs', {
      name: 'Meridian Pathology',
      description: 'Chemistry',
      address: '4 Science Park',
      phone: '+44 1223 555 010',
      email: 'orders@meridian.example.com',
    })
  ).id;
  northgate = (await createItem(context, USERS.superAdmin, 'labs', { name: 'Northgate Diagnostics' })).id;
});
afterAll(() => context.close());

const labsOf = (institution: number) => `/institutions/${institution}/labs`;

describe('assigning labs', () => {
  it('assigns a lab for a sample type named as the spec form sends it, with the lab details', async () => {
    const response = await call(context, USERS.superAdmin, 'POST', labsOf(NORTHWIND), {
      lab_id: meridian,
      sample_type: 'Blood',
    });
    assert.equal(response.statusCode, 201, response.body);
    const { assignment } = response.json();
    assert.deepEqual(
      {
        ...assignment,
        id: 0,
        created_at: '',
      },
      {
        id: 0,
        institution_id: NORTHWIND,
        lab_id: meridian,
        sample_type: 'Blood',
        sample_type_id: blood,
        created_at: '',
        lab_name: 'Meridian Pathology',
        lab_description: 'Chemistry',
        lab_address: '4 Science Park',
        lab_phone: '+441223555010',
        lab_email: 'orders@meridian.example.com',
        lab_active: true,
        contact_person: null,
      },
    );
    const lab = (await call(context, USERS.superAdmin, 'GET', `/cms/labs/${meridian}`)).json().item;
    assert.equal(lab.institution_count, 1);
  });

  it("lets an institution's administrator assign for it, by sample type id too", async () => {
    const response = await call(context, USERS.northwindAdmin, 'POST', labsOf(NORTHWIND), {
      lab_id: northgate,
      sample_type_id: urine,
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().assignment.sample_type, 'Urine');
  });

  it('needs both a lab and a sample type', async () => {
    for (const body of [{ lab_id: meridian }, { sample_type: 'Blood' }, { lab_id: '', sample_type: '' }, {}]) {
      await refused(
        context,
        () => call(context, USERS.superAdmin, 'POST', labsOf(RIVERSIDE), body),
        400,
        ERRORS.selectLabAndSampleType,
      );
    }
  });

  it('assigns a lab once per institution and sample type (409, naming the field)', async () => {
    await refused(
      context,
      () => call(context, USERS.superAdmin, 'POST', labsOf(NORTHWIND), { lab_id: meridian, sample_type: 'blood' }),
      409,
      CATALOGUE_FIELD_ERRORS.labAlreadyAssigned,
    );
  });

  it('takes active labs and the active sample types the institution may use only', async () => {
    const closed = await createItem(context, USERS.superAdmin, 'labs', { name: 'Closed', active: false });
    await refused(
      context,
      () => call(context, USERS.superAdmin, 'POST', labsOf(RIVERSIDE), { lab_id: closed.id, sample_type: 'Blood' }),
      400,
      CATALOGUE_FIELD_ERRORS.labNotAvailable,
    );
    await refused(
      context,
      () => call(context, USERS.superAdmin, 'POST', labsOf(RIVERSIDE), { lab_id: blood, sample_type: 'Blood' }),
      400,
      CATALOGUE_FIELD_ERRORS.labNotAvailable,
    );
    const northwindOnly = await createItem(context, USERS.northwindAdmin, 'sample-types', { name: 'Nasal swab' });
    const retired = await createItem(context, USERS.superAdmin, 'sample-types', { name: 'Sputum', active: false });
    for (const body of [
      { lab_id: meridian, sample_type: 'Nasal swab' },
      { lab_id: meridian, sample_type_id: northwindOnly.id },
      { lab_id: meridian, sample_type_id: retired.id },
      { lab_id: meridian, sample_type: 'Plasma' },
      { lab_id: meridian, sample_type_id: meridian },
    ]) {
      await refused(
        context,
        () => call(context, USERS.superAdmin, 'POST', labsOf(RIVERSIDE), body),
        400,
        CATALOGUE_FIELD_ERRORS.sampleTypeNotAvailable,
      );
    }
  });

  it("answers another tenant's institution as unknown (404), and refuses readers who may not assign (403)", async () => {
    const body = { lab_id: meridian, sample_type: 'Urine' };
    await refused(
      context,
      () => call(context, USERS.northwindAdmin, 'POST', labsOf(RIVERSIDE), body),
      404,
      ERRORS.institutionNotFound,
    );
    await refused(context, () => call(context, USERS.superAdmin, 'POST', labsOf(UNKNOWN_INSTITUTION), body), 404);
    for (const caller of [USERS.labUser, USERS.northwindClinician, USERS.clientAdmin]) {
      await refused(context, () => call(context, caller, 'POST', labsOf(NORTHWIND), body), 403, ERRORS.forbidden);
    }
  });
});

describe('reading and removing assignments', () => {
  it("lists an institution's labs to its readers, narrowed by sample type for the order form", async () => {
    const names = async (caller = USERS.labUser, query = '') => {
      const response = await call(context, caller, 'GET', `${labsOf(NORTHWIND)}${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return response
        .json()
        .labs.map((lab: { lab_name: string; sample_type: string }) => [lab.lab_name, lab.sample_type]);
    };
    assert.deepEqual(await names(), [
      ['Meridian Pathology', 'Blood'],
      ['Northgate Diagnostics', 'Urine'],
    ]);
    assert.deepEqual(await names(USERS.northwindClinician, '?sample_type=blood'), [['Meridian Pathology', 'Blood']]);
    assert.deepEqual(await names(USERS.northwindAdmin, `?sample_type_id=${urine}`), [
      ['Northgate Diagnostics', 'Urine'],
    ]);
    // The clinician is linked to Riverside too; Riverside's administrator is not linked to Northwind.
    assert.equal((await call(context, USERS.northwindClinician, 'GET', labsOf(RIVERSIDE))).statusCode, 200);
    await refused(
      context,
      () => call(context, USERS.riversideAdmin, 'GET', labsOf(NORTHWIND)),
      404,
      ERRORS.institutionNotFound,
    );
    await refused(context, () => call(context, USERS.fulfillmentAgent, 'GET', labsOf(NORTHWIND)), 404);
  });

  it('keeps a lab that is assigned (409) and removes assignments with the spec message', async () => {
    await refused(
      context,
      () => call(context, USERS.superAdmin, 'DELETE', `/cms/labs/${northgate}`),
      409,
      catalogueDeleteInUse('labs'),
    );
    await refused(
      context,
      () => call(context, USERS.superAdmin, 'DELETE', `/cms/sample-types/${urine}`),
      409,
      catalogueDeleteInUse('sample-types'),
    );
    const [assignment] = (
      await call(context, USERS.northwindAdmin, 'GET', `${labsOf(NORTHWIND)}?sample_type=Urine`)
    ).json().labs as { id: number }[];
    assert.ok(assignment);
    await refused(
      context,
      () => call(context, USERS.riversideAdmin, 'DELETE', `${labsOf(RIVERSIDE)}/${assignment.id}`),
      404,
      ERRORS.labAssignmentNotFound,
    );
    await refused(context, () => call(context, USERS.labUser, 'DELETE', `${labsOf(NORTHWIND)}/${assignment.id}`), 403);
    const removed = await call(context, USERS.northwindAdmin, 'DELETE', `${labsOf(NORTHWIND)}/${assignment.id}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(removed.json(), { message: MESSAGES.labAssignmentRemoved });
    await refused(
      context,
      () => call(context, USERS.northwindAdmin, 'DELETE', `${labsOf(NORTHWIND)}/${assignment.id}`),
      404,
      ERRORS.labAssignmentNotFound,
    );
    const deleted = await call(context, USERS.superAdmin, 'DELETE', `/cms/labs/${northgate}`);
    assert.equal(deleted.statusCode, 200, deleted.body);

    const history = await call(context, USERS.northwindAdmin, 'GET', `${labsOf(NORTHWIND)}/${assignment.id}/history`);
    assert.equal(history.statusCode, 200, history.body);
    const entries = history.json().history;
    assert.deepEqual(
      entries.map((entry: { action: string; actor: { name: string } }) => [entry.action, entry.actor.name]),
      [
        ['deleted', 'James Carter'],
        ['created', 'James Carter'],
      ],
    );
    // The lab is gone by now: its name is no longer known, the history shows its id.
    assert.deepEqual(entries[1].changes, [
      { field: 'institution_id', label: 'Institution', from: null, to: 'Northwind General Hospital' },
      { field: 'lab_id', label: 'Lab', from: null, to: `#${northgate}` },
      { field: 'sample_type', label: 'Sample Type', from: null, to: 'Urine' },
    ]);
    await refused(
      context,
      () => call(context, USERS.riversideAdmin, 'GET', `${labsOf(RIVERSIDE)}/${assignment.id}/history`),
      404,
    );
  });
});
