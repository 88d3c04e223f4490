/**
 * GET /analytics/stream over real HTTP, fed by events published on a private JetStream: each stream carries
 * only the changes its caller's dashboard counts (an institution_admin never another institution's, a clinician
 * only their own, super_admin everything), no names; a reconnect with Last-Event-ID replays what it missed;
 * a closed connection leaves no subscription behind; two replicas (two apps on one database, one durable
 * consumer) both tell their streams of a change only one of them projected.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  eventStreamReader,
  type Actor,
  type ClinicalEventData,
  type ClinicalEventType,
  type DashboardChange,
  type EventStreamMessage,
} from '@labline/contracts';
import { buildInProcess } from '@labline/service-kit';
import { patientRegisteredData, testRequestCreatedData, testUser, waitFor, type TestUser } from '@labline/testkit';
import { publishDirectory } from '@labline/service-kit/testing';
import { activityFeedOf } from '../src/live/feed';
import { service } from '../src/service';
import { startAnalytics, type AnalyticsTestContext } from './harness';

const NORTHWIND = 1;
const RIVERSIDE = 2;

const USERS = {
  superAdmin: testUser(1, 'super_admin', null, ['Sarah', 'Mitchell']),
  northwindAdmin: testUser(2, 'institution_admin', NORTHWIND, ['James', 'Carter']),
  northwindClinician: testUser(3, 'clinician', NORTHWIND, ['Emily', 'Chen'], [NORTHWIND]),
  otherNorthwindClinician: testUser(5, 'clinician', NORTHWIND, ['Noah', 'Reed'], [NORTHWIND]),
  riversideClinician: testUser(4, 'clinician', RIVERSIDE, ['Oliver', 'Grant'], [RIVERSIDE]),
} as const;

const actor = (member: TestUser): Actor => ({
  userId: member.id,
  role: member.role,
  institutionId: member.institution_id,
});

let suite: AnalyticsTestContext;
let baseUrl: string;

interface OpenStream {
  /** Every event so far (ready and change). */
  messages: EventStreamMessage[];
  changes(): (DashboardChange & { id: string })[];
  lastEventId(): string;
  close(): void;
  /** Resolves when the stream has ended on its own (the server ended it). */
  ended: Promise<void>;
}

