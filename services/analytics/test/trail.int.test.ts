/**
 * One trail per order and turnaround times from a known sequence of identity's, clinical's and notifications'
 * events on a private JetStream: a request ordered, approved, reminded (a message sent, one skipped),
 * cancelled with a message (its e-mail delivered, the report published before the message's request; its SMS
 * failed), with duplicates; the trail for the roles that read the request and 404 for the others; turnaround
 * medians and p90s from the events' times for two timeframes and three roles; the same after a rebuild.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  type Actor,
  type ClinicalEventData,
  type ClinicalEventType,
  type EventEnvelope,
  type FulfillmentEventData,
  type FulfillmentEventType,
  type NotificationEventData,
  type NotificationEventType,
  type TestRequestTrail,
  type Turnaround,
} from '@labline/contracts';
import { rebuildProjections } from '@labline/service-kit';
import { patientRegisteredData, testRequestCreatedData, testUser, waitFor, type TestUser } from '@labline/testkit';
import { publishDirectory } from '@labline/service-kit/testing';
import { sql } from 'slonik';
import { z } from 'zod';
import { service } from '../src/service';
import { startAnalytics, type AnalyticsTestContext } from './harness';

const NORTHWIND = 1;
const RIVERSIDE = 2;
const CENTRAL_LAB = 7;
const RIVER_LAB = 8;

const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  northwindAdmin: testUser(2, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  emily: testUser(3, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  otherClinician: testUser(5, 'clinician', NORTHWIND, ['Noah', 'Reed'], [NORTHWIND]),
  riversideAdmin: testUser(8, 'institution_admin', RIVERSIDE, ['Hannah', 'Lewis']),
  clientAdmin: testUser(10, 'client_admin', NORTHWIND, ['Ava', 'Stone']),
  agent: testUser(11, 'fulfillment_agent', NORTHWIND, ['Finn', 'Hale']),
} as const;

const NOW = Date.now();
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
const actor = (member: TestUser): Actor => ({
  userId: member.id,
  role: member.role,
  institutionId: member.institution_id,
});
const SYSTEM: Actor = { userId: null, role: null, institutionId: null };

let suite: AnalyticsTestContext;

/** Publishes an envelope of our own making (its correlation and causation), as its service's relay would. */
async function emit(
  service: 'clinical' | 'notifications' | 'fulfillment' | 'inventory',
  event: { stream: string; version: number; type: string; data: unknown },
  options: { by?: Actor; hours: number; correlationId?: string; causationId?: string | null },
): Promise<EventEnvelope> {
  const id = randomUUID();
  const envelope: EventEnvelope = {
    ...event,
    id,
    occurredAt: hoursAgo(options.hours),
    actor: options.by ?? SYSTEM,
    correlationId: options.correlationId ?? `test-${id}`,
    causationId: options.causationId ?? null,
    traceparent: null,
  };
  await suite.republish(service, envelope);
  return envelope;
}

const clinical = <T extends ClinicalEventType>(
  stream: string,
  version: number,
  type: T,
  data: ClinicalEventData<T>,
  options: { by?: Actor; hours: number; correlationId?: string; causationId?: string | null },
) => emit('clinical', { stream, version, type, data }, options);

const notifications = <T extends NotificationEventType>(
  stream: string,
  version: number,
  type: T,
  data: NotificationEventData<T>,
  options: { hours: number; correlationId?: string; causationId?: string | null },
) => emit('notifications', { stream, version, type, data }, options);

const count = (table: string) =>
  suite.pool.oneFirst(sql.type(z.object({ count: z.number().int() }))`
    SELECT count(*)::int AS count FROM ${sql.identifier([table])}`);

const filed41 = { testRequestId: 41, patient_id: 101, institution_id: NORTHWIND };
const message = (
  notificationId: number,
  channel: 'email' | 'sms',
  fields: Partial<NotificationEventData<'NotificationRequested'>>,
): NotificationEventData<'NotificationRequested'> => ({
  notificationId,
  idempotency_key: `key-${notificationId}`,
  message_type: 'custom',
  notification_type: channel,
  recipient_type: 'patient',
  recipient_email: channel === 'email' ? 'pat@example.test' : null,
  recipient_phone: channel === 'sms' ? '+447700900123' : null,
  patient_id: 101,
  patient_name: 'Pat Doe',
  subject: channel === 'email' ? 'About your test' : null,
  body: 'Your test request',
  reply_to: null,
  test_request_id: 41,
  institution_id: NORTHWIND,
  triggered_by_type: 'system',
  triggered_by_user_id: null,
  ...fields,
});

