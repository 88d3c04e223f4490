/**
 * A test request's notification history, projected from the notifications service's events over JetStream: a
 * requested message shows on its request's detail with the log's fields, its delivery follows the status events
 * (in whatever order they arrive), a repeated event changes nothing, only the request's own messages of its own
 * institution show, newest first, and a rebuild from the stream gives the same rows.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { NOTIFICATION_MESSAGE_EVENT_SCHEMAS, NotificationEventData, TestRequestDetail } from '@labline/contracts';
import { rebuildProjections } from '@labline/service-kit';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import { service } from '../src/service';
import { call, NORTHWIND, RIVERSIDE, USERS, type TestUser } from './harness';
import { orderSuite, orderTest } from './test-request-fixtures';

const suite = orderSuite();
type Log = TestRequestDetail['notification_logs'][number];

/** The notifications service's NotificationRequested for a message about a request (an e-mail to the patient). */
const requestedData = (
  notificationId: number,
  testRequestId: number | null,
  fields: Partial<NotificationEventData<'NotificationRequested'>> = {},
): NotificationEventData<'NotificationRequested'> => ({
  notificationId,
  idempotency_key: `event-${notificationId}:patient-1:email`,
  message_type: 'test_request_cancelled',
  notification_type: 'email',
  recipient_type: 'patient',
  recipient_email: 'amelia.thompson@example.com',
  recipient_phone: null,
  patient_id: 1,
  patient_name: 'Amelia Thompson',
  subject: 'Your test request has been cancelled',
  body: 'Your test has been cancelled.',
  reply_to: null,
  test_request_id: testRequestId,
  institution_id: NORTHWIND,
  triggered_by_type: 'system',
  triggered_by_user_id: null,
  ...fields,
});

/** One event of the notification's stream `notification-{id}` at this version. */
const publish = <T extends keyof typeof NOTIFICATION_MESSAGE_EVENT_SCHEMAS>(
  version: number,
  type: T,
  data: NotificationEventData<T>,
) => suite.context.nats.publishNotification(`notification-${data.notificationId}`, version, type, data);

