import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS, institutionSchema, PHONE_NUMBER_PROBLEM, type Institution } from '@labline/contracts';
import type { DurableConsumer } from '@labline/bus';
import { createLogger } from '@labline/telemetry';
import { waitFor } from '@labline/testkit';
import { startProjectionConsumer } from '@labline/service-kit';
import { institutionPatientsProjection } from '../src/projections/institution-patients/projection';
import { patient } from './patients';
import { signInDemoAccounts, type DemoAccount, type Method, type SignedInAccounts } from './accounts';
import { bearer, startIdentity, storedState, type IdentityTestContext } from './harness';
import { startPrivateNats, type PrivateNats } from './nats';

describe('institutions', () => {
  let context: IdentityTestContext;
  let nats: PrivateNats;
  let consumer: DurableConsumer;
  let accounts: SignedInAccounts;
  let tokens: SignedInAccounts['tokens'];
  let northwind: number;
  let riverside: number;
  const call = (who: DemoAccount, method: Method, url: string, payload?: unknown) =>
    accounts.call(who, method, url, payload);
  const names = (response: { json(): { institutions: Institution[] } }) =>
    response.json().institutions.map((institution) => institution.name);

  beforeAll(async () => {
    context = await startIdentity({ seed: true });
    nats = await startPrivateNats();
    consumer = await startProjectionConsumer('identity', institutionPatientsProjection, {
      nc: nats.nc,
      pool: context.pool,
      logger: createLogger('test', 'silent'),
    });
    accounts = await signInDemoAccounts(context);
    ({ tokens, northwind, riverside } = accounts);
  });
  afterAll(async () => {
    await consumer.stop();
    await nats.close();
    await context.close();
  });

  it('lists all institutions to super_admin and their own to everyone else', async () => {
    const all = await call('super', 'GET', '/institutions');
    assert.equal(all.statusCode, 200);
    for (const institution of all.json().institutions) institutionSchema.strict().parse(institution);
    assert.deepEqual(names(all), ['Northwind General Hospital', 'Riverside Clinic']);
    assert.deepEqual(names(await call('admin', 'GET', '/institutions')), ['Northwind General Hospital']);
    assert.deepEqual(names(await call('lab', 'GET', '/institutions')), ['Northwind General Hospital']);
    assert.deepEqual(names(await call('riversideAdmin', 'GET', '/institutions')), ['Riverside Clinic']);
    assert.deepEqual(names(await call('clinician', 'GET', '/institutions')), [
      'Northwind General Hospital',
      'Riverside Clinic',
    ]);
    assert.deepEqual(names(await call('clinician', 'GET', '/institutions/my')), [
      'Northwind General Hospital',
      'Riverside Clinic',
    ]);
    assert.deepEqual(names(await call('client', 'GET', '/institutions/my')), ['Northwind General Hospital']);
    assert.deepEqual(names(await call('super', 'GET', '/institutions/my')), []);
  });

  it('answers an institution in scope and 404 outside it', async () => {
    assert.equal((await call('admin', 'GET', `/institutions/${northwind}`)).json().institution.id, northwind);
    assert.equal((await call('clinician', 'GET', `/institutions/${riverside}`)).statusCode, 200);
    for (const [who, url] of [
      ['admin', `/institutions/${riverside}`],
      ['riversideAdmin', `/institutions/${northwind}/clinicians`],
      ['lab', `/institutions/${riverside}/stats`],
      ['super', '/institutions/999999'],
    ] as const) {
      const response = await call(who, 'GET', url);
      assert.equal(response.statusCode, 404, `${who} ${url}`);
      assert.deepEqual(response.json(), { error: ERRORS.institutionNotFound });
    }
  });

  it('lets super_admin create and edit institutions, with Hospital as the default type', async () => {
    const created = await call('super', 'POST', '/institutions', { name: '  Eastgate Practice ', phone: '' });
    assert.equal(created.statusCode, 201, created.body);
    const institution: Institution = created.json().institution;
    assert.equal(institution.name, 'Eastgate Practice');
    assert.equal(institution.institution_type, 'Hospital');
    assert.equal(institution.phone, null);
    assert.equal(institution.api_enabled, false, 'external lab integration is off until turned on');
    const [registered] = await context.eventsOfType('InstitutionRegistered', `institution-${institution.id}`);
    assert.ok(registered);

    const edited = await call('super', 'PUT', `/institutions/${institution.id}`, {
      name: 'Eastgate Family Practice',
      institution_type: 'Practice',
      email: 'Desk@Eastgate.test',
      api_enabled: true,
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().institution.api_enabled, true);
    assert.equal(edited.json().institution.name, 'Eastgate Family Practice');
    assert.equal(edited.json().institution.email, 'desk@eastgate.test');
    assert.ok(edited.json().institution.updated_at > institution.updated_at);
    const [updated] = await context.eventsOfType('InstitutionUpdated', `institution-${institution.id}`);
    assert.equal((updated?.data as { name: string }).name, 'Eastgate Family Practice');
  });

  it('lets the institution_admin edit their own institution only, and nobody else but super_admin', async () => {
    const own = await call('admin', 'PUT', `/institutions/${northwind}`, {
      name: 'Northwind General Hospital',
      institution_type: 'Hospital',
      phone: '+44 20 7946 0199',
    });
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.json().institution.phone, '+442079460199', 'stored in E.164');

    const before = await storedState(context);
    const cases: [DemoAccount, Method, string, unknown, number, string][] = [
      ['admin', 'PUT', `/institutions/${riverside}`, { name: 'Mine now' }, 404, ERRORS.institutionNotFound],
      ['client', 'PUT', `/institutions/${northwind}`, { name: 'Mine now' }, 403, ERRORS.noPermissionManageInstitutions],
      ['clinician', 'PUT', `/institutions/${riverside}`, { name: 'X' }, 403, ERRORS.noPermissionManageInstitutions],
      ['admin', 'POST', '/institutions', { name: 'Another' }, 403, ERRORS.noPermissionManageInstitutions],
      ['lab', 'POST', '/institutions', { name: 'Another' }, 403, ERRORS.noPermissionManageInstitutions],
      ['super', 'POST', '/institutions', { name: '' }, 400, 'name: is required'],
      ['super', 'POST', '/institutions', {}, 400, 'name: Required'],
      ['super', 'POST', '/institutions', { name: 'x'.repeat(201) }, 400, 'name: must be at most 200 characters'],
      ['super', 'POST', '/institutions', { name: 'A', institution_type: 'Spa' }, 400, ''],
      ['super', 'POST', '/institutions', { name: 'A', email: 'nope' }, 400, 'email: must be a valid email address'],
      ['super', 'POST', '/institutions', { name: 'A', phone: '12ab' }, 400, `phone: ${PHONE_NUMBER_PROBLEM}`],
      ['super', 'POST', '/institutions', { name: 'A', beds: 40 }, 400, 'beds: is not allowed'],
      ['super', 'POST', '/institutions', { name: 7 }, 400, 'name: must be a string'],
      ['super', 'PUT', '/institutions/abc', { name: 'A' }, 400, ''],
    ];
    for (const [who, method, url, payload, status, error] of cases) {
      const response = await call(who, method, url, payload);
      assert.equal(response.statusCode, status, `${who} ${method} ${url} ${JSON.stringify(payload)}`);
      if (error) assert.deepEqual(response.json(), { error });
      else assert.match(response.json().error, /^(institution_type|id): /);
    }
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/institutions',
      headers: { ...bearer(tokens.super!), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    assert.deepEqual(malformed.json(), { error: ERRORS.malformedJson });
    assert.deepEqual(await storedState(context), before);
  });

  it('lists the active clinicians linked to an institution', async () => {
    const clinicians = await call('riversideAdmin', 'GET', `/institutions/${riverside}/clinicians`);
    assert.equal(clinicians.statusCode, 200);
    assert.deepEqual(
      clinicians.json().clinicians.map((clinician: { email: string }) => clinician.email),
      ['clinician@northwind.labline.test'],
    );
    // The patient form's picker of a clinician at that institution: id, name and role, no e-mail.
    const picker = await call('clinician', 'GET', `/institutions/${riverside}/clinicians`);
    assert.equal(picker.statusCode, 200);
    assert.deepEqual(
      picker.json().clinicians.map((clinician: object) => Object.keys(clinician).sort()),
      [['first_name', 'id', 'last_name', 'role']],
    );
  });

  it('counts users from identity and patients from clinical events', async () => {
    const stats = async () => (await call('super', 'GET', `/institutions/${riverside}/stats`)).json().stats;
    assert.deepEqual(await stats(), { users: 2, patients: 0, test_requests: 0, pending_requests: 0 });

    await nats.publish('lab.clinical.patient.PatientRegistered', {
      type: 'PatientRegistered',
      stream: 'patient-501',
      version: 1,
      data: patient(501, [riverside]),
    });
    await nats.publish('lab.clinical.patient.PatientRegistered', {
      type: 'PatientRegistered',
      stream: 'patient-502',
      version: 1,
      data: patient(502, [northwind, riverside]),
    });
    await waitFor(async () => (await stats()).patients === 2, { description: 'two Riverside patients' });
    assert.equal((await call('admin', 'GET', `/institutions/${northwind}/stats`)).json().stats.patients, 1);

    await nats.publish('lab.clinical.patient.PatientDeleted', {
      type: 'PatientDeleted',
      stream: 'patient-501',
      version: 2,
      data: { patientId: 501, institution_ids: [riverside] },
    });
    await waitFor(async () => (await stats()).patients === 1, { description: 'the deleted patient uncounted' });
    // Taken out of Riverside by its admin, the shared patient still counts for Northwind.
    await nats.publish('lab.clinical.patient.PatientRemovedFromInstitutions', {
      type: 'PatientRemovedFromInstitutions',
      stream: 'patient-502',
      version: 2,
      data: { patientId: 502, removed_institution_ids: [riverside], institution_ids: [northwind] },
    });
    await waitFor(async () => (await stats()).patients === 0, { description: 'the shared patient left Riverside' });
    assert.equal((await call('admin', 'GET', `/institutions/${northwind}/stats`)).json().stats.patients, 1);
    assert.equal(consumer.stats.poisoned, 0);
  });
});
