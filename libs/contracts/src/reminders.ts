/**
 * Automated reminders (spec 3 §2, §3, §4, §5, §8, §9; issue 13 part 3): reminder configurations, their
 * templates, the statuses of a scheduled reminder, the monitoring page's constants and who reads or changes
 * what. Pure and free of zod (like notifications.ts), so the notifications service and the web's Reminder
 * Configurations tab and cron monitoring page ask the same functions.
 */
import type { z } from 'zod';
import { canUseNotificationTabs } from './notifications';
import { NUMBER_PROBLEMS, type NumberRules } from './numbers';
import type { Caller } from './records';
import type { reminderConfigCreatedSchema } from './events/notifications';

/** spec 3 §3, §9: the units of a reminder's time before the test. */
export const REMINDER_TIME_UNITS = ['minutes', 'hours', 'days'] as const;
export type ReminderTimeUnit = (typeof REMINDER_TIME_UNITS)[number];

/** Minutes in one of each unit. */
export const REMINDER_TIME_UNIT_MINUTES: Readonly<Record<ReminderTimeUnit, number>> = {
  minutes: 1,
  hours: 60,
  days: 24 * 60,
};

/** spec 3 §3 notification_channels: e-mail, SMS or both, as the one text the spec names. */
export const REMINDER_CHANNEL_CHOICES = ['email', 'sms', 'email,sms'] as const;
export type ReminderChannels = (typeof REMINDER_CHANNEL_CHOICES)[number];

/** The channels a configuration's `notification_channels` names, e-mail first. */
export const reminderChannelList = (channels: ReminderChannels): ('email' | 'sms')[] =>
  channels === 'email,sms' ? ['email', 'sms'] : [channels];

/** spec 3 §3, §9: a new configuration's values (the modal starts with these). */
export const REMINDER_DEFAULTS = {
  time_value: 7,
  time_unit: 'days',
  notification_channels: 'email,sms',
  is_active: true,
} as const satisfies {
  time_value: number;
  time_unit: ReminderTimeUnit;
  notification_channels: ReminderChannels;
  is_active: boolean;
};

/** spec 3 §2: the variables a template may use, and nothing else. */
export const REMINDER_TEMPLATE_VARIABLES = [
  '{test_name}',
  '{test_datetime}',
  '{patient_name}',
  '{institution_name}',
] as const;
export type ReminderTemplateVariable = (typeof REMINDER_TEMPLATE_VARIABLES)[number];

/** What a reminder's template is filled with: each variable's name without its braces. */
export type ReminderTemplateValues = Readonly<
  Record<'test_name' | 'test_datetime' | 'patient_name' | 'institution_name', string>
>;

/** Anything in braces is a placeholder: `{x}`, `{}` and `{Test Name}` alike. */
const PLACEHOLDER = /\{[^{}]*\}/g;

/** The placeholders of a template that are not one of the four variables, each once, in order. */
export function unknownReminderPlaceholders(template: string): string[] {
  const known: readonly string[] = REMINDER_TEMPLATE_VARIABLES;
  return [...new Set(template.match(PLACEHOLDER) ?? [])].filter((placeholder) => !known.includes(placeholder));
}

/** A template with its variables filled in (a template is checked for unknown placeholders when saved). */
export const renderReminderTemplate = (template: string, values: ReminderTemplateValues): string =>
  template.replace(PLACEHOLDER, (placeholder) => {
    const name = placeholder.slice(1, -1) as keyof ReminderTemplateValues;
    return Object.hasOwn(values, name) ? values[name] : placeholder;
  });

/** spec 3 §3 reminder_type: snake case, e.g. 7_days_before; a path segment, so kept short and plain. */
export const REMINDER_TYPE_PATTERN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;
export const REMINDER_TYPE_MAX_LENGTH = 50;
export const isReminderType = (value: string): boolean =>
  value.length <= REMINDER_TYPE_MAX_LENGTH && REMINDER_TYPE_PATTERN.test(value);

/** The bounds of a configuration's fields. */
export const REMINDER_LIMITS = {
  /** spec 3 §5, §9: at least 1. */
  timeValueMin: 1,
  /** Labline's own: no reminder more than a thousand units ahead. */
  timeValueMax: 1000,
  subjectTemplate: 200,
  emailTemplate: 5000,
  /** Twilio's limit for one message body. */
  smsTemplate: 1600,
} as const;

