/**
 * The analytics screen's calls (spec 3 §7: test-types, audit-summary, audit-log, institution/:id, patient/:id,
 * user-activity's scope) from a known sequence of identity's, clinical's and notifications' events on a private
 * JetStream (published out of order across streams, one of them delivered twice, a user described after their
 * acts, a reminder before its test request): every figure for super_admin, an institution_admin and a
 * client_admin; 403 for the other roles, 404 for an institution or patient outside the caller's or unknown; the
 * dashboard's system activities; the same answers after a rebuild of the projections.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  type AuditAction,
  type AuditLogList,
  type AuditRecordType,
  type AuditSummary,
  type ClinicalEventData,
  type ClinicalEventType,
  type Dashboard,
  type IdentityEventData,
  type IdentityEventType,
  type NotificationEventData,
  type NotificationEventType,
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
import { actorOf, clockAt, nameOf, startAnalytics, type AnalyticsTestContext } from './harness';

const NORTHWIND = 1;
const RIVERSIDE = 2;
const LAKESIDE = 3;
const NW = 'Northwind General Hospital';
const RV = 'Riverside Clinic';

const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  northwindAdmin: testUser(2, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  emily: testUser(3, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  oliver: testUser(4, 'clinician', RIVERSIDE, ['Oliver', 'Grant'], [RIVERSIDE]),
  riversideClient: testUser(5, 'client_admin', RIVERSIDE, ['Hannah', 'Lewis']),
  labUser: testUser(9, 'lab_user', NORTHWIND, ['Liam', 'Price']),
  leaver: testUser(10, 'lab_user', NORTHWIND, ['Noah', 'Reed']),
} as const;

const { hoursAgo, dayOf } = clockAt(Date.now());

let suite: AnalyticsTestContext;

const publish =
  <Types extends string, Data>(service: 'identity' | 'clinical' | 'notifications') =>
  <T extends Types>(stream: string, version: number, type: T, data: Data, by: TestUser | null, hours: number) =>
    suite.publish(service, {
      stream,
      version,
      type,
      data,
      ...(by === null ? {} : { actor: actorOf(by) }),
      occurredAt: hoursAgo(hours),
    });
const identity = <T extends IdentityEventType>(
  ...args: [string, number, T, IdentityEventData<T>, TestUser | null, number]
) => publish<IdentityEventType, IdentityEventData<T>>('identity')(...args);
const clinical = <T extends ClinicalEventType>(
  ...args: [string, number, T, ClinicalEventData<T>, TestUser | null, number]
) => publish<ClinicalEventType, ClinicalEventData<T>>('clinical')(...args);
const notifications = <T extends NotificationEventType>(
  ...args: [string, number, T, NotificationEventData<T>, TestUser | null, number]
) => publish<NotificationEventType, NotificationEventData<T>>('notifications')(...args);

const countOf = (query: string) =>
  suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
    SELECT count(*)::int AS count FROM ${sql.identifier([query])}`);

/**
 * Every audit entry the sequence makes, newest first: what, which record, by whom, in which institution, when.
 * The audit summary's and log's expectations are read off this list.
 */
interface Entry {
  hours: number;
  action: AuditAction;
  table_name: AuditRecordType;
  record_id: string;
  by: TestUser | null;
  institution: number | null;
}
const entry = (
  hours: number,
  action: AuditAction,
  table_name: AuditRecordType,
  record_id: string | number,
  by: TestUser | null,
  institution: number | null,
): Entry => ({ hours, action, table_name, record_id: String(record_id), by, institution });

