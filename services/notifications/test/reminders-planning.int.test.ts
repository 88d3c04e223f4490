/**
 * Planning the reminders of requests ordered before any scheduler ran (issue 13 part 3), as in the dev stack and
 * a new deployment, where notifications starts after clinical's seed: cron monitoring shows them pending the
 * planner, never "scheduled" without a plan and its job; once a scheduler starts, its planner reads clinical's
 * history and plans them, and the monitoring shows the plans and their jobs.
 */
import assert from 'node:assert/strict';
import { THREE_HOUR_REMINDER, type UpcomingReminder } from '@labline/contracts';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import { service } from '../src/service';
import {
  orderFor,
  startNotifications,
  USERS,
  type NotificationsReplica,
  type NotificationsTestContext,
} from './harness';
import { DAY_MS, HOUR_MS, isoIn, reminderHelpers } from './reminders-support';

let harness: NotificationsTestContext;
let replica: NotificationsReplica | undefined;
beforeAll(async () => {
  // The instance the tests read through runs no scheduler: nothing plans until the replica starts one.
  harness = await startNotifications({ env: { REMINDER_SCHEDULER_ENABLED: 'false', REMINDER_POLL_MS: '500' } });
  await service.seed!(harness.context);
});
afterAll(async () => {
  await replica?.close();
  await harness?.close();
});
const { call, waitForReminder } = reminderHelpers(() => harness);

const upcomingRow = async (testRequestId: number): Promise<UpcomingReminder | undefined> => {
  const response = await call(USERS.superAdmin, 'GET', '/cron/upcoming-reminders');
  assert.equal(response.status, 200);
  return (response.body.data.reminders as UpcomingReminder[]).find((row) => row.testRequestId === testRequestId);
};

const jobState = (jobId: string) =>
  harness.pool.maybeOneFirst(sql.type(z.object({ state: z.string() }))`
    SELECT state FROM notifications_jobs.job WHERE id = ${jobId}::uuid`);

const threeHourJob = (testRequestId: number) =>
  harness.pool.oneFirst(sql.type(z.object({ job_id: z.string() }))`
    SELECT job_id FROM scheduled_reminders
    WHERE test_request_id = ${testRequestId} AND reminder_type = ${THREE_HOUR_REMINDER} AND status = 'scheduled'`);

describe('reminders of requests ordered before a scheduler ran', () => {
  it('show as pending the planner until one starts and plans them from the history with their jobs', async () => {
    const expected = isoIn(2 * DAY_MS);
    const early = await orderFor(harness, { email: 'early@example.com', phone: null, expectedTestDatetime: expected });
    const row = await waitFor(() => upcomingRow(early.testRequestId), {
      intervalMs: 100,
      description: 'the request in the directory',
    });
    const dueAt = new Date(Date.parse(expected) - 3 * HOUR_MS).toISOString();
    // Nothing planned, no job: not "scheduled", and not to be sent as it stands.
    assert.deepEqual(row.reminders.threeHours, {
      status: 'pending_plan',
      willSend: false,
      timeUntilSend: null,
      scheduledFor: dueAt,
    });
    assert.equal(row.reminders.sevenDays.status, 'pending_plan');
    const idle = (await call(USERS.superAdmin, 'GET', '/cron/scheduler-status')).body.data;
    assert.deepEqual([idle.schedulerEnabled, idle.systemStatus, idle.totalJobs], [false, 'disabled', 0]);

    // A scheduler starts (a new deployment's, the dev stack's): its planner reads clinical's history.
    replica = await harness.startReplica({ REMINDER_SCHEDULER_ENABLED: 'true' });
    await waitForReminder(early.testRequestId, THREE_HOUR_REMINDER, { status: 'scheduled', at: dueAt });
    await waitForReminder(early.testRequestId, '7_days_before', { status: 'too_late' });
    // Then a request ordered while it runs is planned as it learns of it.
    const later = await orderFor(harness, { email: 'later@example.com', phone: null, expectedTestDatetime: expected });
    await waitForReminder(later.testRequestId, THREE_HOUR_REMINDER, { status: 'scheduled', at: dueAt });

    for (const order of [early, later]) {
      const planned = await upcomingRow(order.testRequestId);
      assert.deepEqual(
        [planned?.reminders.threeHours.status, planned?.reminders.threeHours.willSend],
        ['scheduled', true],
      );
      assert.equal(planned?.reminders.sevenDays.status, 'too_late');
      // Its job waits in the durable queue for its time.
      assert.equal(await jobState(await threeHourJob(order.testRequestId)), 'created');
    }
    const status = (await call(USERS.superAdmin, 'GET', '/cron/scheduler-status')).body.data;
    assert.equal(status.totalJobs, 2);
    assert.deepEqual(
      status.activeJobs.map((job: { testRequestId: number; name: string }) => [job.testRequestId, job.name]),
      [
        [early.testRequestId, THREE_HOUR_REMINDER],
        [later.testRequestId, THREE_HOUR_REMINDER],
      ],
    );
  });
});
