/** GET /patients, /patients/{id} and /patients/institution/{id} per role: scope, search, pagination, 404s. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS } from '@labline/contracts';
import {
  createPatient,
  errorOf,
  HARBOUR,
  NORTHWIND,
  RIVERSIDE,
  startClinical,
  USERS,
  type ClinicalTestContext,
  type TestUser,
} from './harness';

let context: ClinicalTestContext;
/** Patients by label, placed so that each role sees a different subset. */
const ids: Record<string, number> = {};

beforeAll(async () => {
  context = await startClinical();
  const place = async (label: string, caller: TestUser, overrides: Record<string, unknown>) => {
    ids[label] = (await createPatient(context, caller, { last_name: `Scope${label}`, ...overrides })).id;
  };
  await place('A', USERS.northwindAdmin, {});
  await place('B', USERS.northwindAdmin, { clinician_id: USERS.secondClinician.id });
  await place('C', USERS.riversideAdmin, { institution_ids: [RIVERSIDE], clinician_id: USERS.riversideClinician.id });
  await place('D', USERS.superAdmin, { institution_ids: [RIVERSIDE] });
  await place('E', USERS.superAdmin, { institution_ids: [HARBOUR], clinician_id: null });
  await place('F', USERS.superAdmin, { institution_ids: [NORTHWIND, RIVERSIDE] });
});
afterAll(() => context.close());