const { superAdmin, northwindAdmin, emily, oliver, riversideClient, labUser, leaver } = USERS;
const ENTRIES: Entry[] = [
  entry(3, 'logged_in', 'sessions', 3, emily, NORTHWIND),
  entry(6, 'updated', 'patients', 101, emily, NORTHWIND),
  entry(9, 'deactivated', 'users', 10, superAdmin, NORTHWIND),
  entry(10, 'status_changed', 'test_requests', 41, northwindAdmin, NORTHWIND),
  entry(20, 'status_changed', 'test_requests', 46, riversideClient, RIVERSIDE),
  entry(24, 'created', 'test_requests', 41, emily, NORTHWIND),
  entry(29, 'scheduled', 'reminders', '46-seven_day', null, RIVERSIDE),
  entry(30, 'created', 'test_requests', 46, oliver, RIVERSIDE),
  entry(48, 'created', 'patients', 101, emily, NORTHWIND),
  entry(50, 'created', 'catalogue_items', 7, superAdmin, null),
  entry(72, 'created', 'test_requests', 43, emily, NORTHWIND),
  entry(100, 'archived', 'test_requests', 44, northwindAdmin, NORTHWIND),
  entry(120, 'created', 'test_requests', 44, northwindAdmin, NORTHWIND),
  entry(200, 'created', 'test_requests', 45, emily, NORTHWIND),
  entry(215, 'sent', 'notifications', 900, null, RIVERSIDE),
  entry(215.9, 'created', 'notifications', 900, null, RIVERSIDE),
  entry(216, 'cancelled', 'test_requests', 42, riversideClient, RIVERSIDE),
  entry(240, 'created', 'test_requests', 42, oliver, RIVERSIDE),
  entry(300, 'created', 'patients', 103, oliver, RIVERSIDE),
  entry(480, 'created', 'patients', 102, oliver, RIVERSIDE),
  ...[superAdmin, northwindAdmin, emily, oliver, riversideClient, labUser, leaver].map((member, index) =>
    entry(
      1900 + index,
      'created',
      'users',
      member.id,
      member === superAdmin ? null : superAdmin,
      member.institution_id,
    ),
  ),
  ...[NORTHWIND, RIVERSIDE, LAKESIDE].map((id) => entry(2000 + id, 'created', 'institutions', id, superAdmin, id)),
];

