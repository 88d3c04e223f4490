import {
  reminderConfigSchema,
  SCHEDULED_REMINDER_STATUSES,
  SEVEN_DAY_REMINDER,
  THREE_HOUR_REMINDER,
  type NotificationLogScope,
  type ReminderConfig,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { PlanningFacts } from '../../domain/reminder/decide';

const CONFIG_COLUMNS = sql.fragment`
  id, reminder_type, time_value, time_unit, notification_channels, subject_template, message_template_email,
  message_template_sms, is_active, created_at, updated_at`;

/** Every configuration (not the deleted ones), the furthest ahead first. */
export async function reminderConfigs(db: CommonQueryMethods): Promise<ReminderConfig[]> {
  const rows = await db.any(sql.type(reminderConfigSchema)`
    SELECT ${CONFIG_COLUMNS} FROM reminder_configs WHERE NOT deleted
    ORDER BY time_value * CASE time_unit WHEN 'days' THEN 1440 WHEN 'hours' THEN 60 ELSE 1 END DESC, reminder_type`);
  return [...rows];
}

export function reminderConfigByType(db: CommonQueryMethods, reminderType: string): Promise<ReminderConfig | null> {
  return db.maybeOne(sql.type(reminderConfigSchema)`
    SELECT ${CONFIG_COLUMNS} FROM reminder_configs WHERE reminder_type = ${reminderType} AND NOT deleted`);
}

/** Whether any configuration was ever recorded (the defaults are seeded once, never brought back). */
export function anyReminderConfigRecorded(db: CommonQueryMethods): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM reminder_configs`);
}

const planningSchema = z.object({
  status: z.string(),
  archived: z.boolean(),
  expected_test_datetime: z.string().nullable(),
});

/** A test request as planning sees it; null when the projection does not know it. */
export function planningFacts(db: CommonQueryMethods, testRequestId: number): Promise<PlanningFacts | null> {
  return db.maybeOne(sql.type(planningSchema)`
    SELECT status, archived, expected_test_datetime FROM test_request_summaries WHERE id = ${testRequestId}`);
}

const reminderRowSchema = z.object({
  status: z.enum(['scheduled', 'sent', 'missed', 'too_late', 'cancelled']),
  scheduled_for: z.string(),
  job_id: z.string().nullable(),
  version: z.number().int(),
});

/** A request's reminder of a type as projected, locked until the transaction ends; null when never planned. */
export function reminderRow(db: CommonQueryMethods, testRequestId: number, reminderType: string) {
  return db.maybeOne(sql.type(reminderRowSchema)`
    SELECT status, scheduled_for, job_id, version FROM scheduled_reminders
    WHERE test_request_id = ${testRequestId} AND reminder_type = ${reminderType}
    FOR UPDATE`);
}

const typeSchema = z.object({ reminder_type: z.string() });

/** The reminder types to plan for a request: every configuration's, and any still scheduled for it. */
export async function reminderTypesOf(db: CommonQueryMethods, testRequestId: number): Promise<string[]> {
  const rows = await db.any(sql.type(typeSchema)`
    SELECT reminder_type FROM reminder_configs WHERE NOT deleted
    UNION
    SELECT reminder_type FROM scheduled_reminders WHERE test_request_id = ${testRequestId} AND status = 'scheduled'
    ORDER BY reminder_type`);
  return rows.map((row) => row.reminder_type);
}

const idSchema = z.object({ id: z.number().int() });

/** The requests a configuration's change may concern: those whose test is still ahead, and any it scheduled. */
export async function requestsToReplan(db: CommonQueryMethods, reminderType: string, after: string): Promise<number[]> {
  const rows = await db.any(sql.type(idSchema)`
    SELECT id FROM test_request_summaries
    WHERE expected_test_datetime > ${after}::timestamptz AND NOT archived AND status NOT IN ('completed', 'cancelled')
    UNION
    SELECT test_request_id AS id FROM scheduled_reminders WHERE reminder_type = ${reminderType} AND status = 'scheduled'
    ORDER BY id`);
  return rows.map((row) => row.id);
}

/** The rows of a scope: the test requests of its institutions, or all. */
const inScope = (scope: NotificationLogScope) =>
  scope.kind === 'all'
    ? sql.fragment`true`
    : sql.fragment`t.institution_id = ANY(${sql.array([...scope.institutionIds], 'int4')})`;

const jobSchema = z.object({
  name: z.string(),
  testRequestId: z.number().int(),
  scheduledFor: z.string(),
  total: z.number().int(),
});

/** The reminders waiting for their time in the scope: how many, and the soonest `limit`. */
export async function scheduledJobs(
  db: CommonQueryMethods,
  scope: NotificationLogScope,
  limit: number,
): Promise<{ total: number; jobs: { name: string; testRequestId: number; scheduledFor: string }[] }> {
  const rows = await db.any(sql.type(jobSchema)`
    SELECT r.reminder_type AS name, r.test_request_id AS "testRequestId", r.scheduled_for AS "scheduledFor",
           count(*) OVER ()::int AS total
    FROM scheduled_reminders r JOIN test_request_summaries t ON t.id = r.test_request_id
    WHERE r.status = 'scheduled' AND ${inScope(scope)}
    ORDER BY r.scheduled_for, r.test_request_id, r.reminder_type
    LIMIT ${limit}`);
  return { total: rows[0]?.total ?? 0, jobs: rows.map(({ total: _total, ...job }) => job) };
}

const cellSchema = z.object({ status: z.enum(SCHEDULED_REMINDER_STATUSES), scheduled_for: z.string() }).nullable();

const upcomingSchema = z.object({
  test_request_id: z.number().int(),
  test_name: z.string(),
  institution_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  archived: z.boolean(),
  expected_test_datetime: z.string(),
  seven_days: cellSchema,
  three_hours: cellSchema,
});
export type UpcomingRow = z.infer<typeof upcomingSchema>;

const cellOf = (type: string) => sql.fragment`(
  SELECT json_build_object('status', r.status, 'scheduled_for', to_char(r.scheduled_for AT TIME ZONE 'UTC',
         'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM scheduled_reminders r WHERE r.test_request_id = t.id AND r.reminder_type = ${type})`;

/** The open requests of the scope expected between two times, soonest first, with their two reminders. */
export async function upcomingRequests(
  db: CommonQueryMethods,
  scope: NotificationLogScope,
  from: string,
  to: string,
): Promise<readonly UpcomingRow[]> {
  return db.any(sql.type(upcomingSchema)`
    SELECT t.id AS test_request_id, t.test_name, i.name AS institution_name, p.first_name, p.last_name, p.email,
           p.phone, t.status, t.archived, t.expected_test_datetime,
           ${cellOf(SEVEN_DAY_REMINDER)} AS seven_days, ${cellOf(THREE_HOUR_REMINDER)} AS three_hours
    FROM test_request_summaries t
    LEFT JOIN patients p ON p.id = t.patient_id
    LEFT JOIN institutions i ON i.id = t.institution_id
    WHERE t.expected_test_datetime >= ${from}::timestamptz AND t.expected_test_datetime < ${to}::timestamptz
      AND NOT t.archived AND t.status NOT IN ('completed', 'cancelled') AND ${inScope(scope)}
    ORDER BY t.expected_test_datetime, t.id
    LIMIT 500`);
}
