/**
 * The records the access walk visits, made and looked up through the API before any browser opens: the demo
 * seed's institutions, patients and users, a second clinician with a patient of their own (outside the demo
 * clinician's scope), an institution nobody but super_admin reaches, and per account the records its own Add
 * buttons would create (the server accepting those requests is the proof that the buttons may be offered).
 * Which of them lies inside or outside an account's scope is asked of the policy in @labline/contracts.
 */
import assert from 'node:assert/strict';
import {
  callerFromUser,
  canCreateInstitution,
  canCreatePatient,
  canManageUsers,
  canReadInstitution,
  canReadPatient,
  canReadUser,
  clinicianListResponseSchema,
  defaultPermissionsForRole,
  institutionListResponseSchema,
  institutionResponseSchema,
  canManageFulfillment,
  canUseResults,
  canUseTestRequests,
  fulfillmentListSchema,
  resultListSchema,
  testRequestListResponseSchema,
  patientListResponseSchema,
  patientResponseSchema,
  userListResponseSchema,
  userResponseSchema,
  type Caller,
  type Institution,
  type Patient,
  type SessionUser,
  type TestRequest,
  type User,
} from '@labline/contracts';
import { apiAs, DEMO_ACCOUNTS, eventually, type System } from '../support';

/** An id no record has: super_admin reaches every record, so their "outside" is a missing one. */
export const MISSING_ID = 2_000_000_000;
const PASSWORD = 'walk-password-1';

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** One demo account as the walk sees it: the policy's Caller and what its own Add buttons created. */
export interface WalkAccount {
  key: string;
  email: string;
  user: SessionUser;
  caller: Caller;
  api: Api;
  /** Made by this account through the API (its Add Patient / Add User / Add Institution requests). */
  created: { patient: Patient | null; user: User | null; institution: Institution | null };
  /** The test requests the server lists for this account (its scope, as the service decides it). */
  visibleTestRequestIds: ReadonlySet<number>;
  /** The fulfillment requests the server lists for this account (none for a role that does not manage them). */
  visibleFulfillmentIds: ReadonlySet<number>;
  /** The test results the server lists for this account (none for a role without results). */
  visibleResultIds: ReadonlySet<number>;
}

export interface WalkFixtures {
  institutions: Institution[];
  /** Every patient and user as super_admin sees them once everything is created. */
  patients: Patient[];
  users: User[];
  /** The demo test requests, as super_admin sees them. */
  testRequests: TestRequest[];
  /** The demo fulfillment requests' ids, as super_admin sees them. */
  fulfillmentIds: number[];
  /** The demo test results' ids, as super_admin sees them. */
  resultIds: number[];
  accounts: WalkAccount[];
}

/** A user with the facts the user rules look at, found by e-mail. */
export const userNamed = (fixtures: WalkFixtures, email: string): User => {
  const user = fixtures.users.find((candidate) => candidate.email === email);
  assert.ok(user, `${email} exists`);
  return user;
};

async function createPatient(api: Api, institutionId: number, lastName: string): Promise<Patient> {
  const { clinicians } = clinicianListResponseSchema.parse(
    await api.call('GET', `/institutions/${institutionId}/clinicians`),
  );
  // A clinician is always the patient's clinician; anyone else picks the institution's first.
  const clinicianId = api.user.role === 'clinician' ? api.user.id : (clinicians[0]?.id ?? null);
  const body = { first_name: 'Walk', last_name: lastName, institution_ids: [institutionId], clinician_id: clinicianId };
  return patientResponseSchema.parse(await api.call('POST', '/patients', body)).patient;
}

async function createUser(api: Api, institutionId: number, role: 'lab_user' | 'clinician', name: string) {
  const body = {
    email: `walk.${name}@walk.labline.test`.toLowerCase(),
    first_name: 'Walk',
    last_name: name,
    role,
    password: PASSWORD,
    // An institution_admin's users get their institution whatever is sent; super_admin sets it and the menu.
    institution_id: institutionId,
    clinician_institution_ids: role === 'clinician' ? [institutionId] : [],
    permissions: defaultPermissionsForRole(role),
  };
  return userResponseSchema.parse(await api.call('POST', '/users', body)).user;
}

/** The records an account's Add buttons stand for, made with its own token. */
async function createOwnRecords(account: WalkAccount, northwindId: number): Promise<void> {
  const { caller, api, key } = account;
  const home = caller.institutionId ?? northwindId;
  if (canCreatePatient(caller)) account.created.patient = await createPatient(api, home, key);
  if (canManageUsers(caller)) account.created.user = await createUser(api, home, 'lab_user', key);
  if (canCreateInstitution(caller)) {
    const body = { name: `Walk ${key} Laboratory`, institution_type: 'Laboratory' };
    account.created.institution = institutionResponseSchema.parse(
      await api.call('POST', '/institutions', body),
    ).institution;
  }
}

/** The ids of the test results the server lists for an account (its scope, as the results service decides it). */
const resultIdsOf = async (api: Api): Promise<number[]> =>
  resultListSchema.parse(await api.call('GET', '/results?limit=100')).results.map((result) => result.id);