/** The two reminder types the monitoring page shows as columns (spec 3 §2), each one of the defaults. */
export const SEVEN_DAY_REMINDER = '7_days_before';
export const THREE_HOUR_REMINDER = '3_hours_before';

/** A configuration's values as its events record them (ReminderConfigCreated without the id). */
export type ReminderConfigValues = Omit<z.infer<typeof reminderConfigCreatedSchema>, 'reminderConfigId'>;

/**
 * spec 3 §2, §3: the configurations a new installation starts with (seeded once; an administrator may change
 * or delete them, and a deleted one is not brought back).
 */
export const DEFAULT_REMINDER_CONFIGS: readonly ReminderConfigValues[] = [
  {
    reminder_type: SEVEN_DAY_REMINDER,
    time_value: 7,
    time_unit: 'days',
    notification_channels: 'email,sms',
    subject_template: 'Reminder: your {test_name} test on {test_datetime}',
    message_template_email: [
      'Dear {patient_name},',
      '',
      'This is a reminder that your {test_name} test at {institution_name} is scheduled for {test_datetime}.',
      'If you need to reschedule, please contact {institution_name}.',
      '',
      'This message was sent automatically by Labline.',
    ].join('\n'),
    message_template_sms:
      'Labline reminder: your {test_name} test at {institution_name} is on {test_datetime}. To reschedule, contact {institution_name}.',
    is_active: true,
  },
  {
    reminder_type: THREE_HOUR_REMINDER,
    time_value: 3,
    time_unit: 'hours',
    notification_channels: 'email,sms',
    subject_template: 'Your {test_name} test is today at {test_datetime}',
    message_template_email: [
      'Dear {patient_name},',
      '',
      'Your {test_name} test at {institution_name} is in about three hours, at {test_datetime}.',
      'Please arrive 15 minutes early.',
      '',
      'This message was sent automatically by Labline.',
    ].join('\n'),
    message_template_sms:
      'Labline: your {test_name} test at {institution_name} is at {test_datetime}. Please arrive 15 minutes early.',
    is_active: true,
  },
];

/**
 * What a configuration's e-mail or SMS says when its template is empty (the spec requires only the type,
 * channels and timing).
 */
export const REMINDER_FALLBACK_TEMPLATES = {
  subject: 'Reminder: your {test_name} test on {test_datetime}',
  email: [
    'Dear {patient_name},',
    '',
    'This is a reminder of your {test_name} test at {institution_name} on {test_datetime}.',
    '',
    'This message was sent automatically by Labline.',
  ].join('\n'),
  sms: 'Labline reminder: your {test_name} test at {institution_name} is on {test_datetime}.',
} as const;

/** Minutes before the test a configuration's reminder is due. */
export const reminderOffsetMinutes = (timeValue: number, timeUnit: ReminderTimeUnit): number =>
  timeValue * REMINDER_TIME_UNIT_MINUTES[timeUnit];

/** spec 3 §2: the Timing column, "{value} {unit} before". */
export const reminderTimingText = (timeValue: number, timeUnit: ReminderTimeUnit): string =>
  `${timeValue} ${timeUnit} before`;

/**
 * A scheduled reminder's status (spec 3 §4: sent, scheduled, missed; the rest is Labline's own):
 * - scheduled: planned; its job waits in the durable queue for its time.
 * - sent: at its time its messages were requested (the notification log shows their delivery).
 * - missed: its time passed by more than the grace while nothing could send it (every scheduler was stopped
 *   or disabled); it is not sent late.
 * - too_late: its time had already passed when it became due (a test ordered two days ahead gets no 7-day
 *   reminder; a date moved closer; a configuration created or widened afterwards); never sent.
 * - cancelled: the request was cancelled, archived or completed, lost its date, or the configuration was
 *   deleted or deactivated before the reminder's time.
 * - not_configured: no active configuration of that type (the monitoring page's cell for a type that does
 *   not exist or is inactive, where nothing was ever planned).
 * - pending_plan: an active configuration calls for the reminder but the scheduler has not planned it yet (no
 *   plan, no job): the monitoring page's cell, never stored. The planner follows clinical's events within
 *   moments; a cell that stays so says the scheduler is not running or failing. Nothing is sent as such.
 */