/** The events' ids the expectations name (caused_by). */
const ids: Record<string, string> = {};

async function publishTheTrail(): Promise<void> {
  const { northwindAdmin, emily } = USERS;
  await clinical(
    'patient-101',
    0,
    'PatientRegistered',
    patientRegisteredData(101, [NORTHWIND], { clinician_id: emily.id }),
    {
      by: actor(emily),
      hours: 40,
    },
  );
  const created = await clinical(
    'testRequest-41',
    0,
    'TestRequestCreated',
    testRequestCreatedData(41, NORTHWIND, {
      patient_id: 101,
      clinician_id: emily.id,
      requested_by: emily.id,
      lab_id: CENTRAL_LAB,
    }),
    { by: actor(emily), hours: 30 },
  );
  ids.created = created.id;
  ids.approved = (
    await clinical(
      'testRequest-41',
      1,
      'TestRequestStatusChanged',
      { ...filed41, from: 'pending', to: 'approved' },
      {
        by: actor(northwindAdmin),
        hours: 29,
      },
    )
  ).id;
  const reminder = { test_request_id: 41, reminder_type: '3_hours_before', scheduled_for: hoursAgo(26) };
  ids.scheduled = (
    await notifications(
      'reminder-41-3_hours_before',
      0,
      'ReminderScheduled',
      { ...reminder, job_id: randomUUID() },
      {
        hours: 28,
      },
    )
  ).id;
  const job = 'reminder-job-1';
  // The reminder's messages are published before the reminder's own event (another stream).
  ids.reminderEmail = (
    await notifications(
      'notification-901',
      0,
      'NotificationRequested',
      message(901, 'email', { message_type: '3_hours_before', reminder_type: '3_hours_before' }),
      {
        hours: 26,
        correlationId: job,
      },
    )
  ).id;
  await notifications(
    'notification-901',
    1,
    'NotificationSent',
    { notificationId: 901, attempt: 1, provider_message_id: 'm-901' },
    {
      hours: 25.9,
      correlationId: job,
    },
  );
  ids.reminderSms = (
    await notifications(
      'notification-902',
      0,
      'NotificationRequested',
      message(902, 'sms', { message_type: '3_hours_before', reminder_type: '3_hours_before' }),
      {
        hours: 26,
        correlationId: job,
      },
    )
  ).id;
  await notifications(
    'notification-902',
    1,
    'NotificationSkipped',
    { notificationId: 902, reason: 'The patient opted out of SMS' },
    {
      hours: 26,
      correlationId: job,
    },
  );
  ids.reminderSent = (
    await notifications(
      'reminder-41-3_hours_before',
      1,
      'ReminderSent',
      { ...reminder, notification_ids: [901, 902] },
      {
        hours: 26,
        correlationId: job,
      },
    )
  ).id;

  const cancellation = 'cancel-request';
  const cancelled = await clinical(
    'testRequest-41',
    2,
    'TestRequestCancelled',
    { ...filed41, from: 'approved', custom_message: 'The sample is no longer needed' },
    { by: actor(northwindAdmin), hours: 20, correlationId: cancellation },
  );
  ids.cancelled = cancelled.id;
  const caused = { correlationId: cancellation, causationId: cancelled.id };
  // The e-mail's delivery reports arrive before the message's request.
  await notifications(
    'notification-903',
    1,
    'NotificationSent',
    { notificationId: 903, attempt: 1, provider_message_id: 'm-903' },
    {
      hours: 19.8,
    },
  );
  const delivered = await notifications(
    'notification-903',
    2,
    'NotificationDelivered',
    { notificationId: 903, provider_message_id: 'm-903' },
    { hours: 19.7 },
  );
  const cancelMessage = {
    message_type: 'test_request_cancelled',
    triggered_by_type: 'manual',
    triggered_by_user_id: northwindAdmin.id,
  } as const;
  ids.cancelEmail = (
    await notifications('notification-903', 0, 'NotificationRequested', message(903, 'email', cancelMessage), {
      hours: 19.9,
      ...caused,
    })
  ).id;
  ids.cancelSms = (
    await notifications('notification-904', 0, 'NotificationRequested', message(904, 'sms', cancelMessage), {
      hours: 19.9,
      ...caused,
    })
  ).id;
  await notifications(
    'notification-904',
    1,
    'NotificationFailed',
    { notificationId: 904, attempt: 3, error_message: 'Twilio: unreachable number', provider_message_id: null },
    { hours: 19.5 },
  );
  ids.reminderCancelled = (
    await notifications(
      'reminder-41-3_hours_before',
      2,
      'ReminderCancelled',
      { ...reminder, reason: 'request_closed' },
      {
        hours: 19.9,
        correlationId: cancellation,
        causationId: cancelled.id,
      },
    )
  ).id;
  // Duplicates: the cancellation and the delivery report again, under new message ids.
  await suite.republish('clinical', cancelled);
  await suite.republish('notifications', delivered);
}

