/**
 * The dashboard from a known sequence of identity's and clinical's events on a private JetStream (published out
 * of order across streams, one of them delivered twice, a user described after their activities): its figures
 * for super_admin (unfiltered, by institution, by clinician), an institution_admin and a clinician over 7 and
 * 30 days; the same answer after a rebuild of the projections; the activity filter's lists; 400, 401 and 403.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  type ClinicalEventData,
  type ClinicalEventType,
  type Dashboard,
  type IdentityEventData,
  type IdentityEventType,
} from '@labline/contracts';
import { rebuildProjections } from '@labline/service-kit';
import {
  institutionRegisteredData,
  patientRegisteredData,
  testRequestCreatedData,
  testUser,
  userRegisteredData,
  waitFor,
  type TestUser,
} from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import { service } from '../src/service';
import { actorOf as actor, clockAt, nameOf, startAnalytics, type AnalyticsTestContext } from './harness';

const NORTHWIND = 1;
const RIVERSIDE = 2;
const LAKESIDE = 3;

const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  northwindAdmin: testUser(2, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  northwindClinician: testUser(3, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  riversideClinician: testUser(4, 'clinician', RIVERSIDE, ['Oliver', 'Grant'], [RIVERSIDE]),
  riversideAdmin: testUser(8, 'institution_admin', RIVERSIDE, ['Hannah', 'Lewis']),
  labUser: testUser(9, 'lab_user', NORTHWIND, ['Liam', 'Price']),
} as const;

const { hoursAgo, dayOf } = clockAt(Date.now());

let suite: AnalyticsTestContext;

function identity<T extends IdentityEventType>(stream: string, version: number, type: T, data: IdentityEventData<T>) {
  return suite.publish('identity', { stream, version, type, data });
}

function clinical<T extends ClinicalEventType>(
  stream: string,
  version: number,
  type: T,
  data: ClinicalEventData<T>,
  by: TestUser,
  hours: number,
) {
  return suite.publish('clinical', { stream, version, type, data, actor: actor(by), occurredAt: hoursAgo(hours) });
}

const count = (query: string) =>
  suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
    SELECT count(*)::int AS count FROM ${sql.identifier([query])}`);

async function publishTheSequence(): Promise<void> {
  const { northwindAdmin, northwindClinician: emily, riversideClinician: oliver, riversideAdmin } = USERS;
  for (const [id, name] of [
    [NORTHWIND, 'Northwind General Hospital'],
    [RIVERSIDE, 'Riverside Clinic'],
    [LAKESIDE, 'Lakeside Practice'],
  ] as const) {
    await identity(`institution-${id}`, 0, 'InstitutionRegistered', institutionRegisteredData(id, name));
  }
  // Oliver Grant (Riverside's clinician) is described last, after his activities.
  for (const member of [USERS.superAdmin, northwindAdmin, emily, riversideAdmin, USERS.labUser]) {
    await identity(`user-${member.id}`, 0, 'UserRegistered', userRegisteredData(member));
  }
  await suite.publish('identity', {
    stream: `user-${emily.id}`,
    version: 1,
    type: 'UserLoggedIn',
    data: { userId: emily.id },
    occurredAt: hoursAgo(3),
  });

  const patient = (id: number, institution: number, clinician: number | null) =>
    patientRegisteredData(id, [institution], { clinician_id: clinician });
  const request = (id: number, institution: number, patientId: number, clinician: number | null, by: TestUser) =>
    testRequestCreatedData(id, institution, { patient_id: patientId, clinician_id: clinician, requested_by: by.id });

  // Request 41 (Northwind, Emily's) comes before its patient's registration, from another stream.
  const created41 = await clinical(
    'testRequest-41',
    0,
    'TestRequestCreated',
    request(41, NORTHWIND, 101, emily.id, emily),
    emily,
    24,
  );
  await clinical(
    'testRequest-41',
    1,
    'TestRequestStatusChanged',
    { testRequestId: 41, patient_id: 101, institution_id: NORTHWIND, from: 'pending', to: 'approved' },
    northwindAdmin,
    12,
  );
  await clinical('patient-101', 0, 'PatientRegistered', patient(101, NORTHWIND, emily.id), emily, 48);
  await clinical('patient-101', 1, 'PatientUpdated', patient(101, NORTHWIND, emily.id), emily, 6);
  // Request 43 (Emily's) is archived: no longer counted, its activities stay.
  await clinical('testRequest-43', 0, 'TestRequestCreated', request(43, NORTHWIND, 101, emily.id, emily), emily, 72);
  await clinical(
    'testRequest-43',
    1,
    'TestRequestArchived',
    { testRequestId: 43, patient_id: 101, institution_id: NORTHWIND, status: 'pending' },
    northwindAdmin,
    60,
  );
  await clinical(
    'testRequest-44',
    0,
    'TestRequestCreated',
    request(44, NORTHWIND, 103, null, northwindAdmin),
    northwindAdmin,
    120,
  );
  await clinical('patient-103', 0, 'PatientRegistered', patient(103, NORTHWIND, null), northwindAdmin, 960);
  // A relay republishes request 41's creation under a new message id: delivered twice (before the last
  // clinical events, so that waiting for those waits for it).
  await suite.republish('clinical', created41);
  // Riverside: older events published after the newer ones.
  await clinical('patient-102', 0, 'PatientRegistered', patient(102, RIVERSIDE, oliver.id), oliver, 480);
  await clinical(
    'testRequest-42',
    0,
    'TestRequestCreated',
    request(42, RIVERSIDE, 102, oliver.id, oliver),
    oliver,
    240,
  );
  await clinical(
    'testRequest-42',
    1,
    'TestRequestCancelled',
    { testRequestId: 42, patient_id: 102, institution_id: RIVERSIDE, from: 'pending' },
    riversideAdmin,
    216,
  );
  await identity(`user-${oliver.id}`, 0, 'UserRegistered', userRegisteredData(oliver));

  await waitFor(
    async () => (await count('users')) === 6 && (await count('logins')) === 1 && (await count('activities')) === 11,
    { description: 'the sequence projected' },
  );
}

async function dashboard(member: TestUser, query: string): Promise<Dashboard> {
  const response = await suite.app.inject({
    method: 'GET',
    url: `/analytics/dashboard?${query}`,
    headers: await suite.as(member),
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<Dashboard>();
}

const activity = (
  type: 'test_request' | 'patient',
  description: string,
  status: string | null,
  by: TestUser,
  hours: number,
  institution: string | null,
) => ({ type, description, status, user_name: nameOf(by), institution_name: institution, created_at: hoursAgo(hours) });

const NW = 'Northwind General Hospital';
const RV = 'Riverside Clinic';

/** Northwind's activities of the last 7 days, newest first, as super_admin sees them. */
const northwindWeek = (institution: (name: string) => string | null) => [
  activity('patient', 'Patient record updated', null, USERS.northwindClinician, 6, institution(NW)),
  activity(
    'test_request',
    'Test request status changed to approved',
    'approved',
    USERS.northwindAdmin,
    12,
    institution(NW),
  ),
  activity('test_request', 'Test request created', 'pending', USERS.northwindClinician, 24, institution(NW)),
  activity('patient', 'Patient registered', null, USERS.northwindClinician, 48, institution(NW)),
  activity('test_request', 'Test request archived', 'pending', USERS.northwindAdmin, 60, institution(NW)),
  activity('test_request', 'Test request created', 'pending', USERS.northwindClinician, 72, institution(NW)),
  activity('test_request', 'Test request created', 'pending', USERS.northwindAdmin, 120, institution(NW)),
];
const named = (name: string) => name;
const unnamed = () => null;