async function list(caller: TestUser, query = '') {
  const response = await context.app.inject({ url: `/patients${query}`, headers: await context.as(caller) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as {
    patients: { id: number; last_name: string; institution_names: string[] }[];
    pagination: { page: number; limit: number; total: number; pages: number };
  };
}

const labelsOf = (patients: { last_name: string }[]) =>
  patients.map((patient) => patient.last_name.replace('Scope', '')).sort();

describe('who sees which patients', () => {
  const expected: [string, TestUser, string[]][] = [
    ['super_admin: all', USERS.superAdmin, ['A', 'B', 'C', 'D', 'E', 'F']],
    ['institution_admin: own institution', USERS.northwindAdmin, ['A', 'B', 'F']],
    ['lab_user: own institution', USERS.labUser, ['A', 'B', 'F']],
    ['client_admin: own institution', USERS.clientAdmin, ['A', 'B', 'F']],
    ['another institution_admin: theirs', USERS.riversideAdmin, ['C', 'D', 'F']],
    ['clinician: own patients in all their institutions', USERS.northwindClinician, ['A', 'D', 'F']],
    ['another clinician: only theirs', USERS.secondClinician, ['B']],
  ];
  for (const [title, caller, labels] of expected) {
    it(title, async () => {
      const { patients, pagination } = await list(caller, '?search=scope&limit=100');
      assert.deepEqual(labelsOf(patients), labels);
      assert.equal(pagination.total, labels.length);
      for (const label of ['A', 'B', 'C', 'D', 'E', 'F']) {
        const response = await context.app.inject({
          url: `/patients/${ids[label]}`,
          headers: await context.as(caller),
        });
        assert.equal(response.statusCode, labels.includes(label) ? 200 : 404, `${label}: ${response.body}`);
        if (response.statusCode === 404) assert.equal(errorOf(response), ERRORS.patientNotFound);
      }
    });
  }

  it('names every institution of a patient, the primary first', async () => {
    const { patients } = await list(USERS.superAdmin, '?search=scopef');
    assert.deepEqual(patients[0]?.institution_names, ['Northwind General Hospital', 'Riverside Clinic']);
  });

  it('narrows by institution (the super_admin filter)', async () => {
    const { patients } = await list(USERS.superAdmin, `?search=scope&institution_id=${RIVERSIDE}`);
    assert.deepEqual(labelsOf(patients), ['C', 'D', 'F']);
  });

  it('a permissions list without patients and tests takes the patients away, as the gateway does', async () => {
    const withoutPatients = await context.as(USERS.northwindAdmin, ['dashboard', 'results']);
    const refused = await context.app.inject({ url: '/patients', headers: withoutPatients });
    assert.equal(refused.statusCode, 403);
    assert.equal(errorOf(refused), ERRORS.forbidden);
    const testsOnly = await context.as(USERS.northwindAdmin, ['tests']);
    assert.equal((await context.app.inject({ url: '/patients', headers: testsOnly })).statusCode, 200);
  });

  it('refuses fulfillment agents, unknown ids answer 404, bad queries 400', async () => {
    const headers = await context.as(USERS.fulfillmentAgent);
    for (const url of ['/patients', `/patients/${ids.A}`, `/patients/institution/${NORTHWIND}`]) {
      const response = await context.app.inject({ url, headers });
      assert.equal(response.statusCode, 403, url);
      assert.equal(errorOf(response), ERRORS.forbidden);
    }
    const admin = await context.as(USERS.superAdmin);
    assert.equal((await context.app.inject({ url: '/patients/999999', headers: admin })).statusCode, 404);
    for (const query of ['?page=0', '?limit=1000', '?limit=ten', '?institution_id=x']) {
      const response = await context.app.inject({ url: `/patients${query}`, headers: admin });
      assert.equal(response.statusCode, 400, query);
      assert.match(errorOf(response), /^(page|limit|institution_id): /);
    }
    const anonymous = await context.app.inject({ url: '/patients' });
    assert.equal(anonymous.statusCode, 401);
  });

  it("lists an institution's patients within the caller's scope; another tenant's institution is 404", async () => {
    const response = await context.app.inject({
      url: `/patients/institution/${NORTHWIND}`,
      headers: await context.as(USERS.northwindAdmin),
    });
    assert.equal(response.statusCode, 200, response.body);
    const patients = (response.json() as { patients: { last_name: string; clinician: unknown }[] }).patients;
    assert.deepEqual(labelsOf(patients.filter((patient) => patient.last_name.startsWith('Scope'))), ['A', 'B', 'F']);
    assert.deepEqual(patients.find((patient) => patient.last_name === 'ScopeA')?.clinician, {
      first_name: 'Emily',
      last_name: 'Chen',
    });
    const foreign = await context.app.inject({
      url: `/patients/institution/${RIVERSIDE}`,
      headers: await context.as(USERS.northwindAdmin),
    });
    assert.equal(foreign.statusCode, 404);
    assert.equal(errorOf(foreign), ERRORS.institutionNotFound);
  });
});

describe('search and pagination', () => {
  beforeAll(async () => {
    for (let index = 0; index < 25; index += 1) {
      await createPatient(context, USERS.northwindAdmin, {
        first_name: `Page${String(index).padStart(2, '0')}`,
        last_name: 'Paginata',
        email: `paginata.${index}@mail.example`,
        medical_record_number: `PG-${1000 + index}`,
      });
    }
  });

  it('pages newest first with the total and page count', async () => {
    const first = await list(USERS.northwindAdmin, '?search=paginata&limit=10');
    assert.deepEqual(first.pagination, { page: 1, limit: 10, total: 25, pages: 3 });
    assert.equal(first.patients[0]?.last_name, 'Paginata');
    const last = await list(USERS.northwindAdmin, '?search=paginata&limit=10&page=3');
    assert.equal(last.patients.length, 5);
    assert.deepEqual(last.pagination, { page: 3, limit: 10, total: 25, pages: 3 });
    const beyond = await list(USERS.northwindAdmin, '?search=paginata&limit=10&page=4');
    assert.equal(beyond.patients.length, 0);
  });

  it('finds by name, full name, record number and e-mail, case-insensitively', async () => {
    assert.equal((await list(USERS.northwindAdmin, '?search=PAGE07')).pagination.total, 1);
    assert.equal((await list(USERS.northwindAdmin, '?search=page07%20paginata')).pagination.total, 1);
    assert.equal((await list(USERS.northwindAdmin, '?search=PG-1012')).patients[0]?.last_name, 'Paginata');
    assert.equal((await list(USERS.northwindAdmin, '?search=paginata.3%40mail')).pagination.total, 1);
    assert.equal((await list(USERS.riversideAdmin, '?search=paginata')).pagination.total, 0, 'scope still applies');
  });

  it('matches one or two letters at the start of a word, three or more anywhere', async () => {
    assert.equal((await list(USERS.northwindAdmin, '?search=pa')).pagination.total, 25);
    assert.equal((await list(USERS.northwindAdmin, '?search=ag')).pagination.total, 0);
    assert.equal((await list(USERS.northwindAdmin, '?search=agin')).pagination.total, 25);
  });

  it('takes % and _ in a search literally', async () => {
    assert.equal((await list(USERS.superAdmin, '?search=%25')).pagination.total, 0);
    assert.equal((await list(USERS.superAdmin, '?search=page_7')).pagination.total, 0);
  });
});
