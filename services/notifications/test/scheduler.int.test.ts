/**
 * The reminder scheduler end to end (issue 13 part 3), on real Postgres, NATS and the SMTP and SMS sandboxes,
 * with pg-boss as the durable queue. Its clock is the real one: each request is expected just over three hours
 * ahead, so that the default 3_hours_before reminder falls due a few seconds into the test (and its 7-day
 * reminder is already too late). Two service instances share one database where the test says so.
 */
import assert from 'node:assert/strict';
import { NOTIFICATION_EVENT_SCHEMAS, parseEventData, THREE_HOUR_REMINDER } from '@labline/contracts';
import { testRequestCreatedData, waitFor, withAdminClient } from '@labline/testkit';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import {
  createJobQueue,
  FAILED_REMINDER_QUEUE,
  SEND_REMINDER_QUEUE,
  type PgBoss,
} from '../src/workers/reminders/job-queue';
import { runReminderJob } from '../src/workers/reminders/due';
import { reminderStream } from '../src/domain/reminder/decide';
import { service } from '../src/service';
import {
  cancel,
  logsOf,
  orderFor,
  startNotifications,
  USERS,
  type NotificationsReplica,
  type NotificationsTestContext,
} from './harness';

const GRACE_MS = 3_000;
const THREE_HOURS_MS = 3 * 60 * 60 * 1000;

let harness: NotificationsTestContext;
const replicas: NotificationsReplica[] = [];
beforeAll(async () => {
  harness = await startNotifications({
    env: {
      REMINDER_POLL_MS: '500',
      REMINDER_MISSED_GRACE_MS: String(GRACE_MS),
      SCHEDULER_TIMEZONE: 'Europe/London',
    },
  });
  await service.seed!(harness.context);
});
afterAll(async () => {
  for (const replica of replicas) await replica.close();
  await harness?.close();
});

/** A test request expected three hours and `seconds` from now: its 3-hour reminder is due in `seconds`. */
const dueIn = (seconds: number) => new Date(Date.now() + THREE_HOURS_MS + seconds * 1000).toISOString();
const reminderAt = (expected: string) => new Date(Date.parse(expected) - THREE_HOURS_MS).toISOString();

let nextPhone = 100;
const patient = () => {
  nextPhone += 1;
  return { email: `patient${nextPhone}@example.com`, phone: `+44 7700 900${nextPhone}` };
};

const reminderRowSchema = z.object({
  reminder_type: z.string(),
  status: z.string(),
  scheduled_for: z.string(),
  job_id: z.string().nullable(),
});
const remindersOf = (testRequestId: number) =>
  harness.pool.any(sql.type(reminderRowSchema)`
    SELECT reminder_type, status, scheduled_for, job_id FROM scheduled_reminders
    WHERE test_request_id = ${testRequestId} ORDER BY reminder_type`);

/** Waits until the request's 3-hour reminder is in the status; answers its row. */
const threeHourReminder = (testRequestId: number, status: string, timeoutMs = 15_000) =>
  waitFor(
    async () => {
      const row = (await remindersOf(testRequestId)).find((reminder) => reminder.reminder_type === THREE_HOUR_REMINDER);
      return row?.status === status ? row : null;
    },
    { timeoutMs, description: `the 3-hour reminder of request ${testRequestId} ${status}` },
  );

const reminderLogs = async (testRequestId: number) =>
  (await logsOf(harness, testRequestId)).filter((log) => log.message_type === THREE_HOUR_REMINDER);

/** A pg-boss of the test's own on the service's queue (not registered as an instance, working nothing). */
async function withJobQueue<T>(use: (jobs: PgBoss) => Promise<T>): Promise<T> {
  const jobs = createJobQueue(harness.context.config, 'notifications', { applicationName: 'test' });
  await jobs.start();
  try {
    return await use(jobs);
  } finally {
    await jobs.stop({ graceful: false });
  }
}

/**
 * Waits until none of the request's reminder jobs is waiting, running or retrying, and none of its reminder messages
 * is still pending: nothing more will be sent for it. Answers its jobs.
 */
const nothingMoreToSend = (testRequestId: number) =>
  withJobQueue((queue) =>
    waitFor(
      async () => {
        const jobs = await queue.findJobs(SEND_REMINDER_QUEUE, { data: { testRequestId } });
        const logs = await reminderLogs(testRequestId);
        const over = jobs.every((job) => ['completed', 'cancelled', 'failed'].includes(job.state));
        return jobs.length > 0 && over && logs.every((log) => log.delivery_status !== 'pending') && jobs;
      },
      { timeoutMs: 15_000, description: `the reminder jobs of request ${testRequestId} over` },
    ),
  );

const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));

async function eventTypes(testRequestId: number, reminderType: string) {
  const events = await harness.store.readStream(reminderStream(testRequestId, reminderType));
  return events.map((event) => ({
    type: event.type,
    data: parseEventData(NOTIFICATION_EVENT_SCHEMAS, event.type as 'ReminderScheduled', event.data),
  }));
}