const SUPER_ADMIN_WEEK: Dashboard = {
  timeframe: 7,
  test_requests: { total: 2 },
  patients: { total: 1 },
  results: { completed: 0 },
  // no stock or fulfillment events in this history: nothing is low or pending; super_admin sees both cards,
  // institution_admin the Low Stock Alert only (fulfillment is the managers')
  fulfillment: { pending: 0 },
  inventory: { low_stock_count: 0 },
  institutions: {
    active: 3,
    by_activity: [
      { institution_name: NW, activity_count: 7, last_activity: hoursAgo(6) },
      { institution_name: 'Lakeside Practice', activity_count: 0, last_activity: null },
      { institution_name: RV, activity_count: 0, last_activity: null },
    ],
  },
  clinicians: { total: 2 },
  test_trends: [
    { date: dayOf(120), count: 1 },
    { date: dayOf(24), count: 1 },
  ],
  recent_activity: northwindWeek(named),
};

const SUPER_ADMIN_MONTH: Dashboard = {
  ...SUPER_ADMIN_WEEK,
  timeframe: 30,
  test_requests: { total: 3 },
  patients: { total: 2 },
  institutions: {
    active: 3,
    by_activity: [
      { institution_name: NW, activity_count: 7, last_activity: hoursAgo(6) },
      { institution_name: RV, activity_count: 3, last_activity: hoursAgo(216) },
      { institution_name: 'Lakeside Practice', activity_count: 0, last_activity: null },
    ],
  },
  test_trends: [
    { date: dayOf(240), count: 1 },
    { date: dayOf(120), count: 1 },
    { date: dayOf(24), count: 1 },
  ],
  recent_activity: [
    ...northwindWeek(named),
    activity('test_request', 'Test request cancelled', 'cancelled', USERS.riversideAdmin, 216, RV),
  ],
};