export const SCHEDULED_REMINDER_STATUSES = [
  'scheduled',
  'sent',
  'missed',
  'too_late',
  'cancelled',
  'not_configured',
  'pending_plan',
] as const;
export type ScheduledReminderStatus = (typeof SCHEDULED_REMINDER_STATUSES)[number];

/** spec 3 §2 Scheduler Status card "system status": working, switched off, or failing to reach its queue. */
export const SCHEDULER_SYSTEM_STATUSES = ['running', 'disabled', 'error'] as const;
export type SchedulerSystemStatus = (typeof SCHEDULER_SYSTEM_STATUSES)[number];

/** spec 3 §9: the upcoming reminders window, in days (the query may ask for 1 to 31). */
export const UPCOMING_REMINDER_DAYS = 7;
export const UPCOMING_REMINDER_MAX_DAYS = 31;
/** spec 3 §2, §9: the monitoring page reloads every 30 seconds. */
export const MONITORING_REFRESH_MS = 30_000;
/** The Scheduler Status card lists at most this many of the soonest jobs (totalJobs counts them all). */
export const SCHEDULER_ACTIVE_JOBS_LIMIT = 50;

/** spec 3 §5, §8 and the service's own texts for reminder configurations. */
/** spec 3 §5, §9: a time value is a whole number from 1 (the form and the service check it with numberProblem). */
export const REMINDER_TIME_VALUE_RULES = {
  min: REMINDER_LIMITS.timeValueMin,
  max: REMINDER_LIMITS.timeValueMax,
  integer: true,
} as const satisfies NumberRules;

export const REMINDER_ERRORS = {
  // spec 3 §8
  saveFailed: 'Failed to save reminder configuration',
  deleteFailed: 'Failed to delete reminder configuration',
  // field problems, after the field's name ("time_value: must be at least 1")
  timeValueTooSmall: NUMBER_PROBLEMS.tooSmall(REMINDER_LIMITS.timeValueMin),
  timeValueTooLarge: NUMBER_PROBLEMS.tooLarge(REMINDER_LIMITS.timeValueMax),
  timeValueNotWhole: NUMBER_PROBLEMS.notWhole,
  timeUnit: `must be one of ${REMINDER_TIME_UNITS.join(', ')}`,
  channels: 'must be email, sms or email,sms',
  reminderType: 'must be lower-case letters and digits joined by underscores, e.g. 3_hours_before',
  unknownPlaceholder: (placeholders: readonly string[]) =>
    `unknown placeholder ${placeholders.join(', ')}: templates may use only ${REMINDER_TEMPLATE_VARIABLES.join(', ')}`,
  // the service's own
  duplicateType: (reminderType: string) => `A reminder configuration for ${reminderType} already exists`,
  notFound: 'Reminder configuration not found',
} as const;

export const REMINDER_MESSAGES = {
  deleted: 'Reminder configuration deleted successfully',
} as const;

/**
 * spec 3 §9: how long until a reminder is sent, "Nm" under an hour, "Hh Mm" under a day, otherwise "Dd Hh"
 * (whole minutes; nothing negative).
 */
export function formatReminderDuration(minutes: number): string {
  const total = Math.max(0, Math.floor(minutes));
  if (total < 60) return `${total}m`;
  if (total < 24 * 60) return `${Math.floor(total / 60)}h ${total % 60}m`;
  return `${Math.floor(total / (24 * 60))}d ${Math.floor((total % (24 * 60)) / 60)}h`;
}

// ------------------------------------------------------------------------------------------------ access

/** The Reminder Configurations tab: whoever sees the notification tabs reads the configurations. */
export const canReadReminderConfigs = (caller: Caller): boolean => canUseNotificationTabs(caller);

/**
 * Configurations are global (every institution's patients are reminded by the same ones), so only a
 * super_admin changes them; an institution's administrator changing them would change other tenants'
 * reminders. The web shows the tab read-only to the others.
 */
export const canManageReminderConfigs = (caller: Caller): boolean =>
  caller.role === 'super_admin' && canReadReminderConfigs(caller);