/** Opens the caller's stream and resolves once its first event (ready, or the replay's first) has come. */
async function openStream(member: TestUser, options: { query?: string; lastEventId?: string } = {}) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/analytics/stream${options.query ? `?${options.query}` : ''}`, {
    headers: {
      ...(await suite.as(member)),
      ...(options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId }),
    },
    signal: controller.signal,
  });
  assert.equal(response.status, 200, await (response.status === 200 ? '' : response.text()));
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  const messages: EventStreamMessage[] = [];
  const reader = eventStreamReader((message) => messages.push(message));
  const body = response.body;
  assert.ok(body);
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) reader.push(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted by close()
    }
  })();
  const stream: OpenStream = {
    messages,
    changes: () =>
      messages
        .filter((message) => message.event === 'change')
        .map((message) => ({ ...(JSON.parse(message.data) as DashboardChange), id: message.lastEventId })),
    lastEventId: () => reader.lastEventId,
    close: () => controller.abort(),
    ended,
  };
  return stream;
}

const readyOf = async (stream: OpenStream) =>
  waitFor(() => stream.messages.length > 0, { description: 'the stream is open' });

async function createRequest(id: number, institution: number, clinician: TestUser | null, by: TestUser) {
  const data: ClinicalEventData<'TestRequestCreated'> = testRequestCreatedData(id, institution, {
    patient_id: 900 + id,
    clinician_id: clinician?.id ?? null,
    requested_by: by.id,
  });
  const type: ClinicalEventType = 'TestRequestCreated';
  return suite.publish('clinical', { stream: `testRequest-${id}`, version: 0, type, data, actor: actor(by) });
}

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
  await waitFor(
    async () =>
      (await suite.app.inject({ url: '/analytics/dashboard', headers: await suite.as(USERS.riversideClinician) }))
        .statusCode === 200,
    {
      description: 'the users projected',
    },
  );
  baseUrl = await suite.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await suite?.close();
});

describe('GET /analytics/stream', () => {
  it('carries to each caller only the changes of their dashboard, ids and time without names', async () => {
    const streams = {
      superAdmin: await openStream(USERS.superAdmin),
      northwindAdmin: await openStream(USERS.northwindAdmin),
      emily: await openStream(USERS.northwindClinician),
      riverside: await openStream(USERS.riversideClinician),
      filtered: await openStream(USERS.superAdmin, {
        query: `activity_filter=institution&institution_id=${RIVERSIDE}`,
      }),
    };
    for (const stream of Object.values(streams)) await readyOf(stream);
    assert.equal(activityFeedOf(suite.context).subscribers, 5);

    await createRequest(11, NORTHWIND, USERS.northwindClinician, USERS.northwindClinician);
    await createRequest(12, NORTHWIND, USERS.otherNorthwindClinician, USERS.northwindAdmin);
    await createRequest(13, RIVERSIDE, USERS.riversideClinician, USERS.riversideClinician);
    await suite.publish('clinical', {
      stream: 'patient-501',
      version: 0,
      type: 'PatientRegistered',
      data: patientRegisteredData(501, [NORTHWIND], { clinician_id: USERS.northwindClinician.id }),
      actor: actor(USERS.northwindClinician),
    });
    await waitFor(() => streams.superAdmin.changes().length === 4, { description: "super_admin's four changes" });
    await waitFor(() => streams.northwindAdmin.changes().length === 3 && streams.emily.changes().length === 2, {
      description: 'the others',
    });
    await waitFor(() => streams.riverside.changes().length === 1 && streams.filtered.changes().length === 1, {
      description: "Riverside's",
    });

    const requests = (stream: OpenStream) => stream.changes().map((change) => change.test_request_id);
    assert.deepEqual(requests(streams.superAdmin), [11, 12, 13, null]);
    assert.deepEqual(requests(streams.northwindAdmin), [11, 12, null]);
    assert.deepEqual(requests(streams.emily), [11, null]);
    assert.deepEqual(requests(streams.riverside), [13]);
    assert.deepEqual(requests(streams.filtered), [13]);
    const patient = streams.emily.changes()[1];
    assert.equal(patient?.type, 'patient');
    assert.equal(patient?.patient_id, 501);
    // Only ids, type and time; the event id is the activity's position.
    assert.deepEqual(Object.keys(patient ?? {}).sort(), ['created_at', 'id', 'patient_id', 'test_request_id', 'type']);
    assert.match(patient?.id ?? '', /^\d+$/);
    for (const stream of Object.values(streams)) stream.close();
  });

  it('replays what a reconnect with Last-Event-ID missed, within its scope, then goes on live', async () => {
    const first = await openStream(USERS.northwindAdmin);
    await readyOf(first);
    await createRequest(21, NORTHWIND, null, USERS.northwindAdmin);
    await waitFor(() => first.changes().length === 1, { description: 'the first change' });
    const seen = first.lastEventId();
    first.close();

    // Missed while away: Northwind's 22 and Riverside's 23 (never this admin's).
    await createRequest(22, NORTHWIND, null, USERS.northwindAdmin);
    await createRequest(23, RIVERSIDE, null, USERS.riversideClinician);
    const superAdmin = await openStream(USERS.superAdmin, { lastEventId: seen });
    await waitFor(() => superAdmin.changes().length === 2, { description: "super_admin's replay of 22 and 23" });

    const again = await openStream(USERS.northwindAdmin, { lastEventId: seen });
    await waitFor(() => again.changes().length === 1, { description: 'the replay' });
    assert.deepEqual(
      again.changes().map((change) => change.test_request_id),
      [22],
    );
    await createRequest(24, NORTHWIND, null, USERS.northwindAdmin);
    await waitFor(() => again.changes().length === 2, { description: 'the live change after the replay' });
    assert.equal(again.changes()[1]?.test_request_id, 24);
    again.close();
    superAdmin.close();
  });

  it('forgets a stream as soon as its client goes', async () => {
    await waitFor(() => activityFeedOf(suite.context).subscribers === 0, { description: 'earlier streams gone' });
    const stream = await openStream(USERS.superAdmin);
    await readyOf(stream);
    assert.equal(activityFeedOf(suite.context).subscribers, 1);
    stream.close();
    await waitFor(() => activityFeedOf(suite.context).subscribers === 0, { description: 'the subscription removed' });
  });

  it("reaches a second replica's streams: the change announced by whichever replica's consumer projected it", async () => {
    const replica = await buildInProcess(service, {
      env: {
        DATABASE_URL: suite.context.config.DATABASE_URL,
        NATS_URL: suite.nats.url,
        IDENTITY_JWKS_URL: 'http://127.0.0.1/unused',
      },
      pool: suite.pool,
      store: suite.store,
      resources: suite.context.resources,
      // no NATS connection: this replica projects nothing itself
    });
    try {
      const replicaUrl = await replica.app.listen({ port: 0, host: '127.0.0.1' });
      const saved = baseUrl;
      baseUrl = replicaUrl;
      const stream = await openStream(USERS.superAdmin).finally(() => (baseUrl = saved));
      await readyOf(stream);
      await createRequest(31, RIVERSIDE, null, USERS.riversideClinician);
      await waitFor(() => stream.changes().some((change) => change.test_request_id === 31), {
        description: "the other replica's change",
      });
      stream.close();
    } finally {
      await replica.app.close();
    }
  });
});