/** Turnaround's requests: [id, institution, lab, ordered h ago, [status, h ago]…]. */
const TURNAROUND_REQUESTS: [
  number,
  number,
  number,
  number,
  [ClinicalEventData<'TestRequestStatusChanged'>['to'], number][],
][] = [
  [
    51,
    NORTHWIND,
    CENTRAL_LAB,
    100,
    [
      ['approved', 95],
      ['fulfilled', 90],
      ['in_progress', 80],
      ['completed', 60],
    ],
  ],
  [
    52,
    NORTHWIND,
    CENTRAL_LAB,
    50,
    [
      ['fulfilled', 46],
      ['in_progress', 40],
      ['completed', 30],
    ],
  ],
  [53, NORTHWIND, CENTRAL_LAB, 20, [['fulfilled', 18]]],
  [54, RIVERSIDE, RIVER_LAB, 10, []],
  [55, NORTHWIND, CENTRAL_LAB, 240, [['fulfilled', 230]]],
];

async function publishTheMilestones(): Promise<void> {
  await clinical(
    'catalogue-7',
    0,
    'CatalogueItemCreated',
    {
      itemId: CENTRAL_LAB,
      kind: 'labs',
      name: 'Central Lab',
      description: null,
      active: true,
      sort_order: 0,
      institution_ids: [],
      address: null,
      phone: null,
      email: null,
    },
    { hours: 500 },
  );
  // Streams interleaved: each request's events in order, the requests' newest first.
  for (const [id, institution, lab, ordered, changes] of [...TURNAROUND_REQUESTS].reverse()) {
    const filed = { testRequestId: id, patient_id: 101, institution_id: institution };
    await clinical(
      `testRequest-${id}`,
      0,
      'TestRequestCreated',
      testRequestCreatedData(id, institution, { patient_id: 101, lab_id: lab }),
      {
        by: actor(USERS.northwindAdmin),
        hours: ordered,
      },
    );
    let from: ClinicalEventData<'TestRequestStatusChanged'>['from'] = 'pending';
    for (const [index, [to, hours]] of changes.entries()) {
      const changed = await clinical(
        `testRequest-${id}`,
        index + 1,
        'TestRequestStatusChanged',
        { ...filed, from, to },
        {
          by: actor(USERS.northwindAdmin),
          hours,
        },
      );
      if (id === 52 && to === 'fulfilled') await suite.republish('clinical', changed);
      from = to;
    }
  }
}

async function get<T>(member: TestUser, url: string, status = 200): Promise<T> {
  const response = await suite.app.inject({ method: 'GET', url, headers: await suite.as(member) });
  assert.equal(response.statusCode, status, response.body);
  return response.json<T>();
}

const who = (member: TestUser) => ({
  user_id: member.id,
  name: `${member.first_name} ${member.last_name}`,
  role: member.role,
});
const system = { user_id: null, name: 'System', role: null };

