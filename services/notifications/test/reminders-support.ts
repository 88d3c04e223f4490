/**
 * What the reminder tests share: HTTP calls as a test user, the configurations, a reminder's projected status,
 * and times a whole number of seconds ahead (as the event schemas and projections write them).
 */
import type { ReminderConfig } from '@labline/contracts';
import { waitFor } from '@labline/testkit';
import { sql } from 'slonik';
import { z } from 'zod';
import { USERS, type NotificationsTestContext, type TestUser } from './harness';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/** An ISO time `ms` from now, to the second. */
export const isoIn = (ms: number) => new Date(Math.floor((Date.now() + ms) / 1000) * 1000).toISOString();

/** A valid new configuration, as the modal sends it. */
export const NEW_CONFIG = {
  reminder_type: '1_day_before',
  time_value: 1,
  time_unit: 'days',
  notification_channels: 'email',
  subject_template: 'Tomorrow: {test_name}',
  message_template_email: 'Dear {patient_name}, your {test_name} test is on {test_datetime} at {institution_name}.',
  message_template_sms: null,
  is_active: true,
};

const statusSchema = z.object({ status: z.string(), scheduled_for: z.string() });

export function reminderHelpers(harness: () => NotificationsTestContext) {
  async function call(member: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const response = await harness().app.inject({ method, url, headers: await harness().as(member), payload });
    return { status: response.statusCode, body: response.json() };
  }

  const configs = async (): Promise<ReminderConfig[]> =>
    (await call(USERS.superAdmin, 'GET', '/cms/reminder-configs')).body.reminder_configs;

  const reminderOf = (testRequestId: number, reminderType: string) =>
    harness().pool.maybeOne(sql.type(statusSchema)`
      SELECT status, scheduled_for FROM scheduled_reminders
      WHERE test_request_id = ${testRequestId} AND reminder_type = ${reminderType}`);

  /** Waits until a request's reminder of a type has the status (and time, when given). */
  const waitForReminder = (testRequestId: number, reminderType: string, expected: { status: string; at?: string }) =>
    waitFor(
      async () => {
        const row = await reminderOf(testRequestId, reminderType);
        const matches = row?.status === expected.status && (!expected.at || row.scheduled_for === expected.at);
        return matches ? row : null;
      },
      { timeoutMs: 10_000, description: `${reminderType} of ${testRequestId} ${expected.status}` },
    );

  return { call, configs, waitForReminder };
}
