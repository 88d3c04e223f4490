/**
 * Cron monitoring's reminders (spec 3 §2, §3, §7), on real Postgres and NATS: the scheduler status with its
 * planned jobs and the upcoming reminders with their statuses, within the caller's institutions (super_admin:
 * all); a replica with its scheduler switched off says so; the job queue runs as the application role.
 */
import assert from 'node:assert/strict';
import type { UpcomingReminder } from '@labline/contracts';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import { service } from '../src/service';
import {
  orderFor,
  RIVERSIDE,
  startNotifications,
  USERS,
  type NotificationsTestContext,
  type TestUser,
} from './harness';
import { DAY_MS, HOUR_MS, isoIn, reminderHelpers } from './reminders-support';

let harness: NotificationsTestContext;
beforeAll(async () => {
  harness = await startNotifications({ env: { REMINDER_POLL_MS: '500', SCHEDULER_TIMEZONE: 'Europe/London' } });
  await service.seed!(harness.context);
});
afterAll(async () => harness?.close());
const { call, configs, waitForReminder } = reminderHelpers(() => harness);

describe('cron monitoring', () => {
  const upcoming = async (member: TestUser, days?: number): Promise<UpcomingReminder[]> => {
    const response = await call(member, 'GET', `/cron/upcoming-reminders${days ? `?days=${days}` : ''}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data.reminders;
  };

  it('shows the scheduler and its planned jobs within the caller institutions', async () => {
    const northwind = await orderFor(harness, {
      email: 'nw@example.com',
      phone: null,
      expectedTestDatetime: isoIn(2 * DAY_MS),
    });
    const riverside = await orderFor(harness, {
      email: 'rs@example.com',
      phone: null,
      institutionId: RIVERSIDE,
      expectedTestDatetime: isoIn(2 * DAY_MS + HOUR_MS),
    });
    await waitForReminder(northwind.testRequestId, '3_hours_before', { status: 'scheduled' });
    await waitForReminder(riverside.testRequestId, '3_hours_before', { status: 'scheduled' });

    const all = (await call(USERS.superAdmin, 'GET', '/cron/scheduler-status')).body.data;
    assert.equal(all.schedulerEnabled, true);
    assert.equal(all.systemStatus, 'running');
    const jobsOf = (data: { activeJobs: { name: string; testRequestId: number }[] }) =>
      data.activeJobs.map((job) => `${job.testRequestId}:${job.name}`);
    assert.ok(jobsOf(all).includes(`${northwind.testRequestId}:3_hours_before`));
    assert.ok(jobsOf(all).includes(`${riverside.testRequestId}:3_hours_before`));
    assert.equal(all.totalJobs, all.activeJobs.length);

    const own = (await call(USERS.riversideAdmin, 'GET', '/cron/scheduler-status')).body.data;
    assert.deepEqual(jobsOf(own), [`${riverside.testRequestId}:3_hours_before`]);
    assert.equal(own.totalJobs, 1);
    assert.equal((await call(USERS.northwindClinician, 'GET', '/cron/scheduler-status')).status, 403);

    const healthResponse = await call(USERS.superAdmin, 'GET', '/cron/notification-health');
    assert.equal(healthResponse.status, 200, JSON.stringify(healthResponse.body));
    const health = healthResponse.body.data;
    assert.deepEqual(health.environment, { schedulerEnabled: true, timezone: 'Europe/London' });
  });

  it('lists the upcoming reminders of the next days with their statuses', async () => {
    const expected = isoIn(2 * DAY_MS);
    const order = await orderFor(harness, {
      email: 'soon@example.com',
      phone: '+44 7700 900555',
      expectedTestDatetime: expected,
    });
    const later = await orderFor(harness, {
      email: 'later@example.com',
      phone: null,
      expectedTestDatetime: isoIn(10 * DAY_MS),
    });
    await waitForReminder(order.testRequestId, '3_hours_before', { status: 'scheduled' });
    await waitForReminder(later.testRequestId, '7_days_before', { status: 'scheduled' });

    const rows = await upcoming(USERS.superAdmin);
    const row = rows.find((reminder) => reminder.testRequestId === order.testRequestId);
    assert.ok(row);
    assert.deepEqual(
      [
        row.testName,
        row.institutionName,
        row.patientName,
        row.patientEmail,
        row.patientPhone,
        row.expectedTestDatetime,
      ],
      ['Glucose', 'Northwind General Hospital', 'Amelia Thompson', 'soon@example.com', '+44 7700 900555', expected],
    );
    // Ordered two days ahead: no 7-day reminder; the 3-hour one will be sent in about 45 hours.
    assert.deepEqual(row.reminders.sevenDays, {
      status: 'too_late',
      willSend: false,
      timeUntilSend: null,
      scheduledFor: new Date(Date.parse(expected) - 7 * DAY_MS).toISOString(),
    });
    const threeHours = row.reminders.threeHours;
    assert.deepEqual([threeHours.status, threeHours.willSend], ['scheduled', true]);
    assert.equal(threeHours.scheduledFor, new Date(Date.parse(expected) - 3 * HOUR_MS).toISOString());
    const minutes = (Date.parse(expected) - 3 * HOUR_MS - Date.now()) / 60_000;
    assert.ok(Math.abs((threeHours.timeUntilSend ?? 0) - minutes) <= 2, String(threeHours.timeUntilSend));
    assert.ok(!rows.some((reminder) => reminder.testRequestId === later.testRequestId));
    assert.ok(
      (await upcoming(USERS.superAdmin, 14)).some((reminder) => reminder.testRequestId === later.testRequestId),
    );

    assert.ok(
      !(await upcoming(USERS.riversideAdmin)).some((reminder) => reminder.testRequestId === order.testRequestId),
    );
    for (const days of ['0', '32', 'x']) {
      assert.equal((await call(USERS.superAdmin, 'GET', `/cron/upcoming-reminders?days=${days}`)).status, 400);
    }

    // Deactivated, the 3-hour column reads as not configured for requests it never planned.
    const { reminder_type: _type, ...threeHourConfig } = (await configs()).find(
      (config) => config.reminder_type === '3_hours_before',
    )!;
    const deactivate = { ...threeHourConfig, is_active: false };
    for (const field of ['id', 'created_at', 'updated_at'] as const)
      delete (deactivate as Partial<typeof deactivate>)[field];
    assert.equal((await call(USERS.superAdmin, 'PUT', '/cms/reminder-configs/3_hours_before', deactivate)).status, 200);
    await waitForReminder(order.testRequestId, '3_hours_before', { status: 'cancelled' });
    const fresh = await orderFor(harness, {
      email: 'fresh@example.com',
      phone: null,
      expectedTestDatetime: isoIn(DAY_MS),
    });
    await waitForReminder(fresh.testRequestId, '7_days_before', { status: 'too_late' });
    const freshRow = (await upcoming(USERS.superAdmin)).find(
      (reminder) => reminder.testRequestId === fresh.testRequestId,
    );
    assert.deepEqual(freshRow?.reminders.threeHours, {
      status: 'not_configured',
      willSend: false,
      timeUntilSend: null,
      scheduledFor: null,
    });
    const cancelled = (await upcoming(USERS.superAdmin)).find(
      (reminder) => reminder.testRequestId === order.testRequestId,
    );
    assert.equal(cancelled?.reminders.threeHours.status, 'cancelled');
  });

  it('reports a replica whose scheduler is switched off, and runs the queue as the application role', async () => {
    const replica = await harness.startReplica({ REMINDER_SCHEDULER_ENABLED: 'false' });
    try {
      const get = async (url: string) =>
        (await replica.app.inject({ method: 'GET', url, headers: await harness.as(USERS.superAdmin) })).json().data;
      const status = await get('/cron/scheduler-status');
      assert.deepEqual([status.schedulerEnabled, status.systemStatus], [false, 'disabled']);
      assert.equal((await get('/cron/notification-health')).environment.schedulerEnabled, false);
    } finally {
      await replica.close();
    }
    // The owner owns pg-boss's tables; the workers sign in as notifications_app.
    const owners = await harness.pool.anyFirst(sql.type(z.object({ owner: z.string() }))`
      SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE schemaname = 'notifications_jobs'`);
    assert.deepEqual(owners, ['notifications_owner']);
    const workers = await harness.pool.anyFirst(sql.type(z.object({ role: z.string() }))`
      SELECT DISTINCT usename AS role FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'notifications-reminders'`);
    assert.deepEqual(workers, ['notifications_app']);
  });
});
