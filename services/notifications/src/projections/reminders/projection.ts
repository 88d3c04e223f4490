/**
 * Reminders' read models, written inline in the append transaction (read-your-writes) and rebuildable from the
 * ReminderConfig and Reminder streams: the configurations (deleted ones kept, marked) and each request's
 * scheduled reminders with their status.
 */
import { NOTIFICATION_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

async function applyConfigEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const at = event.occurredAt;
  if (event.type === 'ReminderConfigDeleted') {
    const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'ReminderConfigDeleted', event.data);
    await db.query(sql.unsafe`
      UPDATE reminder_configs SET deleted = true, updated_at = ${at}::timestamptz, version = ${event.version}
      WHERE reminder_type = ${data.reminder_type} AND version < ${event.version}`);
    return;
  }
  const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, event.type as 'ReminderConfigCreated', event.data);
  const created = event.type === 'ReminderConfigCreated';
  await db.query(sql.unsafe`
    INSERT INTO reminder_configs (
      reminder_type, id, time_value, time_unit, notification_channels, subject_template, message_template_email,
      message_template_sms, is_active, deleted, created_at, updated_at, version)
    VALUES (
      ${data.reminder_type}, ${data.reminderConfigId}, ${data.time_value}, ${data.time_unit},
      ${data.notification_channels}, ${data.subject_template}, ${data.message_template_email},
      ${data.message_template_sms}, ${data.is_active}, false, ${at}::timestamptz, ${at}::timestamptz,
      ${event.version})
    ON CONFLICT (reminder_type) DO UPDATE SET
      id = excluded.id, time_value = excluded.time_value, time_unit = excluded.time_unit,
      notification_channels = excluded.notification_channels, subject_template = excluded.subject_template,
      message_template_email = excluded.message_template_email,
      message_template_sms = excluded.message_template_sms, is_active = excluded.is_active, deleted = false,
      created_at = CASE WHEN ${created} THEN excluded.created_at ELSE reminder_configs.created_at END,
      updated_at = excluded.updated_at, version = excluded.version
    WHERE reminder_configs.version < excluded.version`);
}

/** spec 3 §3 Reminder configuration, by type. */
export const reminderConfigsProjection: Projection = {
  name: 'reminder-configs',
  version: 1,
  handles: ['ReminderConfigCreated', 'ReminderConfigUpdated', 'ReminderConfigDeleted'],
  tables: ['reminder_configs'],
  // spec 3 §3 Reminder configuration, one row per type (its stream); a deleted one is kept as deleted, so that the
  // defaults seeded on the first start are never brought back after an administrator deleted them.
  init: `
    CREATE TABLE IF NOT EXISTS reminder_configs (
      reminder_type text PRIMARY KEY,
      id integer NOT NULL,
      time_value integer NOT NULL,
      time_unit text NOT NULL,
      notification_channels text NOT NULL,
      subject_template text,
      message_template_email text,
      message_template_sms text,
      is_active boolean NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL
    );`,
  apply: applyConfigEvent,
};

const STATUS_OF_EVENT: Readonly<Record<string, string>> = {
  ReminderScheduled: 'scheduled',
  ReminderCancelled: 'cancelled',
  ReminderTooLate: 'too_late',
  ReminderSent: 'sent',
  ReminderMissed: 'missed',
};

async function applyReminderEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, event.type as 'ReminderScheduled', event.data);
  const jobId = event.type === 'ReminderScheduled' ? data.job_id : null;
  const notificationIds =
    event.type === 'ReminderSent'
      ? parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'ReminderSent', event.data).notification_ids
      : [];
  await db.query(sql.unsafe`
    INSERT INTO scheduled_reminders (
      test_request_id, reminder_type, status, scheduled_for, job_id, notification_ids, updated_at, version)
    VALUES (
      ${data.test_request_id}, ${data.reminder_type}, ${STATUS_OF_EVENT[event.type] ?? 'scheduled'},
      ${data.scheduled_for}::timestamptz, ${jobId}::uuid, ${sql.array(notificationIds, 'int4')},
      ${event.occurredAt}::timestamptz, ${event.version})
    ON CONFLICT (test_request_id, reminder_type) DO UPDATE SET
      status = excluded.status, scheduled_for = excluded.scheduled_for, job_id = excluded.job_id,
      notification_ids = excluded.notification_ids, updated_at = excluded.updated_at, version = excluded.version
    WHERE scheduled_reminders.version < excluded.version`);
}

/** Each request's configured reminders: status, time, job (the monitoring page and the scheduler's checks). */
export const scheduledRemindersProjection: Projection = {
  name: 'scheduled-reminders',
  version: 1,
  handles: Object.keys(STATUS_OF_EVENT),
  tables: ['scheduled_reminders'],
  // One configured reminder of one test request: its status (scheduled, sent, missed, too_late, cancelled), when
  // it is due and the job that sends it.
  init: `
    CREATE TABLE IF NOT EXISTS scheduled_reminders (
      test_request_id integer NOT NULL,
      reminder_type text NOT NULL,
      status text NOT NULL,
      scheduled_for timestamptz NOT NULL,
      job_id uuid,
      notification_ids integer[] NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      PRIMARY KEY (test_request_id, reminder_type)
    );
    CREATE INDEX IF NOT EXISTS scheduled_reminders_due_idx ON scheduled_reminders (scheduled_for)
      WHERE status = 'scheduled';
    CREATE INDEX IF NOT EXISTS scheduled_reminders_type_idx ON scheduled_reminders (reminder_type)
      WHERE status = 'scheduled';`,
  apply: applyReminderEvent,
};

export const reminderProjections = [reminderConfigsProjection, scheduledRemindersProjection] as const;