function expectedTrail() {
  const { emily, northwindAdmin } = USERS;
  const entry = (
    id: string,
    kind: string,
    event_type: string,
    title: string,
    hours: number,
    fields: Record<string, unknown> = {},
  ) => ({
    id: ids[id],
    kind,
    event_type,
    title,
    detail: null,
    status: null,
    occurred_at: hoursAgo(hours),
    actor: system,
    cause: null,
    caused_by: null,
    causation_id: null,
    notification: null,
    ...fields,
  });
  const delivery = (
    notification_id: number,
    channel: string,
    delivery_status: string,
    error_message: string | null,
    hours: number | null,
  ) => ({
    notification_id,
    channel,
    recipient_type: 'patient',
    delivery_status,
    error_message,
    updated_at: hours === null ? null : hoursAgo(hours),
  });
  const reminderCause = 'Reminder 3 hours before';
  return [
    entry('created', 'ordered', 'TestRequestCreated', 'Test request ordered', 30, {
      detail: 'HbA1c',
      status: 'pending',
      actor: who(emily),
    }),
    entry('approved', 'status_changed', 'TestRequestStatusChanged', 'Status changed', 29, {
      status: 'approved',
      actor: who(northwindAdmin),
    }),
    entry('scheduled', 'reminder_scheduled', 'ReminderScheduled', 'Reminder planned', 28, {
      detail: `Due ${hoursAgo(26)}`,
      cause: reminderCause,
    }),
    ...[
      entry('reminderEmail', 'notification', 'NotificationRequested', 'Message to the patient', 26, {
        detail: 'About your test',
        cause: reminderCause,
        caused_by: ids.reminderSent,
        notification: delivery(901, 'email', 'sent', null, 25.9),
      }),
      entry('reminderSms', 'notification', 'NotificationRequested', 'Message to the patient', 26, {
        detail: 'Your test request',
        cause: reminderCause,
        caused_by: ids.reminderSent,
        notification: delivery(902, 'sms', 'skipped', 'The patient opted out of SMS', 26),
      }),
      entry('reminderSent', 'reminder_sent', 'ReminderSent', 'Reminder sent', 26, {
        detail: `Due ${hoursAgo(26)}`,
        cause: reminderCause,
      }),
    ].sort((a, b) => (a.id! < b.id! ? -1 : 1)),
    entry('cancelled', 'cancelled', 'TestRequestCancelled', 'Test request cancelled', 20, {
      detail: 'The sample is no longer needed',
      status: 'cancelled',
      actor: who(northwindAdmin),
    }),
    ...[
      entry('cancelEmail', 'notification', 'NotificationRequested', 'Message to the patient', 19.9, {
        detail: 'About your test',
        cause: 'The cancellation',
        caused_by: ids.cancelled,
        causation_id: ids.cancelled,
        notification: delivery(903, 'email', 'delivered', null, 19.7),
      }),
      entry('cancelSms', 'notification', 'NotificationRequested', 'Message to the patient', 19.9, {
        detail: 'Your test request',
        cause: 'The cancellation',
        caused_by: ids.cancelled,
        causation_id: ids.cancelled,
        notification: delivery(904, 'sms', 'failed', 'Twilio: unreachable number', 19.5),
      }),
      entry('reminderCancelled', 'reminder_cancelled', 'ReminderCancelled', 'Reminder cancelled', 19.9, {
        detail: 'The test request was closed',
        cause: reminderCause,
        caused_by: ids.cancelled,
        causation_id: ids.cancelled,
      }),
    ].sort((a, b) => (a.id! < b.id! ? -1 : 1)),
  ];
}

/** The entries without their correlation ids (asserted apart). */
const withoutCorrelation = (trail: TestRequestTrail) =>
  trail.entries.map(({ correlation_id: _correlation, ...entry }) => entry);

const stage = (key: string, from: string, to: string, count: number, median: number | null, p90: number | null) => ({
  stage: key,
  from,
  to,
  count,
  median_hours: median,
  p90_hours: p90,
});

/** Northwind's Central Lab over 7 days: requests 41, 51, 52, 53 (55 was ordered 10 days ago). */
const CENTRAL_WEEK = {
  institution_id: NORTHWIND,
  institution_name: 'Northwind General Hospital',
  lab_id: CENTRAL_LAB,
  lab_name: 'Central Lab',
  requests: 4,
  stages: [
    // no home kits in this history
    stage('kit', 'ordered', 'kit_delivered', 0, null, null),
    // 10, 4 and 2 hours
    stage('collection', 'ordered', 'collected', 3, 4, 8.8),
    // 10 and 6
    stage('transport', 'collected', 'received', 2, 8, 9.6),
    // 20 and 10
    stage('analysis', 'received', 'resulted', 2, 15, 19),
    stage('release', 'resulted', 'released', 2, 0, 0),
    // 40 and 20
    stage('total', 'ordered', 'released', 2, 30, 38),
  ],
};
const CENTRAL_MONTH = {
  ...CENTRAL_WEEK,
  requests: 5,
  // 10, 4, 2 and 10
  stages: [
    CENTRAL_WEEK.stages[0]!,
    stage('collection', 'ordered', 'collected', 4, 7, 10),
    ...CENTRAL_WEEK.stages.slice(2),
  ],
};
const RIVER_WEEK = {
  institution_id: RIVERSIDE,
  institution_name: 'Riverside Clinic',
  lab_id: RIVER_LAB,
  lab_name: null,
  requests: 1,
  stages: CENTRAL_WEEK.stages.map((figure) => ({ ...figure, count: 0, median_hours: null, p90_hours: null })),
};