async function publishTheSequence(): Promise<void> {
  for (const [id, name] of [
    [NORTHWIND, NW],
    [RIVERSIDE, RV],
    [LAKESIDE, 'Lakeside Practice'],
  ] as const) {
    await identity(
      `institution-${id}`,
      0,
      'InstitutionRegistered',
      institutionRegisteredData(id, name),
      superAdmin,
      2000 + id,
    );
  }
  // Oliver Grant is described last, after his acts.
  for (const [index, member] of [superAdmin, northwindAdmin, emily, riversideClient, labUser, leaver].entries()) {
    const hours = 1900 + (index >= 3 ? index + 1 : index);
    await identity(
      `user-${member.id}`,
      0,
      'UserRegistered',
      userRegisteredData(member),
      index === 0 ? null : superAdmin,
      hours,
    );
  }
  await identity(`user-${emily.id}`, 1, 'UserLoggedIn', { userId: emily.id }, emily, 3);
  // A token refresh is no audit entry.
  await identity(
    `user-${emily.id}`,
    2,
    'SessionRefreshed',
    { userId: emily.id, sessionId: '0b5a3c2e-8f0e-4b7a-9d55-2d0f6c1e9a11', refreshedAt: hoursAgo(2) },
    emily,
    2,
  );
  await identity(`user-${leaver.id}`, 1, 'UserDeactivated', { userId: leaver.id }, superAdmin, 9);

  /** A patient registered (version 0) or updated (1). */
  const patient = (
    id: number,
    institutions: number[],
    by: TestUser,
    name: [string, string],
    hours: number,
    version = 0,
  ) =>
    clinical(
      `patient-${id}`,
      version,
      version === 0 ? 'PatientRegistered' : 'PatientUpdated',
      patientRegisteredData(id, institutions, { clinician_id: by.id, first_name: name[0], last_name: name[1] }),
      by,
      hours,
    );
  /** A test request ordered by `by`, the patient's clinician `clinician`. */
  const order = (
    [id, institution, patientId]: [number, number, number],
    clinician: TestUser | null,
    by: TestUser,
    [test_name, sample_type]: [string, string],
    hours: number,
  ) =>
    clinical(
      `testRequest-${id}`,
      0,
      'TestRequestCreated',
      testRequestCreatedData(id, institution, {
        patient_id: patientId,
        clinician_id: clinician?.id ?? null,
        requested_by: by.id,
        test_name,
        sample_type,
      }),
      by,
      hours,
    );
  /** What a request's second event files it under. */
  const filed = ([testRequestId, institution_id, patient_id]: [number, number, number]) => ({
    testRequestId,
    institution_id,
    patient_id,
  });
  const HBA1C: [string, string] = ['HbA1c', 'Blood'];
  const LIPIDS: [string, string] = ['Lipid Panel', 'Blood'];
  const URINALYSIS: [string, string] = ['Urinalysis', 'Urine'];
  const R41: [number, number, number] = [41, NORTHWIND, 101];
  const R42: [number, number, number] = [42, RIVERSIDE, 102];
  const R43: [number, number, number] = [43, NORTHWIND, 101];
  const R44: [number, number, number] = [44, NORTHWIND, 101];
  const R45: [number, number, number] = [45, NORTHWIND, 103];
  const R46: [number, number, number] = [46, RIVERSIDE, 103];

  // Request 41 (Northwind, Emily's) comes before its patient's registration, from another stream.
  const created41 = await order(R41, emily, emily, HBA1C, 24);
  const completed = { ...filed(R41), from: 'in_progress', to: 'completed' } as const;
  await clinical('testRequest-41', 1, 'TestRequestStatusChanged', completed, northwindAdmin, 10);
  await patient(101, [NORTHWIND], emily, ['Ada', 'Lovelace'], 48);
  await patient(101, [NORTHWIND], emily, ['Ada', 'King'], 6, 1);
  await order(R43, emily, emily, LIPIDS, 72);
  // Request 44 is archived: no longer counted.
  await order(R44, null, northwindAdmin, HBA1C, 120);
  const archived = { ...filed(R44), status: 'pending' } as const;
  await clinical('testRequest-44', 1, 'TestRequestArchived', archived, northwindAdmin, 100);
  // Patient 103 is Riverside's and Northwind's; each orders a test for them.
  await order(R45, emily, emily, URINALYSIS, 200);
  // A global catalogue item: super_admin's alone.
  const saliva = { itemId: 7, kind: 'sample-types', name: 'Saliva', description: null, active: true } as const;
  await clinical(
    'catalogue-7',
    0,
    'CatalogueItemCreated',
    { ...saliva, sort_order: 0, institution_ids: [] },
    superAdmin,
    50,
  );
  // A relay republishes request 41's creation under a new message id: delivered twice.
  await suite.republish('clinical', created41);

  // Riverside: older events published after the newer ones; request 46's reminder before the request.
  const reminder = {
    test_request_id: 46,
    reminder_type: 'seven_day',
    scheduled_for: hoursAgo(-100),
    job_id: '5f1d9d0e-4f3a-4c52-9b7e-0c6f1c2d3e4f',
  };
  await notifications('reminder-46-seven_day', 0, 'ReminderScheduled', reminder, null, 29);
  await order(R46, oliver, oliver, LIPIDS, 30);
  const approved = { ...filed(R46), from: 'pending', to: 'approved' } as const;
  await clinical('testRequest-46', 1, 'TestRequestStatusChanged', approved, riversideClient, 20);
  await patient(102, [RIVERSIDE], oliver, ['Grace', 'Hopper'], 480);
  await patient(103, [RIVERSIDE, NORTHWIND], oliver, ['Alan', 'Turing'], 300);
  await order(R42, oliver, oliver, HBA1C, 240);
  const cancelled = { ...filed(R42), from: 'pending' } as const;
  await clinical('testRequest-42', 1, 'TestRequestCancelled', cancelled, riversideClient, 216);
  await notifications(
    'notification-900',
    0,
    'NotificationRequested',
    {
      notificationId: 900,
      idempotency_key: 'cancelled-42-email',
      message_type: 'test_request_cancelled',
      notification_type: 'email',
      recipient_type: 'patient',
      recipient_email: 'grace@example.test',
      recipient_phone: null,
      patient_id: 102,
      patient_name: 'Grace Hopper',
      subject: 'Your test was cancelled',
      body: 'Your test was cancelled.',
      reply_to: null,
      test_request_id: 42,
      institution_id: RIVERSIDE,
      triggered_by_type: 'system',
      triggered_by_user_id: null,
    },
    null,
    215.9,
  );
  await notifications(
    'notification-900',
    1,
    'NotificationSent',
    { notificationId: 900, attempt: 1, provider_message_id: 'smtp-1' },
    null,
    215,
  );
  await identity(`user-${oliver.id}`, 0, 'UserRegistered', userRegisteredData(oliver), superAdmin, 1903);

  await waitFor(
    async () =>
      (await countOf('users')) === 7 &&
      (await countOf('activities')) === 14 &&
      (await countOf('audit_entries')) === ENTRIES.length &&
      (await suite.pool.oneFirst(sql.type(z.object({ done: z.boolean() }))`
        SELECT (SELECT count(*) FROM request_tests) = 6
          AND (SELECT sum(version) FROM request_tests) = 3
          AND EXISTS (SELECT 1 FROM patient_names WHERE id = 101 AND last_name = 'King')
          AND (SELECT count(*) FROM patient_names) = 3
          AND EXISTS (SELECT 1 FROM users WHERE id = 10 AND NOT is_active) AS done`)),
    { description: 'the sequence projected' },
  );
}