describe('the reminder scheduler', () => {
  it('sends each 3-hours-before reminder once with two instances working one queue', async () => {
    replicas.push(await harness.startReplica());
    const orders = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const contact = patient();
        const expected = dueIn(3);
        return { ...(await orderFor(harness, { ...contact, expectedTestDatetime: expected })), contact, expected };
      }),
    );
    for (const order of orders) {
      const planned = await threeHourReminder(order.testRequestId, 'scheduled', 5_000);
      assert.equal(planned.scheduled_for, reminderAt(order.expected));
      // Ordered three hours ahead: its 7-day reminder's time had passed already.
      const sevenDays = (await remindersOf(order.testRequestId)).find((row) => row.reminder_type === '7_days_before');
      assert.equal(sevenDays?.status, 'too_late');
    }
    for (const order of orders) await threeHourReminder(order.testRequestId, 'sent');
    // Both instances' schedulers ran (each answers for its own).
    for (const instance of [harness.app, replicas[0]!.app]) {
      const response = await instance.inject({
        method: 'GET',
        url: '/cron/scheduler-status',
        headers: await harness.as(USERS.superAdmin),
      });
      assert.deepEqual([response.json().data.schedulerEnabled, response.json().data.systemStatus], [true, 'running']);
    }
    for (const order of orders) {
      const logs = await waitFor(
        async () => {
          const found = await reminderLogs(order.testRequestId);
          return found.length === 2 && found.every((log) => log.delivery_status !== 'pending') ? found : null;
        },
        { timeoutMs: 15_000, description: 'the reminder e-mail and SMS sent' },
      );
      assert.deepEqual(
        logs.map((log) => [log.notification_type, log.triggered_by_type]),
        [
          ['email', 'system'],
          ['sms', 'system'],
        ],
      );
      const mails = harness.smtp.messages().filter((mail) => mail.envelope.to.includes(order.contact.email));
      assert.equal(mails.length, 1);
      assert.match(
        mails[0]?.subject ?? '',
        /^Your Glucose test is today at \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (GMT|BST|UTC)$/,
      );
      assert.match(
        mails[0]?.text ?? '',
        /Dear Amelia Thompson,\n\nYour Glucose test at Northwind General Hospital is in about three hours/,
      );
      const texts = harness.sms.messages().filter((text) => text.to === order.contact.phone.replaceAll(' ', ''));
      assert.equal(texts.length, 1);
      assert.match(
        texts[0]?.body ?? '',
        /^Labline: your Glucose test at Northwind General Hospital is at .* Please arrive 15 minutes early\.$/,
      );
    }
  });

  it('does nothing when a reminder job runs again after it was sent', async () => {
    const contact = patient();
    const order = await orderFor(harness, { ...contact, expectedTestDatetime: dueIn(1) });
    const sent = await threeHourReminder(order.testRequestId, 'sent');
    const before = await reminderLogs(order.testRequestId);
    const [scheduled] = (await eventTypes(order.testRequestId, THREE_HOUR_REMINDER)).filter(
      (event) => event.type === 'ReminderScheduled',
    );
    assert.equal(sent.job_id, null);
    // As if a worker died after its commit and pg-boss handed the job out again.
    const again = await withJobQueue((jobs) =>
      runReminderJob(
        harness.context,
        jobs,
        {
          id: (scheduled?.data as { job_id: string }).job_id,
          data: {
            testRequestId: order.testRequestId,
            reminderType: THREE_HOUR_REMINDER,
            scheduledFor: sent.scheduled_for,
          },
        },
        { clock: Date.now, timeZone: 'UTC', worker: { wake: () => undefined } as never },
      ),
    );
    assert.deepEqual(again, { outcome: 'stale', events: [] });
    assert.equal((await reminderLogs(order.testRequestId)).length, before.length);
  });

  it('plans again when the date changes: the old time sends nothing, the new one sends', async () => {
    const contact = patient();
    const first = dueIn(2);
    const order = await orderFor(harness, { ...contact, expectedTestDatetime: first });
    await threeHourReminder(order.testRequestId, 'scheduled', 5_000);
    const moved = dueIn(5);
    await harness.publish('clinical', {
      stream: `testRequest-${order.testRequestId}`,
      version: 1,
      type: 'TestRequestUpdated',
      data: testRequestCreatedData(order.testRequestId, order.institutionId, {
        patient_id: order.patientId,
        test_name: 'Glucose',
        expected_test_datetime: moved,
      }),
    });
    const replanned = await waitFor(
      async () => {
        const row = (await remindersOf(order.testRequestId)).find((r) => r.reminder_type === THREE_HOUR_REMINDER);
        return row?.scheduled_for === reminderAt(moved) ? row : null;
      },
      { timeoutMs: 5_000, description: 'the reminder planned for the new date' },
    );
    assert.equal(replanned.status, 'scheduled');
    await threeHourReminder(order.testRequestId, 'sent');
    const mails = await waitFor(
      () => {
        const received = harness.smtp.messages().filter((mail) => mail.envelope.to.includes(contact.email));
        return received.length > 0 ? received : null;
      },
      { timeoutMs: 10_000, description: 'the reminder e-mail received' },
    );
    await nothingMoreToSend(order.testRequestId);
    assert.equal(harness.smtp.messages().filter((mail) => mail.envelope.to.includes(contact.email)).length, 1);
    // Sent at the new time, not the old one.
    assert.ok(Date.parse(mails[0]!.receivedAt) >= Date.parse(reminderAt(moved)));
    const events = await eventTypes(order.testRequestId, THREE_HOUR_REMINDER);
    assert.deepEqual(
      events.map((event) => [event.type, event.data.scheduled_for]),
      [
        ['ReminderScheduled', reminderAt(first)],
        ['ReminderScheduled', reminderAt(moved)],
        ['ReminderSent', reminderAt(moved)],
      ],
    );
  });

  it('cancels the reminder of a cancelled request', async () => {
    const contact = patient();
    const order = await orderFor(harness, { ...contact, expectedTestDatetime: dueIn(2) });
    await threeHourReminder(order.testRequestId, 'scheduled', 5_000);
    await cancel(harness, order);
    await threeHourReminder(order.testRequestId, 'cancelled', 5_000);
    // Its job is cancelled in the queue, so it never runs at its time; nothing was sent.
    const jobs = await nothingMoreToSend(order.testRequestId);
    assert.deepEqual(
      jobs.map((job) => job.state),
      ['cancelled'],
    );
    assert.deepEqual(await reminderLogs(order.testRequestId), []);
  });

  it('marks missed a reminder whose job failed every retry, so that it no longer shows as scheduled', async () => {
    // A database that refuses the messages (the service's role lost its INSERT on the log), and no retries, so
    // that the job fails for good at once; pg-boss moves it to the dead-letter queue.
    const grant = (statement: 'GRANT' | 'REVOKE') =>
      withAdminClient(harness.database.url, (client) =>
        client.query(
          `${statement} INSERT ON notifications.notification_logs ${statement === 'GRANT' ? 'TO' : 'FROM'} notifications_app`,
        ),
      );
    const queue = await withJobQueue((jobs) => jobs.getQueue(SEND_REMINDER_QUEUE));
    assert.equal(queue?.deadLetter, FAILED_REMINDER_QUEUE);
    await withJobQueue((jobs) => jobs.updateQueue(SEND_REMINDER_QUEUE, { retryLimit: 0 }));
    await grant('REVOKE');
    try {
      const order = await orderFor(harness, { ...patient(), expectedTestDatetime: dueIn(2) });
      await threeHourReminder(order.testRequestId, 'scheduled', 5_000);
      const missed = await threeHourReminder(order.testRequestId, 'missed', 20_000);
      assert.equal(missed.job_id, null);
      assert.deepEqual(await reminderLogs(order.testRequestId), []);
      const jobs = await withJobQueue((boss) =>
        boss.findJobs(SEND_REMINDER_QUEUE, { data: { testRequestId: order.testRequestId } }),
      );
      assert.deepEqual(
        jobs.map((job) => job.state),
        ['failed'],
      );
    } finally {
      await grant('GRANT');
      await withJobQueue((jobs) => jobs.updateQueue(SEND_REMINDER_QUEUE, { retryLimit: 5 }));
    }
  });

  it('keeps planned reminders across a restart, and marks missed the one whose time passed while all were down', async () => {
    const [early, late] = [patient(), patient()];
    const missedOrder = await orderFor(harness, { ...early, expectedTestDatetime: dueIn(2) });
    const keptOrder = await orderFor(harness, { ...late, expectedTestDatetime: dueIn(9) });
    await threeHourReminder(missedOrder.testRequestId, 'scheduled', 5_000);
    await threeHourReminder(keptOrder.testRequestId, 'scheduled', 5_000);
    // Every instance stops: nothing can send the first reminder at its time.
    await harness.app.close();
    for (const replica of replicas.splice(0)) await replica.close();
    // Down until the first reminder's time plus the grace has passed (the clock is the subject here).
    const planned = (await remindersOf(missedOrder.testRequestId)).find((r) => r.reminder_type === THREE_HOUR_REMINDER);
    await sleepUntil(Date.parse(planned!.scheduled_for) + GRACE_MS + 500);

    replicas.push(await harness.startReplica());
    const missed = await threeHourReminder(missedOrder.testRequestId, 'missed', 5_000);
    assert.equal(missed.job_id, null);
    await threeHourReminder(keptOrder.testRequestId, 'sent');
    assert.deepEqual(await reminderLogs(missedOrder.testRequestId), []);
    assert.equal((await reminderLogs(keptOrder.testRequestId)).length, 2);
    const missedJobs = await withJobQueue((jobs) =>
      jobs.findJobs(SEND_REMINDER_QUEUE, { data: { testRequestId: missedOrder.testRequestId } }),
    );
    assert.deepEqual(
      missedJobs.map((job) => job.state),
      ['completed'],
    );
  });
});