/** The slowest open requests with their hours rounded to one decimal (now moves while the test runs). */
const slowest = (answer: Turnaround) =>
  answer.slowest_open.map((row) => ({ ...row, hours_open: Math.round(row.hours_open * 10) / 10 }));
const slow = (id: number, institution: number, lab: number, status: string, hours: number) => ({
  id,
  display_id: `REQ-${String(id).padStart(6, '0')}`,
  institution_id: institution,
  lab_id: lab,
  status,
  hours_open: hours,
});

describe('one trail per order and turnaround times', () => {
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
    await publishTheTrail();
    await publishTheMilestones();
    await waitFor(
      async () =>
        (await count('users')) === Object.keys(USERS).length &&
        (await count('trail_entries')) === 24 &&
        (await count('turnaround_milestones')) === 16 &&
        (await count('turnaround_labs')) === 1,
      { description: 'the sequence projected' },
    );
  }, 60_000);

  afterAll(async () => {
    await suite?.close();
  });

  it('gives the trail of a cancelled request, oldest first, with who, why and each message as it is now', async () => {
    const trail = await get<TestRequestTrail>(USERS.emily, '/analytics/test-requests/41/trail');
    assert.equal(trail.test_request_id, 41);
    assert.deepEqual(withoutCorrelation(trail), expectedTrail());
    const byId = new Map(trail.entries.map((entry) => [entry.id, entry]));
    assert.equal(byId.get(ids.cancelEmail!)?.correlation_id, 'cancel-request');
    assert.equal(byId.get(ids.reminderEmail!)?.correlation_id, 'reminder-job-1');
    // The same trail for whoever reads the request.
    for (const member of [USERS.superAdmin, USERS.northwindAdmin, USERS.clientAdmin]) {
      assert.deepEqual(await get<TestRequestTrail>(member, '/analytics/test-requests/41/trail'), trail);
    }
  });

  it('answers 404 for a request outside the caller (another institution, another clinician) or unknown, 403 without tests', async () => {
    for (const member of [USERS.riversideAdmin, USERS.otherClinician]) {
      assert.deepEqual(await get(member, '/analytics/test-requests/41/trail', 404), {
        error: 'Test Request Not Found',
      });
    }
    assert.deepEqual(await get(USERS.superAdmin, '/analytics/test-requests/999/trail', 404), {
      error: 'Test Request Not Found',
    });
    await get(USERS.agent, '/analytics/test-requests/41/trail', 403);
    await get(USERS.superAdmin, '/analytics/test-requests/abc/trail', 400);
  });

  it('gives median and p90 per institution and lab, and the slowest open requests, within each role', async () => {
    const week = await get<Turnaround>(USERS.superAdmin, '/analytics/turnaround?timeframe=7');
    assert.deepEqual(
      { ...week, slowest_open: slowest(week) },
      {
        timeframe: 7,
        groups: [CENTRAL_WEEK, RIVER_WEEK],
        slowest_open: [
          slow(55, NORTHWIND, CENTRAL_LAB, 'fulfilled', 240),
          slow(53, NORTHWIND, CENTRAL_LAB, 'fulfilled', 20),
          slow(54, RIVERSIDE, RIVER_LAB, 'pending', 10),
        ],
      },
    );
    const month = await get<Turnaround>(USERS.superAdmin, '/analytics/turnaround?timeframe=30');
    assert.deepEqual(month.groups, [CENTRAL_MONTH, RIVER_WEEK]);

    const northwind = await get<Turnaround>(USERS.northwindAdmin, '/analytics/turnaround?timeframe=7');
    assert.deepEqual(northwind.groups, [CENTRAL_WEEK]);
    assert.deepEqual(
      slowest(northwind).map((row) => row.id),
      [55, 53],
    );
    assert.deepEqual(
      await get<Turnaround>(USERS.clientAdmin, `/analytics/turnaround?timeframe=7&institution_id=${NORTHWIND}`).then(
        (answer) => answer.groups,
      ),
      [CENTRAL_WEEK],
    );
    const riverside = await get<Turnaround>(
      USERS.superAdmin,
      `/analytics/turnaround?timeframe=7&institution_id=${RIVERSIDE}`,
    );
    assert.deepEqual(riverside.groups, [RIVER_WEEK]);
  });

  it('answers 404 for a foreign institution, 403 to the roles without analytics, 400 for a timeframe not offered', async () => {
    assert.deepEqual(await get(USERS.riversideAdmin, `/analytics/turnaround?institution_id=${NORTHWIND}`, 404), {
      error: 'Institution not found',
    });
    await get(USERS.emily, '/analytics/turnaround', 403);
    await get(USERS.superAdmin, '/analytics/turnaround?timeframe=14', 400);
  });

  it('gives the same trail and figures after a rebuild from the streams', async () => {
    const before = await Promise.all([
      get<TestRequestTrail>(USERS.superAdmin, '/analytics/test-requests/41/trail'),
      get<Turnaround>(USERS.superAdmin, '/analytics/turnaround?timeframe=30').then((answer) => answer.groups),
    ]);
    const parts = { pool: suite.pool, store: suite.store, nc: suite.nats.nc };
    await rebuildProjections(service, parts, ['order-trail', 'turnaround']);
    const after = await Promise.all([
      get<TestRequestTrail>(USERS.superAdmin, '/analytics/test-requests/41/trail'),
      get<Turnaround>(USERS.superAdmin, '/analytics/turnaround?timeframe=30').then((answer) => answer.groups),
    ]);
    assert.deepEqual(after, before);
  });

  // last: its request is Northwind's too, and would count among the turnaround figures above
  it("adds the kit's journey: requested, reserved, dispatched with its tracking number, delivered", async () => {
    const { emily } = USERS;
    await clinical(
      'testRequest-45',
      0,
      'TestRequestCreated',
      testRequestCreatedData(45, NORTHWIND, { patient_id: 101, clinician_id: emily.id, requested_by: emily.id }),
      { by: actor(emily), hours: 5 },
    );
    const kit = <T extends FulfillmentEventType>(
      version: number,
      type: T,
      data: FulfillmentEventData<T>,
      hours: number,
    ) => emit('fulfillment', { stream: 'fulfillmentRequest-12', version, type, data }, { hours });
    await kit(
      0,
      'FulfillmentRequested',
      {
        fulfillmentRequestId: 12,
        test_request_id: 45,
        institution_id: NORTHWIND,
        patient_id: 101,
        inventory_item_id: 3,
        quantity_requested: 1,
        priority: 'normal',
        assigned_to: null,
        notes: null,
        replaces_request_id: null,
      },
      4,
    );
    await emit(
      'inventory',
      {
        stream: 'inventoryItem-3',
        version: 4,
        type: 'InventoryStockReserved',
        data: { itemId: 3, quantity: 1, fulfillment_request_id: 12, quantity_available: 20, quantity_reserved: 1 },
      },
      { hours: 3.9 },
    );
    const tracking = { tracking_number: 'RM123456789GB', barcode_number: null, notes: 'Package dispatched' };
    await kit(1, 'FulfillmentDispatched', { fulfillmentRequestId: 12, ...tracking, status: 'dispatched' }, 3);
    const notes = { previous_status: 'dispatched', notes: 'Package delivered', status: 'delivered' } as const;
    await kit(2, 'FulfillmentDelivered', { fulfillmentRequestId: 12, ...notes }, 1);
    let trail: TestRequestTrail | undefined;
    await waitFor(
      async () => {
        const response = await suite.app.inject({
          url: '/analytics/test-requests/45/trail',
          headers: await suite.as(emily),
        });
        trail = response.statusCode === 200 ? response.json<TestRequestTrail>() : undefined;
        return trail?.entries.length === 5;
      },
      { description: "the kit's journey on the trail" },
    );
    assert.deepEqual(
      trail!.entries.map((entry) => [entry.kind, entry.title, entry.detail]),
      [
        ['ordered', 'Test request ordered', 'HbA1c'],
        ['kit_requested', 'Test kit requested', 'FUL-000012: 1 unit'],
        ['kit_reserved', 'Test kit reserved', '1 unit held in stock'],
        ['kit_dispatched', 'Test kit dispatched', 'Tracking number RM123456789GB'],
        ['kit_delivered', 'Test kit delivered', 'Package delivered'],
      ],
    );
    // ordered 5 hours ago, its kit delivered 1 hour ago: 4 hours, in its lab's turnaround figures
    const kitStage = async () => {
      const answer = await get<Turnaround>(USERS.superAdmin, '/analytics/turnaround?timeframe=7');
      return answer.groups
        .flatMap((group) => group.stages)
        .find((figure) => figure.stage === 'kit' && figure.count > 0);
    };
    const figure = await waitFor(kitStage, { description: "the kit's delivery in the turnaround" });
    assert.deepEqual([figure.count, figure.median_hours, figure.p90_hours], [1, 4, 4]);
  });
});