async function get<T>(member: TestUser, url: string, status = 200): Promise<T> {
  const response = await suite.app.inject({ method: 'GET', url, headers: await suite.as(member) });
  assert.equal(response.statusCode, status, `${member.role} ${url}: ${response.body}`);
  return response.json<T>();
}

/** The audit summary the entries of the last `hours` hours (within `institutions`, all when null) make. */
function summaryOf(hours: number, institutions: number[] | null): AuditSummary[] {
  const counts = new Map<string, AuditSummary>();
  for (const item of ENTRIES) {
    if (item.hours > hours || (institutions !== null && !institutions.includes(item.institution ?? -1))) continue;
    const date = dayOf(item.hours);
    const key = `${date} ${item.action} ${item.table_name}`;
    const found = counts.get(key) ?? { action: item.action, table_name: item.table_name, count: 0, date };
    counts.set(key, { ...found, count: found.count + 1 });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...counts.values()].sort(
    (a, b) =>
      order(b.date, a.date) || b.count - a.count || order(a.action, b.action) || order(a.table_name, b.table_name),
  );
}

const INSTITUTION_NAMES: Record<number, string> = { [NORTHWIND]: NW, [RIVERSIDE]: RV, [LAKESIDE]: 'Lakeside Practice' };

/** The audit log's rows of these entries, as the route answers them (less the event ids). */
const logRows = (entries: Entry[]) =>
  entries.map((item) => ({
    occurred_at: hoursAgo(item.hours),
    actor_id: item.by?.id ?? null,
    actor_name: item.by === null ? null : nameOf(item.by),
    actor_role: item.by?.role ?? null,
    action: item.action,
    table_name: item.table_name,
    record_id: item.record_id,
    record_display_id: item.table_name === 'test_requests' ? `REQ-${item.record_id.padStart(6, '0')}` : item.record_id,
    institution_id: item.institution,
    institution_name: item.institution === null ? null : INSTITUTION_NAMES[item.institution],
  }));

async function auditLog(member: TestUser, query: string) {
  const answer = await get<AuditLogList>(member, `/analytics/audit-log?${query}`);
  for (const row of answer.entries) assert.match(row.id, /^[0-9a-f-]{36}$/);
  return { ...answer, entries: answer.entries.map(({ id: _id, ...row }) => row) };
}

const within = (hours: number, institutions: number[] | null) =>
  ENTRIES.filter(
    (item) => item.hours <= hours && (institutions === null || institutions.includes(item.institution ?? -1)),
  );