export async function createFixtures(system: System): Promise<WalkFixtures> {
  const accounts: WalkAccount[] = [];
  for (const [key, { email }] of Object.entries(DEMO_ACCOUNTS)) {
    const api = await apiAs(system, email);
    const created = { patient: null, user: null, institution: null };
    const caller = callerFromUser(api.user);
    const visibleTestRequestIds = new Set(
      canUseTestRequests(caller)
        ? testRequestListResponseSchema
            .parse(await api.call('GET', '/tests/requests?limit=100'))
            .requests.map((request) => request.id)
        : [],
    );
    const visibleFulfillmentIds = new Set(
      canManageFulfillment(caller)
        ? fulfillmentListSchema
            .parse(await api.call('GET', '/fulfillment?limit=100'))
            .requests.map((request) => request.id)
        : [],
    );
    const visibleResultIds = new Set(canUseResults(caller) ? await resultIdsOf(api) : []);
    accounts.push({
      key,
      email,
      user: api.user,
      caller,
      api,
      created,
      visibleTestRequestIds,
      visibleFulfillmentIds,
      visibleResultIds,
    });
  }
  const superApi = accounts.find((account) => account.caller.role === 'super_admin')!.api;
  const listInstitutions = async () =>
    institutionListResponseSchema.parse(await superApi.call('GET', '/institutions')).institutions;
  const northwind = (await listInstitutions()).find((institution) => institution.name.startsWith('Northwind'));
  assert.ok(northwind, 'the demo seed has Northwind');

  // A second Northwind clinician and their patient: a record inside the institution, outside the demo clinician's.
  const clinician = await createUser(superApi, northwind.id, 'clinician', 'outsider');
  const body = {
    first_name: 'Walk',
    last_name: 'Outsider',
    institution_ids: [northwind.id],
    clinician_id: clinician.id,
  };
  await eventually(() => superApi.call('POST', '/patients', body));
  for (const account of accounts) await createOwnRecords(account, northwind.id);

  const { patients } = patientListResponseSchema.parse(await superApi.call('GET', '/patients?limit=100'));
  const { users } = userListResponseSchema.parse(await superApi.call('GET', '/users?limit=100'));
  const { requests: testRequests } = testRequestListResponseSchema.parse(
    await superApi.call('GET', '/tests/requests?limit=100'),
  );
  const fulfillmentIds = fulfillmentListSchema
    .parse(await superApi.call('GET', '/fulfillment?limit=100'))
    .requests.map((request) => request.id);
  const resultIds = await resultIdsOf(superApi);
  return {
    institutions: await listInstitutions(),
    patients,
    users,
    testRequests,
    fulfillmentIds,
    resultIds,
    accounts,
  };
}

/**
 * The seed's and the fixtures' records: every account's own records change during the walk (deleted,
 * deactivated), so another account only ever visits these.
 */
export function sharedRecords(fixtures: WalkFixtures) {
  const shared = <T extends { id: number }>(records: T[], own: (account: WalkAccount) => T | null) =>
    records.filter((record) => !fixtures.accounts.some((account) => own(account)?.id === record.id));
  return {
    patients: shared(fixtures.patients, (account) => account.created.patient),
    users: shared(fixtures.users, (account) => account.created.user),
    institutions: shared(fixtures.institutions, (account) => account.created.institution),
  };
}

/** A record inside the account's scope and one outside it (a missing id when nothing is outside). */
export interface ScopeTargets {
  patients: { inside: Patient | null; outside: Patient | null };
  users: { inside: User | null; outside: User | null };
  institutions: { inside: Institution; outside: Institution | null };
  /** A test request the server lists for the account, and one it does not (null: none to be had). */
  testRequests: { inside: TestRequest | null; outside: TestRequest | null };
  /** A fulfillment request the server lists for the account, and one it does not (null: none to be had). */
  fulfillment: { inside: number | null; outside: number | null };
  /** A test result the server lists for the account, and one it does not (null: none to be had). */
  results: { inside: number | null; outside: number | null };
}

export function scopeTargets(fixtures: WalkFixtures, account: WalkAccount): ScopeTargets {
  const { caller, created } = account;
  const mine = <T>(own: T | null, candidates: T[], inScope: (record: T) => boolean) =>
    own ?? candidates.find(inScope) ?? null;
  const patientInScope = (patient: Patient) => canReadPatient(caller, patient);
  const userInScope = (user: User) => canReadUser(caller, user);
  const institutionInScope = (institution: Institution) => canReadInstitution(caller, institution.id);
  const { patients, users, institutions } = sharedRecords(fixtures);
  const home = institutions.find((institution) => institution.id === caller.institutionId) ?? institutions[0]!;
  return {
    patients: {
      inside: mine(created.patient, patients, patientInScope),
      outside: patients.find((patient) => !patientInScope(patient)) ?? null,
    },
    users: {
      inside: mine(created.user, users, (user) => userInScope(user) && user.id !== caller.userId),
      outside: users.find((user) => !userInScope(user)) ?? null,
    },
    institutions: {
      inside: created.institution ?? home,
      outside: institutions.find((institution) => !institutionInScope(institution)) ?? null,
    },
    testRequests: {
      inside: fixtures.testRequests.find((request) => account.visibleTestRequestIds.has(request.id)) ?? null,
      outside: fixtures.testRequests.find((request) => !account.visibleTestRequestIds.has(request.id)) ?? null,
    },
    fulfillment: {
      inside: fixtures.fulfillmentIds.find((id) => account.visibleFulfillmentIds.has(id)) ?? null,
      outside: fixtures.fulfillmentIds.find((id) => !account.visibleFulfillmentIds.has(id)) ?? null,
    },
    results: {
      inside: fixtures.resultIds.find((id) => account.visibleResultIds.has(id)) ?? null,
      outside: fixtures.resultIds.find((id) => !account.visibleResultIds.has(id)) ?? null,
    },
  };
}