const NOT_SYSTEM = { institutions: null, clinicians: null } as const;

describe('the dashboard from identity and clinical events', () => {
  beforeAll(async () => {
    suite = await startAnalytics();
    await publishTheSequence();
  });
  afterAll(async () => {
    await suite?.close();
  });

  it("gives super_admin every institution's figures over 7 and 30 days", async () => {
    assert.deepEqual(await dashboard(USERS.superAdmin, 'timeframe=7'), SUPER_ADMIN_WEEK);
    assert.deepEqual(await dashboard(USERS.superAdmin, 'timeframe=30'), SUPER_ADMIN_MONTH);
    // 30 days is the default
    assert.deepEqual(await dashboard(USERS.superAdmin, ''), SUPER_ADMIN_MONTH);
  });

  it("narrows super_admin's figures to the filter's institution or clinician", async () => {
    const riverside = await dashboard(USERS.superAdmin, `timeframe=30&activity_filter=institution&institution_id=2`);
    assert.deepEqual(
      { ...riverside, institutions: null },
      {
        ...SUPER_ADMIN_MONTH,
        institutions: null,
        test_requests: { total: 1 },
        patients: { total: 1 },
        test_trends: [{ date: dayOf(240), count: 1 }],
        recent_activity: [
          activity('test_request', 'Test request cancelled', 'cancelled', USERS.riversideAdmin, 216, RV),
          activity('test_request', 'Test request created', 'pending', USERS.riversideClinician, 240, RV),
          activity('patient', 'Patient registered', null, USERS.riversideClinician, 480, RV),
        ],
      },
    );
    // the institution and clinician cards stay system-wide
    assert.deepEqual(riverside.institutions, SUPER_ADMIN_MONTH.institutions);

    const emily = await dashboard(USERS.superAdmin, `timeframe=7&activity_filter=clinician&clinician_id=3`);
    assert.deepEqual(emily, {
      ...SUPER_ADMIN_WEEK,
      test_requests: { total: 1 },
      patients: { total: 1 },
      test_trends: [{ date: dayOf(24), count: 1 }],
      recent_activity: northwindWeek(named).slice(0, 6),
    });

    const nobody = await dashboard(USERS.superAdmin, `timeframe=30&activity_filter=clinician&clinician_id=999`);
    assert.deepEqual(
      [nobody.test_requests, nobody.patients, nobody.test_trends, nobody.recent_activity],
      [{ total: 0 }, { total: 0 }, [], []],
    );
    const unknown = await dashboard(USERS.superAdmin, `activity_filter=institution&institution_id=999`);
    assert.deepEqual([unknown.test_requests, unknown.patients], [{ total: 0 }, { total: 0 }]);
  });

  it("gives an institution_admin their institution's figures, whatever filter they send", async () => {
    const expected: Dashboard = {
      ...SUPER_ADMIN_WEEK,
      ...NOT_SYSTEM,
      fulfillment: null,
      recent_activity: northwindWeek(unnamed),
    };
    assert.deepEqual(await dashboard(USERS.northwindAdmin, 'timeframe=7'), expected);
    assert.deepEqual(
      await dashboard(USERS.northwindAdmin, 'timeframe=7&activity_filter=institution&institution_id=2'),
      expected,
    );
    const month = await dashboard(USERS.riversideAdmin, 'timeframe=30');
    assert.deepEqual(
      [month.test_requests, month.patients, month.recent_activity.length],
      [{ total: 1 }, { total: 1 }, 3],
    );
  });

  it('gives a clinician their own patients and requests', async () => {
    assert.deepEqual(await dashboard(USERS.northwindClinician, 'timeframe=7'), {
      ...SUPER_ADMIN_WEEK,
      ...NOT_SYSTEM,
      // a clinician has no inventory or fulfillment card
      inventory: null,
      fulfillment: null,
      test_requests: { total: 1 },
      patients: { total: 1 },
      test_trends: [{ date: dayOf(24), count: 1 }],
      recent_activity: northwindWeek(unnamed).slice(0, 6),
    });
    const oliver = await dashboard(USERS.riversideClinician, 'timeframe=30');
    assert.deepEqual(
      [oliver.test_requests, oliver.patients, oliver.recent_activity.length],
      [{ total: 1 }, { total: 1 }, 3],
    );
  });

  it("lists institutions' figures for super_admin and users' activity within the caller's institutions", async () => {
    const institutions = await suite.app.inject({
      method: 'GET',
      url: '/analytics/institutions?timeframe=30',
      headers: await suite.as(USERS.superAdmin),
    });
    assert.equal(institutions.statusCode, 200, institutions.body);
    assert.deepEqual(institutions.json(), {
      institutions: [
        {
          id: 3,
          name: 'Lakeside Practice',
          user_count: 0,
          patient_count: 0,
          test_request_count: 0,
          completed_results_count: 0,
        },
        { id: 1, name: NW, user_count: 3, patient_count: 1, test_request_count: 2, completed_results_count: 0 },
        { id: 2, name: RV, user_count: 2, patient_count: 1, test_request_count: 1, completed_results_count: 0 },
      ],
    });

    const clinicians = await suite.app.inject({
      method: 'GET',
      url: '/analytics/user-activity?timeframe=7&role=clinician',
      headers: await suite.as(USERS.superAdmin),
    });
    assert.equal(clinicians.statusCode, 200, clinicians.body);
    assert.deepEqual(clinicians.json(), {
      users: [
        {
          id: 3,
          first_name: 'Emily',
          last_name: 'Chen',
          role: 'clinician',
          institution_name: NW,
          login_count: 1,
          // 41 and 43 (archived since: it was still ordered)
          requests_created: 2,
          results_entered: 0,
          // the sign-in, after her last activity
          last_activity: hoursAgo(3),
        },
        {
          id: 4,
          first_name: 'Oliver',
          last_name: 'Grant',
          role: 'clinician',
          institution_name: RV,
          login_count: 0,
          requests_created: 0,
          results_entered: 0,
          last_activity: null,
        },
      ],
    });

    const riverside = await suite.app.inject({
      method: 'GET',
      url: '/analytics/user-activity',
      headers: await suite.as(USERS.riversideAdmin),
    });
    assert.deepEqual(
      riverside.json<{ users: { id: number }[] }>().users.map((user) => user.id),
      [4, 8],
    );
  });

  it('answers the same after a rebuild of its projections', async () => {
    const before = await Promise.all([
      dashboard(USERS.superAdmin, 'timeframe=7'),
      dashboard(USERS.superAdmin, 'timeframe=30'),
      dashboard(USERS.northwindClinician, 'timeframe=30'),
    ]);
    const parts = { pool: suite.pool, store: suite.store, nc: suite.nats.nc };
    const outcomes = await rebuildProjections(service, parts, ['identity-directory', 'logins', 'clinical-activity']);
    assert.deepEqual(
      outcomes.map((outcome) => outcome.projection),
      ['identity-directory', 'logins', 'clinical-activity'],
    );
    assert.equal(await count('activities'), 11);
    const after = await Promise.all([
      dashboard(USERS.superAdmin, 'timeframe=7'),
      dashboard(USERS.superAdmin, 'timeframe=30'),
      dashboard(USERS.northwindClinician, 'timeframe=30'),
    ]);
    assert.deepEqual(after, before);
    assert.deepEqual(after[0], SUPER_ADMIN_WEEK);
  });

  it('refuses a bad timeframe (400, naming it), no token (401) and a role the route leaves out (403)', async () => {
    const bad = await suite.app.inject({
      method: 'GET',
      url: '/analytics/dashboard?timeframe=14',
      headers: await suite.as(USERS.superAdmin),
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /timeframe/);
    assert.match(bad.body, /must be one of 7, 30, 90/);

    const badAnalytics = await suite.app.inject({
      method: 'GET',
      url: '/analytics/institutions?timeframe=14',
      headers: await suite.as(USERS.superAdmin),
    });
    assert.equal(badAnalytics.statusCode, 400);
    assert.match(badAnalytics.body, /timeframe/);

    for (const url of ['/analytics/dashboard', '/analytics/institutions', '/analytics/user-activity']) {
      assert.equal((await suite.app.inject({ method: 'GET', url })).statusCode, 401, url);
    }
    for (const [member, url] of [
      [USERS.northwindAdmin, '/analytics/institutions'],
      [USERS.labUser, '/analytics/institutions'],
      [USERS.northwindClinician, '/analytics/user-activity'],
      [USERS.labUser, '/analytics/user-activity'],
    ] as const) {
      const refused = await suite.app.inject({ method: 'GET', url, headers: await suite.as(member) });
      assert.equal(refused.statusCode, 403, `${member.role} ${url}`);
      assert.match(refused.body, /You don't have permission to view analytics/);
    }
  });
});