const NORTHWIND_MONTH = {
  institution_name: NW,
  summary: { test_requests: 3, patients: 2, active_users: 2, completed_results: 0 },
  test_requests_by_status: [
    { status: 'pending', count: 2 },
    { status: 'completed', count: 1 },
  ],
  top_test_types: [
    { test_type_name: 'HbA1c', count: 1 },
    { test_type_name: 'Lipid Panel', count: 1 },
    { test_type_name: 'Urinalysis', count: 1 },
  ],
  clinician_performance: [{ id: 3, name: 'Emily Chen', patient_count: 2 }],
};
const RIVERSIDE_MONTH = {
  institution_name: RV,
  summary: { test_requests: 2, patients: 2, active_users: 2, completed_results: 0 },
  test_requests_by_status: [
    { status: 'approved', count: 1 },
    { status: 'cancelled', count: 1 },
  ],
  top_test_types: [
    { test_type_name: 'HbA1c', count: 1 },
    { test_type_name: 'Lipid Panel', count: 1 },
  ],
  clinician_performance: [{ id: 4, name: 'Oliver Grant', patient_count: 2 }],
};
const PATIENT_101 = {
  patient_name: 'Ada King',
  summary: { total_tests: 2, completed_tests: 1, pending_tests: 1, completion_rate: 50 },
  test_frequency: [
    { test_type: 'HbA1c', count: 1 },
    { test_type: 'Lipid Panel', count: 1 },
  ],
  timeline: [
    { date: hoursAgo(72), test_type: 'Lipid Panel', status: 'pending', completed: false, result_date: null },
    { date: hoursAgo(24), test_type: 'HbA1c', status: 'completed', completed: true, result_date: hoursAgo(10) },
  ],
};

/** What each caller's answers are compared on before and after the rebuild. */
const SNAPSHOT_URLS: [TestUser, string][] = [
  [superAdmin, '/analytics/test-types?timeframe=30'],
  [superAdmin, '/analytics/audit-summary?timeframe=365'],
  [superAdmin, '/analytics/audit-log?timeframe=365&limit=100'],
  [riversideClient, '/analytics/audit-log?timeframe=30'],
  [superAdmin, '/analytics/institution/1?timeframe=30'],
  [northwindAdmin, '/analytics/patient/101'],
  [superAdmin, '/analytics/patient/103'],
  [superAdmin, '/analytics/user-activity?timeframe=30'],
  [superAdmin, '/analytics/dashboard?timeframe=7&include_user_activity=true'],
];

