/**
 * notifications' reads bound to their caller (Medplum's `getRepoForLogin`): a route gets this repository from
 * its caller and cannot reach the log without the caller's tenant scope (lint keeps route files from importing
 * the projections' queries). Two repositories: the notification log's, and the reminders' (the configurations,
 * global and the same for every reader, and the monitoring page's scheduled jobs and upcoming reminders, within
 * the caller's institutions; super_admin: all).
 */
import {
  notificationLogScope,
  SCHEDULER_ACTIVE_JOBS_LIMIT,
  SEVEN_DAY_REMINDER,
  THREE_HOUR_REMINDER,
  type Caller,
  type NotificationLog,
  type NotificationLogQuery,
  type NotificationStats,
  type ReminderConfig,
  type SchedulerStatus,
  type UpcomingReminder,
  type UpcomingReminderCell,
} from '@labline/contracts';
import type { CommonQueryMethods } from 'slonik';
import { desiredReminder } from './domain/reminder/decide';
import { institutionName, userById, type DirectoryUser } from './projections/directory/queries';
import { notificationLog, notificationLogs, notificationStats } from './projections/notification-logs/queries';
import {
  reminderConfigByType,
  reminderConfigs,
  scheduledJobs,
  upcomingRequests,
  type UpcomingRow,
} from './projections/reminders/queries';

export interface NotificationReads {
  /** One page of the log the caller may read, and how many entries match. */
  logs(query: NotificationLogQuery): Promise<{ notifications: NotificationLog[]; total: number }>;
  stats(): Promise<NotificationStats>;
  /** A log entry the caller may read, or null (unknown and out of scope look the same). */
  log(id: number): Promise<NotificationLog | null>;
  /** The caller's own account as identity last described it (null: not projected yet). */
  account(): Promise<DirectoryUser | null>;
  /** The name of the caller's primary institution (null: system level). */
  institutionName(): Promise<string | null>;
}

export function notificationReads(db: CommonQueryMethods, caller: Caller): NotificationReads {
  const scope = notificationLogScope(caller);
  return {
    logs: (query) => notificationLogs(db, scope, query),
    stats: () => notificationStats(db, scope),
    log: (id) => notificationLog(db, scope, id),
    account: () => userById(db, caller.userId),
    institutionName: () => institutionName(db, caller.institutionId),
  };
}

export interface ReminderReads {
  configs(): Promise<ReminderConfig[]>;
  /** A configuration by its type, or null (unknown or deleted). */
  config(reminderType: string): Promise<ReminderConfig | null>;
  scheduledJobs(): Promise<Pick<SchedulerStatus, 'totalJobs' | 'activeJobs'>>;
  /** The open requests expected within `days` of `now`, with their 7-day and 3-hour reminders. */
  upcoming(days: number, now: number): Promise<UpcomingReminder[]>;
}

const MINUTE_MS = 60_000;

/**
 * A cell as the plan has it: "scheduled" only when a plan with its job exists. Where nothing was planned yet, not
 * configured without an active configuration, otherwise pending the planner, with the time it is due at.
 */
export function reminderCell(
  planned: UpcomingRow['seven_days'],
  config: ReminderConfig | null,
  row: Pick<UpcomingRow, 'status' | 'archived' | 'expected_test_datetime'>,
  now: number,
): UpcomingReminderCell {
  if (planned) {
    const { status, scheduled_for: scheduledFor } = planned;
    const willSend = status === 'scheduled' && Date.parse(scheduledFor) > now;
    const timeUntilSend = willSend ? Math.ceil((Date.parse(scheduledFor) - now) / MINUTE_MS) : null;
    return { status, willSend, timeUntilSend, scheduledFor };
  }
  if (config === null || !config.is_active) {
    return { status: 'not_configured', willSend: false, timeUntilSend: null, scheduledFor: null };
  }
  const desired = desiredReminder(row, config);
  const scheduledFor = desired.kind === 'due' ? desired.scheduledFor : null;
  return { status: 'pending_plan', willSend: false, timeUntilSend: null, scheduledFor };
}

export function reminderReads(db: CommonQueryMethods, caller: Caller): ReminderReads {
  const scope = notificationLogScope(caller);
  return {
    configs: () => reminderConfigs(db),
    config: (reminderType) => reminderConfigByType(db, reminderType),
    async scheduledJobs() {
      const { total, jobs } = await scheduledJobs(db, scope, SCHEDULER_ACTIVE_JOBS_LIMIT);
      return { totalJobs: total, activeJobs: jobs };
    },
    async upcoming(days, now) {
      const to = new Date(now + days * 24 * 60 * MINUTE_MS).toISOString();
      const [rows, sevenDays, threeHours] = await Promise.all([
        upcomingRequests(db, scope, new Date(now).toISOString(), to),
        reminderConfigByType(db, SEVEN_DAY_REMINDER),
        reminderConfigByType(db, THREE_HOUR_REMINDER),
      ]);
      return rows.map((row) => ({
        testRequestId: row.test_request_id,
        testName: row.test_name,
        institutionName: row.institution_name,
        patientName: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
        patientEmail: row.email,
        patientPhone: row.phone,
        expectedTestDatetime: row.expected_test_datetime,
        reminders: {
          sevenDays: reminderCell(row.seven_days, sevenDays, row, now),
          threeHours: reminderCell(row.three_hours, threeHours, row, now),
        },
      }));
    },
  };
}
