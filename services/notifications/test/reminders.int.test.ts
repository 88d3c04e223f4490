/**
 * Reminder configurations over HTTP (spec 3 §2, §3, §5, §7), on real Postgres and NATS: the defaults seeded once,
 * validation that names the problem and stores nothing, super_admin-only writes, 404 and 409, and a
 * configuration's change re-planning, cancelling and planning again its reminders.
 */
import assert from 'node:assert/strict';
import { REMINDER_ERRORS } from '@labline/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { service } from '../src/service';
import { orderFor, startNotifications, USERS, type NotificationsTestContext } from './harness';
import { DAY_MS, isoIn, NEW_CONFIG as newConfig, reminderHelpers } from './reminders-support';

let harness: NotificationsTestContext;
beforeAll(async () => {
  harness = await startNotifications({ env: { REMINDER_POLL_MS: '500', SCHEDULER_TIMEZONE: 'Europe/London' } });
  await service.seed!(harness.context);
});
afterAll(async () => harness?.close());
const { call, configs, waitForReminder } = reminderHelpers(() => harness);

describe('reminder configurations', () => {
  it('start as the two defaults of spec 3, seeded once', async () => {
    const seeded = await configs();
    assert.deepEqual(
      seeded.map((config) => [
        config.reminder_type,
        config.time_value,
        config.time_unit,
        config.notification_channels,
        config.is_active,
      ]),
      [
        ['7_days_before', 7, 'days', 'email,sms', true],
        ['3_hours_before', 3, 'hours', 'email,sms', true],
      ],
    );
    assert.match(seeded[1]?.message_template_sms ?? '', /\{test_name\}.*\{test_datetime\}/);
    await service.seed!(harness.context);
    assert.deepEqual(await configs(), seeded);
  });

  it('refuses bad input with the problem named, storing nothing', async () => {
    const before = await configs();
    const refusals: [object, RegExp][] = [
      [
        { ...newConfig, message_template_email: 'Hi {patient_name}, see you {when}' },
        /^message_template_email: unknown placeholder \{when\}/,
      ],
      [{ ...newConfig, time_value: 0 }, /^time_value: must be at least 1$/],
      [{ ...newConfig, time_value: -5 }, /^time_value: must be at least 1$/],
      [{ ...newConfig, time_value: 1.5 }, /^time_value: must be a whole number$/],
      [
        { ...newConfig, reminder_type: 'One-Day' },
        /^reminder_type: must be lower-case letters and digits joined by underscores/,
      ],
      [{ ...newConfig, time_unit: 'weeks' }, /^time_unit: must be one of minutes, hours, days$/],
      [{ ...newConfig, notification_channels: 'fax' }, /^notification_channels: must be email, sms or email,sms$/],
      [{ ...newConfig, notification_channels: undefined }, /^notification_channels: /],
    ];
    for (const [payload, error] of refusals) {
      const response = await call(USERS.superAdmin, 'POST', '/cms/reminder-configs', payload);
      assert.equal(response.status, 400, JSON.stringify(payload));
      assert.match(response.body.error, error);
    }
    const update = await call(USERS.superAdmin, 'PUT', '/cms/reminder-configs/3_hours_before', {
      ...newConfig,
      reminder_type: undefined,
      time_value: -2,
    });
    assert.deepEqual([update.status, update.body.error], [400, 'time_value: must be at least 1']);
    const badPath = await call(USERS.superAdmin, 'DELETE', '/cms/reminder-configs/Not-A-Type');
    assert.equal(badPath.status, 400);
    assert.deepEqual(await configs(), before);
  });

  it('are read with the notification tabs and changed by a super_admin only', async () => {
    const before = await configs();
    assert.equal((await call(USERS.northwindAdmin, 'GET', '/cms/reminder-configs')).body.reminder_configs.length, 2);
    assert.equal((await call(USERS.northwindClinician, 'GET', '/cms/reminder-configs')).status, 403);
    const { reminder_type: _type, ...update } = newConfig;
    for (const [method, url, payload] of [
      ['POST', '/cms/reminder-configs', newConfig],
      ['PUT', '/cms/reminder-configs/3_hours_before', update],
      ['DELETE', '/cms/reminder-configs/3_hours_before', undefined],
    ] as const) {
      assert.equal((await call(USERS.northwindAdmin, method, url, payload)).status, 403, `${method} ${url}`);
    }
    assert.deepEqual(await configs(), before);
  });

  it('answer 404 for an unknown type and 409 for a second of one type', async () => {
    const { reminder_type: _type, ...update } = newConfig;
    for (const response of [
      await call(USERS.superAdmin, 'PUT', '/cms/reminder-configs/2_weeks_before', update),
      await call(USERS.superAdmin, 'DELETE', '/cms/reminder-configs/2_weeks_before'),
    ]) {
      assert.deepEqual([response.status, response.body.error], [404, REMINDER_ERRORS.notFound]);
    }
    const duplicate = await call(USERS.superAdmin, 'POST', '/cms/reminder-configs', {
      ...newConfig,
      reminder_type: '3_hours_before',
    });
    assert.deepEqual([duplicate.status, duplicate.body.error], [409, REMINDER_ERRORS.duplicateType('3_hours_before')]);
  });

  it('plan, re-plan and cancel their reminders as they are created, changed, deactivated and deleted', async () => {
    const expected = isoIn(3 * DAY_MS);
    const order = await orderFor(harness, {
      email: 'one.day@example.com',
      phone: null,
      expectedTestDatetime: expected,
    });
    await waitForReminder(order.testRequestId, '3_hours_before', { status: 'scheduled' });

    const created = await call(USERS.superAdmin, 'POST', '/cms/reminder-configs', newConfig);
    assert.equal(created.status, 201);
    assert.deepEqual(
      [created.body.reminder_config.reminder_type, created.body.reminder_config.subject_template],
      ['1_day_before', 'Tomorrow: {test_name}'],
    );
    const oneDayBefore = new Date(Date.parse(expected) - DAY_MS).toISOString();
    await waitForReminder(order.testRequestId, '1_day_before', { status: 'scheduled', at: oneDayBefore });

    const { reminder_type: _type, ...update } = newConfig;
    const changed = await call(USERS.superAdmin, 'PUT', '/cms/reminder-configs/1_day_before', {
      ...update,
      time_value: 2,
    });
    assert.deepEqual([changed.status, changed.body.reminder_config.time_value], [200, 2]);
    const twoDaysBefore = new Date(Date.parse(expected) - 2 * DAY_MS).toISOString();
    await waitForReminder(order.testRequestId, '1_day_before', { status: 'scheduled', at: twoDaysBefore });

    await call(USERS.superAdmin, 'PUT', '/cms/reminder-configs/1_day_before', { ...update, is_active: false });
    await waitForReminder(order.testRequestId, '1_day_before', { status: 'cancelled' });

    const deleted = await call(USERS.superAdmin, 'DELETE', '/cms/reminder-configs/1_day_before');
    assert.equal(deleted.status, 200);
    assert.deepEqual(
      (await configs()).map((config) => config.reminder_type),
      ['7_days_before', '3_hours_before'],
    );
    const again = await call(USERS.superAdmin, 'POST', '/cms/reminder-configs', newConfig);
    assert.equal(again.status, 201);
    assert.notEqual(again.body.reminder_config.id, created.body.reminder_config.id);
    await waitForReminder(order.testRequestId, '1_day_before', { status: 'scheduled', at: oneDayBefore });
    await call(USERS.superAdmin, 'DELETE', '/cms/reminder-configs/1_day_before');
    await waitForReminder(order.testRequestId, '1_day_before', { status: 'cancelled' });
  });

  it('never brings back a deleted default', async () => {
    assert.equal((await call(USERS.superAdmin, 'DELETE', '/cms/reminder-configs/7_days_before')).status, 200);
    await service.seed!(harness.context);
    assert.ok(!(await configs()).some((config) => config.reminder_type === '7_days_before'));
  });
});