describe("the analytics screen's calls from every service's events", () => {
  beforeAll(async () => {
    suite = await startAnalytics();
    await publishTheSequence();
  });
  afterAll(async () => {
    await suite?.close();
  });

  it('counts test types per timeframe within each caller’s institutions', async () => {
    assert.deepEqual(await get(superAdmin, '/analytics/test-types?timeframe=7'), {
      test_types: [
        { name: 'Lipid Panel', category: 'Blood', request_count: 2, completion_rate: 0 },
        { name: 'HbA1c', category: 'Blood', request_count: 1, completion_rate: 100 },
      ],
    });
    const month = {
      test_types: [
        { name: 'HbA1c', category: 'Blood', request_count: 2, completion_rate: 50 },
        { name: 'Lipid Panel', category: 'Blood', request_count: 2, completion_rate: 0 },
        { name: 'Urinalysis', category: 'Urine', request_count: 1, completion_rate: 0 },
      ],
    };
    assert.deepEqual(await get(superAdmin, '/analytics/test-types?timeframe=30'), month);
    // 30 days is the default
    assert.deepEqual(await get(superAdmin, '/analytics/test-types'), month);

    const northwind = {
      test_types: [
        { name: 'HbA1c', category: 'Blood', request_count: 1, completion_rate: 100 },
        { name: 'Lipid Panel', category: 'Blood', request_count: 1, completion_rate: 0 },
        { name: 'Urinalysis', category: 'Urine', request_count: 1, completion_rate: 0 },
      ],
    };
    assert.deepEqual(await get(northwindAdmin, '/analytics/test-types?timeframe=30'), northwind);
    assert.deepEqual(await get(northwindAdmin, '/analytics/test-types?timeframe=30&institution_id=1'), northwind);
    assert.deepEqual(await get(superAdmin, '/analytics/test-types?timeframe=30&institution_id=1'), northwind);
    const riverside = {
      test_types: [
        { name: 'HbA1c', category: 'Blood', request_count: 1, completion_rate: 0 },
        { name: 'Lipid Panel', category: 'Blood', request_count: 1, completion_rate: 0 },
      ],
    };
    assert.deepEqual(await get(riversideClient, '/analytics/test-types?timeframe=30'), riverside);
    assert.deepEqual(await get(superAdmin, '/analytics/test-types?timeframe=30&institution_id=2'), riverside);
    assert.deepEqual(await get(superAdmin, '/analytics/test-types?timeframe=30&institution_id=3'), { test_types: [] });
  });

  it('summarises the audit trail per day, action and record type', async () => {
    for (const days of [7, 30, 90, 365]) {
      assert.deepEqual(await get(superAdmin, `/analytics/audit-summary?timeframe=${days}`), {
        audit_summary: summaryOf(days * 24, null),
      });
    }
    // the institutions' entries: users were created 79 days ago, the institutions 83
    assert.deepEqual(await get(northwindAdmin, '/analytics/audit-summary?timeframe=90'), {
      audit_summary: summaryOf(90 * 24, [NORTHWIND]),
    });
    assert.deepEqual(await get(riversideClient, '/analytics/audit-summary?timeframe=30'), {
      audit_summary: summaryOf(30 * 24, [RIVERSIDE]),
    });
    assert.deepEqual(await get(superAdmin, '/analytics/audit-summary?timeframe=365&institution_id=2'), {
      audit_summary: summaryOf(365 * 24, [RIVERSIDE]),
    });
    // spot check of the model: 3 tests ordered 1 and 3 days ago (one each), a system-wide catalogue item
    const week = summaryOf(7 * 24, null);
    assert.equal(
      week.reduce((sum, row) => sum + row.count, 0),
      13,
    );
    assert.ok(week.some((row) => row.table_name === 'catalogue_items'));
    assert.ok(!summaryOf(7 * 24, [NORTHWIND]).some((row) => row.table_name === 'catalogue_items'));
  });

  it('lists who did what to which record and when, newest first, a page at a time', async () => {
    const week = within(7 * 24, null);
    assert.equal(week.length, 13);
    assert.deepEqual(await auditLog(superAdmin, 'timeframe=7&limit=5'), {
      entries: logRows(week.slice(0, 5)),
      pagination: { page: 1, limit: 5, total: 13, pages: 3 },
    });
    assert.deepEqual(await auditLog(superAdmin, 'timeframe=7&limit=5&page=3'), {
      entries: logRows(week.slice(10)),
      pagination: { page: 3, limit: 5, total: 13, pages: 3 },
    });
    // the whole trail, 20 a page by default
    const all = within(365 * 24, null);
    assert.equal(all.length, 30);
    assert.deepEqual(await auditLog(superAdmin, 'timeframe=365'), {
      entries: logRows(all.slice(0, 20)),
      pagination: { page: 1, limit: 20, total: 30, pages: 2 },
    });

    // an institution's callers: their records only (no global catalogue item); a reminder and a notification
    // take their test request's and their request's institution
    assert.deepEqual(await auditLog(riversideClient, 'timeframe=30'), {
      entries: logRows(within(30 * 24, [RIVERSIDE])),
      pagination: { page: 1, limit: 20, total: 9, pages: 1 },
    });
    assert.deepEqual(await auditLog(northwindAdmin, 'timeframe=7'), {
      entries: logRows(within(7 * 24, [NORTHWIND])),
      pagination: { page: 1, limit: 20, total: 9, pages: 1 },
    });
    assert.deepEqual(await auditLog(superAdmin, 'timeframe=90&institution_id=3'), {
      entries: logRows(within(90 * 24, [LAKESIDE])),
      pagination: { page: 1, limit: 20, total: 1, pages: 1 },
    });

    // one action on one kind of record
    const created = within(30 * 24, null).filter(
      (item) => item.action === 'created' && item.table_name === 'test_requests',
    );
    assert.deepEqual(
      created.map((item) => item.record_id),
      ['41', '46', '43', '44', '45', '42'],
    );
    assert.deepEqual(await auditLog(superAdmin, 'timeframe=30&action=created&table_name=test_requests'), {
      entries: logRows(created),
      pagination: { page: 1, limit: 20, total: 6, pages: 1 },
    });
  });

  it("gives an institution's analytics to super_admin and to its own administrators", async () => {
    assert.deepEqual(await get(superAdmin, '/analytics/institution/1?timeframe=30'), NORTHWIND_MONTH);
    assert.deepEqual(await get(northwindAdmin, '/analytics/institution/1'), NORTHWIND_MONTH);
    assert.deepEqual(await get(northwindAdmin, '/analytics/institution/1?timeframe=7'), {
      institution_name: NW,
      summary: { test_requests: 2, patients: 1, active_users: 2, completed_results: 0 },
      test_requests_by_status: [
        { status: 'pending', count: 1 },
        { status: 'completed', count: 1 },
      ],
      top_test_types: [
        { test_type_name: 'HbA1c', count: 1 },
        { test_type_name: 'Lipid Panel', count: 1 },
      ],
      clinician_performance: [{ id: 3, name: 'Emily Chen', patient_count: 1 }],
    });
    assert.deepEqual(await get(riversideClient, '/analytics/institution/2?timeframe=30'), RIVERSIDE_MONTH);
    assert.deepEqual(await get(superAdmin, '/analytics/institution/3?timeframe=365'), {
      institution_name: 'Lakeside Practice',
      summary: { test_requests: 0, patients: 0, active_users: 0, completed_results: 0 },
      test_requests_by_status: [],
      top_test_types: [],
      clinician_performance: [],
    });
  });

  it("gives a patient's analytics within the caller's institutions", async () => {
    assert.deepEqual(await get(northwindAdmin, '/analytics/patient/101'), PATIENT_101);
    assert.deepEqual(await get(superAdmin, '/analytics/patient/101'), PATIENT_101);
    // patient 103 is Riverside's and Northwind's: each sees their own institution's requests
    assert.deepEqual(await get(riversideClient, '/analytics/patient/103'), {
      patient_name: 'Alan Turing',
      summary: { total_tests: 1, completed_tests: 0, pending_tests: 0, completion_rate: 0 },
      test_frequency: [{ test_type: 'Lipid Panel', count: 1 }],
      timeline: [
        { date: hoursAgo(30), test_type: 'Lipid Panel', status: 'approved', completed: false, result_date: null },
      ],
    });
    assert.deepEqual(await get(northwindAdmin, '/analytics/patient/103'), {
      patient_name: 'Alan Turing',
      summary: { total_tests: 1, completed_tests: 0, pending_tests: 1, completion_rate: 0 },
      test_frequency: [{ test_type: 'Urinalysis', count: 1 }],
      timeline: [
        { date: hoursAgo(200), test_type: 'Urinalysis', status: 'pending', completed: false, result_date: null },
      ],
    });
    assert.deepEqual(await get(superAdmin, '/analytics/patient/103'), {
      patient_name: 'Alan Turing',
      summary: { total_tests: 2, completed_tests: 0, pending_tests: 1, completion_rate: 0 },
      test_frequency: [
        { test_type: 'Lipid Panel', count: 1 },
        { test_type: 'Urinalysis', count: 1 },
      ],
      timeline: [
        { date: hoursAgo(200), test_type: 'Urinalysis', status: 'pending', completed: false, result_date: null },
        { date: hoursAgo(30), test_type: 'Lipid Panel', status: 'approved', completed: false, result_date: null },
      ],
    });
  });

  it("lists super_admin's account changes as system activities when asked", async () => {
    const kinds = (dashboard: Dashboard) =>
      dashboard.recent_activity.map((item) => [item.type, item.description, item.user_name, item.institution_name]);
    const withSystem = await get<Dashboard>(superAdmin, '/analytics/dashboard?timeframe=7&include_user_activity=true');
    assert.deepEqual(kinds(withSystem).slice(0, 3), [
      ['patient', 'Patient record updated', 'Emily Chen', NW],
      ['system', 'User deactivated', 'Sarah Mitchell', NW],
      ['test_request', 'Test request status changed to completed', 'James Carter', NW],
    ]);
    assert.deepEqual(withSystem.recent_activity[1], {
      type: 'system',
      description: 'User deactivated',
      status: null,
      user_name: 'Sarah Mitchell',
      institution_name: NW,
      created_at: hoursAgo(9),
    });
    assert.equal(withSystem.recent_activity.length, 8);
    const without = await get<Dashboard>(superAdmin, '/analytics/dashboard?timeframe=7');
    assert.ok(!without.recent_activity.some((item) => item.type === 'system'));
    assert.deepEqual(
      without.recent_activity.slice(0, 7),
      withSystem.recent_activity.filter((item) => item.type !== 'system'),
    );
    // super_admin's only: an institution_admin asking gets none
    const admin = await get<Dashboard>(northwindAdmin, '/analytics/dashboard?timeframe=7&include_user_activity=true');
    assert.ok(!admin.recent_activity.some((item) => item.type === 'system'));
  });

  it("answers 404 for an institution or patient outside the caller's, or unknown", async () => {
    for (const [member, url] of [
      [northwindAdmin, '/analytics/institution/2'],
      [riversideClient, '/analytics/institution/1'],
      [superAdmin, '/analytics/institution/999'],
      [northwindAdmin, '/analytics/test-types?institution_id=2'],
      [riversideClient, '/analytics/audit-summary?institution_id=1'],
      [riversideClient, '/analytics/audit-log?institution_id=3'],
      [northwindAdmin, '/analytics/user-activity?institution_id=2'],
      [superAdmin, '/analytics/test-types?institution_id=999'],
      [superAdmin, '/analytics/user-activity?institution_id=999'],
    ] as const) {
      assert.deepEqual(await get(member, url, 404), { error: 'Institution not found' });
    }
    for (const [member, url] of [
      [northwindAdmin, '/analytics/patient/102'],
      [riversideClient, '/analytics/patient/101'],
      [superAdmin, '/analytics/patient/999'],
    ] as const) {
      assert.deepEqual(await get(member, url, 404), { error: 'Patient Not Found' });
    }
    // user-activity within the caller's own institution
    const riverside = await get<{ users: { id: number }[] }>(
      riversideClient,
      '/analytics/user-activity?institution_id=2',
    );
    assert.deepEqual(
      riverside.users.map((user) => user.id),
      [4, 5],
    );
  });

  it('refuses every other role (403) and a bad query (400)', async () => {
    const urls = [
      '/analytics/test-types',
      '/analytics/audit-summary',
      '/analytics/audit-log',
      '/analytics/institution/1',
      '/analytics/patient/101',
    ];
    for (const member of [emily, labUser]) {
      for (const url of urls) {
        assert.deepEqual(await get(member, url, 403), { error: "You don't have permission to view analytics." });
      }
    }
    for (const url of urls) assert.equal((await suite.app.inject({ method: 'GET', url })).statusCode, 401, url);
    for (const url of [
      '/analytics/test-types?timeframe=14',
      '/analytics/audit-log?action=read',
      '/analytics/audit-log?table_name=secrets',
      '/analytics/institution/abc',
      '/analytics/patient/0x10',
    ]) {
      await get(superAdmin, url, 400);
    }
  });

  it('answers the same after a rebuild of its projections', async () => {
    const answers = () => Promise.all(SNAPSHOT_URLS.map(([member, url]) => get(member, url)));
    const before = await answers();
    const names = ['identity-directory', 'logins', 'clinical-activity', 'test-types', 'patient-names', 'audit-trail'];
    const outcomes = await rebuildProjections(
      service,
      { pool: suite.pool, store: suite.store, nc: suite.nats.nc },
      names,
    );
    assert.deepEqual(
      outcomes.map((outcome) => outcome.projection),
      names,
    );
    assert.equal(await countOf('audit_entries'), ENTRIES.length);
    assert.deepEqual(await answers(), before);
    assert.deepEqual(before[4], NORTHWIND_MONTH);
    assert.deepEqual(before[5], PATIENT_101);
  });
});
