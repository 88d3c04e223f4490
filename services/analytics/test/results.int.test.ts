/**
 * The results service's results in analytics (issue 26 item 7): Results Completed on the dashboard (first releases
 * within each caller's scope and timeframe), 'Test result entered' activities, the institutions' completed results
 * and the users' results entered, the result's review on its order's trail (an amendment with its reason, and the
 * status moves the release caused with their cause), turnaround's resulted and released from the results' own
 * times, and results in the audit trail. The events are published as their relays would, one of them twice.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  type AuditSummary,
  type ClinicalEventData,
  type ClinicalEventType,
  type Dashboard,
  type InstitutionFigures,
  type ResultsEventData,
  type ResultsEventType,
  type TestRequestTrail,
  type Turnaround,
  type UserActivity,
} from '@labline/contracts';
import { publishDirectory } from '@labline/service-kit/testing';
import { testRequestCreatedData, testUser, waitFor, type TestUser } from '@labline/testkit';
import { actorOf, clockAt, nameOf, startAnalytics, type AnalyticsTestContext } from './harness';

const NORTHWIND = 1;
const RIVERSIDE = 2;
const LAB = 41;
const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  northwindAdmin: testUser(2, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  riversideAdmin: testUser(3, 'institution_admin', RIVERSIDE, ['Hannah', 'Lewis']),
  labUser: testUser(4, 'lab_user', NORTHWIND, ['Oliver', 'Grant']),
} as const;

const { hoursAgo } = clockAt(Date.now());
let suite: AnalyticsTestContext;

const clinical = <T extends ClinicalEventType>(
  stream: string,
  version: number,
  type: T,
  data: ClinicalEventData<T>,
  hours: number,
) =>
  suite.publish('clinical', {
    stream,
    version,
    type,
    data,
    actor: actorOf(USERS.northwindAdmin),
    occurredAt: hoursAgo(hours),
  });

const result = <T extends ResultsEventType>(
  version: number,
  type: T,
  data: ResultsEventData<T>,
  hours: number,
  by: TestUser,
) =>
  suite.publish('results', {
    stream: `testResult-${data.resultId}`,
    version,
    type,
    data,
    actor: actorOf(by),
    occurredAt: hoursAgo(hours),
  });

const filed = { resultId: 701, test_request_id: 51, institution_id: NORTHWIND, patient_id: 101 };
const content = { result_data: 'HbA1c: 48 mmol/mol', result_values: null, interpretation: 'Raised' };
const RELEASED = 'Result released (RES-000701)';

async function get<T>(member: TestUser, url: string): Promise<T> {
  const response = await suite.app.inject({ method: 'GET', url, headers: await suite.as(member) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<T>();
}
const dashboard = (member: TestUser, query = '') => get<Dashboard>(member, `/analytics/dashboard?timeframe=7${query}`);

beforeAll(async () => {
  suite = await startAnalytics();
  await publishDirectory(
    suite,
    [
      [NORTHWIND, 'Northwind General Hospital'],
      [RIVERSIDE, 'Riverside Clinic'],
    ],
    Object.values(USERS),
  );
  // Request 51 (Northwind) through the lab: ordered 50 hours ago, received 30 hours ago.
  const request = testRequestCreatedData(51, NORTHWIND, { patient_id: 101, lab_id: LAB, requested_by: 2 });
  await clinical('testRequest-51', 0, 'TestRequestCreated', request, 50);
  const move = (
    version: number,
    from: 'pending' | 'approved' | 'fulfilled',
    to: 'approved' | 'fulfilled' | 'in_progress',
    hours: number,
  ) =>
    clinical(
      'testRequest-51',
      version,
      'TestRequestStatusChanged',
      { testRequestId: 51, patient_id: 101, institution_id: NORTHWIND, from, to },
      hours,
    );
  await move(1, 'pending', 'approved', 48);
  await move(2, 'approved', 'fulfilled', 40);
  await move(3, 'fulfilled', 'in_progress', 30);
  // Its result: entered 20 hours ago, reviewed, released 6 hours ago (clinical then completes the request, naming
  // the release), amended an hour ago.
  const entered = await result(
    0,
    'ResultEntered',
    { ...filed, ...content, clinician_id: null, test_name: 'HbA1c', markers: [], status: 'draft' },
    20,
    USERS.labUser,
  );
  await result(
    1,
    'ResultReviewed',
    { ...filed, ...content, previous_status: 'draft', status: 'reviewed' },
    10,
    USERS.northwindAdmin,
  );
  await result(
    2,
    'ResultFinalized',
    { ...filed, ...content, previous_status: 'reviewed', status: 'final' },
    6,
    USERS.northwindAdmin,
  );
  await clinical(
    'testRequest-51',
    4,
    'TestRequestStatusChanged',
    {
      testRequestId: 51,
      patient_id: 101,
      institution_id: NORTHWIND,
      from: 'in_progress',
      to: 'completed',
      cause: RELEASED,
    },
    5.5,
  );
  await suite.republish('results', entered);
  await result(
    3,
    'ResultAmended',
    {
      ...filed,
      ...content,
      previous_status: 'final',
      status: 'amended',
      clinician_id: null,
      test_name: 'HbA1c',
      reason: 'Wrong units transcribed',
    },
    1,
    USERS.northwindAdmin,
  );
  await waitFor(
    async () =>
      (await dashboard(USERS.superAdmin)).recent_activity.some(
        (activity) => activity.description?.startsWith('Test result RES-000701 amended') === true,
      ),
    { description: 'the results projected' },
  );
}, 60_000);
afterAll(() => suite?.close());

describe('results in analytics', () => {
  it("counts each result's first release within the caller's scope", async () => {
    assert.deepEqual((await dashboard(USERS.superAdmin)).results, { completed: 1 });
    assert.deepEqual((await dashboard(USERS.northwindAdmin)).results, { completed: 1 });
    assert.deepEqual((await dashboard(USERS.riversideAdmin)).results, { completed: 0 });
    const riverside = await dashboard(USERS.superAdmin, `&activity_filter=institution&institution_id=${RIVERSIDE}`);
    assert.deepEqual(riverside.results, { completed: 0 });
  });

  it("lists the result's review in Recent Activity, once each though redelivered", async () => {
    const activities = (await dashboard(USERS.northwindAdmin)).recent_activity.filter((a) => a.type === 'test_result');
    assert.deepEqual(
      activities.map((activity) => [activity.description, activity.status, activity.user_name]),
      [
        ['Test result RES-000701 amended (Wrong units transcribed)', 'amended', nameOf(USERS.northwindAdmin)],
        ['Test result RES-000701 released', 'final', nameOf(USERS.northwindAdmin)],
        ['Test result RES-000701 reviewed', 'reviewed', nameOf(USERS.northwindAdmin)],
        ['Test result RES-000701 entered', 'draft', nameOf(USERS.labUser)],
      ],
    );
  });

  it("counts the institutions' completed results and the results each user entered", async () => {
    const { institutions } = await get<{ institutions: InstitutionFigures[] }>(
      USERS.superAdmin,
      '/analytics/institutions?timeframe=7',
    );
    assert.deepEqual(
      institutions.map((row) => [row.name, row.completed_results_count]),
      [
        ['Northwind General Hospital', 1],
        ['Riverside Clinic', 0],
      ],
    );
    const { users } = await get<{ users: UserActivity[] }>(USERS.superAdmin, '/analytics/user-activity?timeframe=7');
    assert.deepEqual(
      users.filter((user) => user.results_entered > 0).map((user) => [user.id, user.results_entered]),
      [[USERS.labUser.id, 1]],
    );
  });

  it("puts the result's review and the moves it caused on the order's trail", async () => {
    // The trail is a consumer of its own: it may still be behind the activity's.
    const trail = await waitFor(
      async () => {
        const found = await get<TestRequestTrail>(USERS.northwindAdmin, '/analytics/test-requests/51/trail');
        return found.entries.some((entry) => entry.kind === 'result_amended') && found;
      },
      { description: 'the trail projected' },
    );
    assert.deepEqual(
      trail.entries.slice(-6).map((entry) => [entry.kind, entry.detail, entry.cause]),
      [
        ['status_changed', null, null],
        ['result_entered', 'RES-000701', null],
        ['result_reviewed', 'RES-000701', null],
        ['result_released', 'RES-000701', null],
        ['status_changed', null, RELEASED],
        ['result_amended', 'RES-000701', 'Wrong units transcribed'],
      ],
    );
  });

  it("times resulted and released from the result's own events", async () => {
    const stagesNow = async () =>
      Object.fromEntries(
        ((await get<Turnaround>(USERS.superAdmin, '/analytics/turnaround?timeframe=7')).groups[0]?.stages ?? []).map(
          (stage) => [stage.stage, [stage.count, stage.median_hours]],
        ),
      );
    const stages = await waitFor(
      async () => {
        const found = await stagesNow();
        return found.release?.[0] === 1 && found;
      },
      { description: 'turnaround projected' },
    );
    // received 30 h ago → resulted 20 h ago → released 6 h ago
    assert.deepEqual(
      [stages.analysis, stages.release],
      [
        [1, 10],
        [1, 14],
      ],
    );
  });

  it('audits results', async () => {
    // The audit trail is a consumer of its own: it may still be behind the activity's.
    const rows = await waitFor(
      async () => {
        const { audit_summary } = await get<{ audit_summary: AuditSummary[] }>(
          USERS.superAdmin,
          '/analytics/audit-summary?timeframe=7',
        );
        const results = audit_summary.filter((row) => row.table_name === 'test_results');
        return results.some((row) => row.action === 'amended') && results;
      },
      { description: 'the audit trail projected' },
    );
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.action, (counts.get(row.action) ?? 0) + row.count);
    assert.deepEqual(Object.fromEntries(counts), { amended: 1, created: 1, released: 1, reviewed: 1 });
  });
});