async function logsOf(requestId: number, caller: TestUser = USERS.northwindAdmin): Promise<Log[]> {
  const response = await call(suite.context, caller, 'GET', `/tests/requests/${requestId}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { request: TestRequestDetail }).request.notification_logs;
}

/** The request's logs once `ready` holds of them (the consumer applies the events moments after publishing). */
async function logsWhen(requestId: number, ready: (logs: Log[]) => boolean, description: string): Promise<Log[]> {
  let logs: Log[] = [];
  await waitFor(
    async () => {
      logs = await logsOf(requestId);
      return ready(logs);
    },
    { description },
  );
  return logs;
}

const byId = (logs: Log[], id: number) => logs.find((log) => log.id === id);
const statusOf = (logs: Log[], id: number) => byId(logs, id)?.delivery_status;

describe("a test request's notification history", () => {
  it('shows a requested message with its fields and follows its delivery to delivered', async () => {
    const request = await orderTest(suite.context, suite.fixtures);
    assert.deepEqual(await logsOf(request.id), []);

    await publish(1, 'NotificationRequested', requestedData(101, request.id));
    const [pending] = await logsWhen(request.id, (logs) => logs.length === 1, 'the request projected');
    assert.ok(pending);
    const { sent_at: requestedAt, ...fields } = pending;
    assert.deepEqual(fields, {
      id: 101,
      message_type: 'test_request_cancelled',
      notification_type: 'email',
      recipient_type: 'patient',
      recipient_email: 'amelia.thompson@example.com',
      recipient_phone: null,
      delivery_status: 'pending',
      error_message: null,
      triggered_by_type: 'system',
      triggered_by_name: null,
    });

    await publish(2, 'NotificationSent', { notificationId: 101, attempt: 1, provider_message_id: '<m-101@smtp>' });
    const sent = await logsWhen(request.id, (logs) => statusOf(logs, 101) === 'sent', 'sent projected');
    const sentAt = byId(sent, 101)!.sent_at;
    assert.ok(Date.parse(sentAt) >= Date.parse(requestedAt), 'sent_at is when the provider took it');

    await publish(3, 'NotificationDelivered', { notificationId: 101, provider_message_id: '<m-101@smtp>' });
    const delivered = await logsWhen(request.id, (logs) => statusOf(logs, 101) === 'delivered', 'delivery projected');
    assert.deepEqual(byId(delivered, 101), { ...byId(sent, 101), delivery_status: 'delivered' });

    // The same events again (a rebuild, a republish): nothing changes. A message of another request comes
    // after them on the stream; once it shows, they have been handled (one consumer, in order).
    await publish(1, 'NotificationRequested', requestedData(101, request.id));
    await publish(2, 'NotificationSent', { notificationId: 101, attempt: 1, provider_message_id: '<m-101@smtp>' });
    await publish(3, 'NotificationDelivered', { notificationId: 101, provider_message_id: '<m-101@smtp>' });
    const other = await orderTest(suite.context, suite.fixtures);
    await publish(1, 'NotificationRequested', requestedData(102, other.id));
    await logsWhen(other.id, (logs) => logs.length === 1, 'the marker projected');
    assert.deepEqual(await logsOf(request.id), delivered);
  });

  it('shows a failed message with its error, the reason of a failed attempt while it is retried', async () => {
    const request = await orderTest(suite.context, suite.fixtures);
    await publish(
      1,
      'NotificationRequested',
      requestedData(201, request.id, {
        message_type: 'custom',
        notification_type: 'sms',
        recipient_email: null,
        recipient_phone: '+447700900123',
        subject: null,
        triggered_by_type: 'manual',
        triggered_by_user_id: USERS.northwindAdmin.id,
      }),
    );
    await publish(2, 'NotificationAttemptFailed', {
      notificationId: 201,
      attempt: 1,
      error_message: 'Twilio error 20429: Too Many Requests',
      retry_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const retried = await logsWhen(request.id, (logs) => byId(logs, 201)?.error_message != null, 'attempt projected');
    assert.deepEqual(
      { ...byId(retried, 201), sent_at: undefined },
      {
        id: 201,
        sent_at: undefined,
        message_type: 'custom',
        notification_type: 'sms',
        recipient_type: 'patient',
        recipient_email: null,
        recipient_phone: '+447700900123',
        delivery_status: 'pending',
        error_message: 'Twilio error 20429: Too Many Requests',
        triggered_by_type: 'manual',
        triggered_by_name: 'James Carter',
      },
    );

    await publish(3, 'NotificationFailed', {
      notificationId: 201,
      attempt: 2,
      error_message: 'Twilio error 21211: Invalid To phone number',
      provider_message_id: null,
    });
    const failed = await logsWhen(request.id, (logs) => statusOf(logs, 201) === 'failed', 'failure projected');
    assert.equal(byId(failed, 201)?.error_message, 'Twilio error 21211: Invalid To phone number');
    assert.equal(byId(failed, 201)?.sent_at, byId(retried, 201)?.sent_at, 'never sent: the time it was requested');
  });

  it("shows a message skipped because of the patient's consent as skipped, with the reason", async () => {
    const request = await orderTest(suite.context, suite.fixtures);
    const reason = "The patient's contact preference is email only";
    await publish(
      1,
      'NotificationRequested',
      requestedData(251, request.id, {
        notification_type: 'sms',
        recipient_email: null,
        recipient_phone: '+447700900123',
        subject: null,
      }),
    );
    await publish(2, 'NotificationSkipped', { notificationId: 251, reason });
    const skipped = await logsWhen(request.id, (logs) => statusOf(logs, 251) === 'skipped', 'skip projected');
    assert.deepEqual(
      [byId(skipped, 251)?.delivery_status, byId(skipped, 251)?.error_message, byId(skipped, 251)?.recipient_phone],
      ['skipped', reason, '+447700900123'],
    );
  });

  it('keeps a status that arrived before its request, and an older status arriving late changes nothing', async () => {
    const request = await orderTest(suite.context, suite.fixtures);
    // Delivered first (the request was delivered again after a failure), then the request, then a stale Sent.
    await publish(3, 'NotificationDelivered', { notificationId: 301, provider_message_id: 'SM301' });
    await publish(1, 'NotificationRequested', requestedData(301, request.id, { notification_type: 'sms' }));
    await publish(2, 'NotificationSent', { notificationId: 301, attempt: 1, provider_message_id: 'SM301' });
    const marker = await orderTest(suite.context, suite.fixtures);
    await publish(1, 'NotificationRequested', requestedData(302, marker.id));
    await logsWhen(marker.id, (logs) => logs.length === 1, 'the marker projected');
    const [log, ...others] = await logsOf(request.id);
    assert.ok(log);
    assert.deepEqual(others, []);
    assert.equal(log.id, 301);
    assert.equal(log.delivery_status, 'delivered');
    assert.equal(log.error_message, null);
    assert.equal(log.recipient_email, 'amelia.thompson@example.com');
  });

  it("lists only the request's own messages of its own institution, newest first", async () => {
    const request = await orderTest(suite.context, suite.fixtures);
    const neighbour = await orderTest(suite.context, suite.fixtures);
    const riverside = await orderTest(suite.context, suite.fixtures, USERS.riversideAdmin, {
      patient_id: suite.fixtures.riversidePatient,
      institution_id: RIVERSIDE,
      clinician_id: USERS.riversideClinician.id,
    });
    await publish(1, 'NotificationRequested', requestedData(401, request.id));
    await publish(1, 'NotificationRequested', requestedData(402, neighbour.id));
    // Filed under another institution than the request's: that institution's, not shown here.
    await publish(1, 'NotificationRequested', requestedData(403, request.id, { institution_id: RIVERSIDE }));
    await publish(1, 'NotificationRequested', requestedData(404, riverside.id, { institution_id: RIVERSIDE }));
    // About no test request at all (a password reset): shown nowhere.
    await publish(1, 'NotificationRequested', requestedData(405, null, { message_type: 'password_reset' }));
    await publish(1, 'NotificationRequested', requestedData(406, request.id, { notification_type: 'sms' }));
    await publish(1, 'NotificationRequested', requestedData(407, request.id, { recipient_type: 'staff' }));

    const logs = await logsWhen(request.id, (found) => found.length === 3, "the request's messages projected");
    assert.deepEqual(
      logs.map((log) => log.id),
      [407, 406, 401],
      'newest first',
    );
    const times = logs.map((log) => Date.parse(log.sent_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    assert.deepEqual(
      (await logsOf(neighbour.id)).map((log) => log.id),
      [402],
    );
    await waitFor(async () => (await logsOf(riverside.id, USERS.riversideAdmin)).length === 1, {
      description: "Riverside's message projected",
    });
    assert.deepEqual(
      (await logsOf(riverside.id, USERS.riversideAdmin)).map((log) => log.id),
      [404],
    );
    // Another institution's caller reads neither the request nor its history.
    const foreign = await call(suite.context, USERS.riversideAdmin, 'GET', `/tests/requests/${request.id}`);
    assert.equal(foreign.statusCode, 404);
  });

  it('rebuilds the history from the JetStream stream equal to the live table, publishing nothing', async () => {
    const rows = () =>
      suite.context.pool.anyFirst(
        sql.type(z.object({ row: z.string() }))`SELECT l::text AS row FROM notification_logs l ORDER BY l.id`,
      );
    const live = await rows();
    assert.ok(live.length >= 10);
    const parts = { pool: suite.context.pool, store: suite.context.store, nc: suite.context.nats.nc };
    const [outcome] = await rebuildProjections(service, parts, ['notification-logs']);
    assert.equal(outcome?.projection, 'notification-logs');
    assert.deepEqual(await rows(), live);
  });
});
