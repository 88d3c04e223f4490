/**
 * Reminders' HTTP contract (spec 3 §3, §5, §7), served by the notifications service: the Reminder
 * Configurations tab (`/cms/reminder-configs`) and cron monitoring's scheduler status and upcoming reminders
 * (`/cron/scheduler-status`, `/cron/upcoming-reminders`).
 */
import { z } from 'zod';
import {
  REMINDER_CHANNEL_CHOICES,
  REMINDER_ERRORS,
  REMINDER_LIMITS,
  REMINDER_TIME_UNITS,
  REMINDER_TIME_VALUE_RULES,
  REMINDER_TYPE_MAX_LENGTH,
  REMINDER_TYPE_PATTERN,
  SCHEDULED_REMINDER_STATUSES,
  SCHEDULER_SYSTEM_STATUSES,
  UPCOMING_REMINDER_DAYS,
  UPCOMING_REMINDER_MAX_DAYS,
  unknownReminderPlaceholders,
  type ReminderChannels,
} from '../reminders';
import { reminderConfigCreatedSchema } from '../events/notifications';
import { NUMBER_PROBLEMS, numberProblem } from '../numbers';
import { optionalText, positiveIntegerText, requestObject } from './fields';

export const reminderTimeUnitSchema = z.enum(REMINDER_TIME_UNITS, { error: REMINDER_ERRORS.timeUnit });
export const reminderChannelsSchema = z.enum(REMINDER_CHANNEL_CHOICES);
export const scheduledReminderStatusSchema = z.enum(SCHEDULED_REMINDER_STATUSES);
export const schedulerSystemStatusSchema = z.enum(SCHEDULER_SYSTEM_STATUSES);

/** spec 3 §3 reminder_type: snake case (7_days_before); in bodies and as the `{reminder_type}` path segment. */
export const reminderTypeSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(REMINDER_TYPE_MAX_LENGTH, `must be at most ${REMINDER_TYPE_MAX_LENGTH} characters`)
  .regex(REMINDER_TYPE_PATTERN, REMINDER_ERRORS.reminderType);

/** `email`, `sms` or both, in either order, spaces allowed (`sms, email`); stored as `email,sms`. */
const channelsInputSchema = z.string({ error: REMINDER_ERRORS.channels }).transform((value, context) => {
  const parts = value.split(',').map((part) => part.trim());
  const known = parts.every((part) => part === 'email' || part === 'sms');
  if (!known || parts.length === 0 || new Set(parts).size !== parts.length) {
    context.addIssue({ code: 'custom', message: REMINDER_ERRORS.channels });
    return z.NEVER;
  }
  return (parts.length === 2 ? 'email,sms' : parts[0]) as ReminderChannels;
});

/** A template: optional (empty means the fallback wording), only the four variables as placeholders. */
const templateSchema = (max: number) =>
  optionalText(max, { multiline: true }).superRefine((value, context) => {
    const unknown = value === null ? [] : unknownReminderPlaceholders(value);
    if (unknown.length > 0) context.addIssue({ code: 'custom', message: REMINDER_ERRORS.unknownPlaceholder(unknown) });
  });

const timeValueSchema = z.number({ error: NUMBER_PROBLEMS.notANumber }).superRefine((value, context) => {
  const problem = numberProblem(value, REMINDER_TIME_VALUE_RULES);
  if (problem !== null) context.addIssue({ code: 'custom', message: problem });
});

const configFields = {
  time_value: timeValueSchema,
  time_unit: reminderTimeUnitSchema,
  notification_channels: channelsInputSchema,
  subject_template: templateSchema(REMINDER_LIMITS.subjectTemplate),
  message_template_email: templateSchema(REMINDER_LIMITS.emailTemplate),
  message_template_sms: templateSchema(REMINDER_LIMITS.smsTemplate),
  /** spec 3 §2: "Inactive configurations won't trigger automatic reminders." */
  is_active: z.boolean({ error: 'must be true or false' }).default(true),
};

/**
 * PUT /cms/reminder-configs/{reminder_type} (spec 3 §5): the type is the path's and cannot change; channels,
 * time value (at least 1) and unit are required.
 */
export const reminderConfigUpdateBodySchema = requestObject(configFields);
export type ReminderConfigUpdateInput = z.output<typeof reminderConfigUpdateBodySchema>;

/** POST /cms/reminder-configs (spec 3 §5): Reminder Type, Channels, Time Value and Time Unit required. */
export const reminderConfigBodySchema = requestObject({ reminder_type: reminderTypeSchema, ...configFields });
export type ReminderConfigInput = z.output<typeof reminderConfigBodySchema>;

/** `/cms/reminder-configs/{reminder_type}`. */
export const reminderTypeParamSchema = requestObject({ reminder_type: reminderTypeSchema });

/** spec 3 §3 Reminder configuration: its values as its events record them, with its id and times. */
export const reminderConfigSchema = reminderConfigCreatedSchema.omit({ reminderConfigId: true }).extend({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReminderConfig = z.infer<typeof reminderConfigSchema>;

/** GET /cms/reminder-configs: every configuration, by type. */
export const reminderConfigListResponseSchema = z.object({ reminder_configs: z.array(reminderConfigSchema) });
export type ReminderConfigListResponse = z.infer<typeof reminderConfigListResponseSchema>;

/** POST and PUT answer the configuration as stored. */
export const reminderConfigResponseSchema = z.object({ reminder_config: reminderConfigSchema });
export type ReminderConfigResponse = z.infer<typeof reminderConfigResponseSchema>;

/** DELETE answers a message (REMINDER_MESSAGES.deleted). */
export const reminderConfigDeletedResponseSchema = z.object({ message: z.string() });

// ------------------------------------------------------------------------------------------ cron monitoring

/** One planned reminder job on the Scheduler Status card. */
export const schedulerJobSchema = z.object({
  /** The reminder type, e.g. 3_hours_before. */
  name: z.string(),
  testRequestId: z.number().int(),
  /** ISO 8601. */
  scheduledFor: z.string(),
});

/** GET /cron/scheduler-status: spec 3 §3 Scheduler status under `data` (spec 3 §7), in the caller's scope. */
export const schedulerStatusSchema = z.object({
  /** Reminders planned and not yet sent (all of them; `activeJobs` lists the soonest). */
  totalJobs: z.number().int().nonnegative(),
  schedulerEnabled: z.boolean(),
  systemStatus: schedulerSystemStatusSchema,
  activeJobs: z.array(schedulerJobSchema),
});
export type SchedulerStatus = z.infer<typeof schedulerStatusSchema>;
export const schedulerStatusResponseSchema = z.object({ data: schedulerStatusSchema });

/** GET /cron/upcoming-reminders?days=7: the test requests expected within `days` (1 to 31, default 7). */
export const upcomingRemindersQuerySchema = requestObject({
  days: positiveIntegerText(UPCOMING_REMINDER_MAX_DAYS).default(UPCOMING_REMINDER_DAYS),
});

/** One reminder cell of the upcoming table. */
export const upcomingReminderCellSchema = z.object({
  status: scheduledReminderStatusSchema,
  /** Scheduled and its time still ahead. */
  willSend: z.boolean(),
  /** Whole minutes until it is sent (rounded up), while it will be; null otherwise. */
  timeUntilSend: z.number().int().nonnegative().nullable(),
  /** When it is (or was) due, ISO 8601; null when none was planned. */
  scheduledFor: z.string().nullable(),
});
export type UpcomingReminderCell = z.infer<typeof upcomingReminderCellSchema>;

/** spec 3 §3 Upcoming reminder. */
export const upcomingReminderSchema = z.object({
  testRequestId: z.number().int(),
  testName: z.string(),
  institutionName: z.string().nullable(),
  patientName: z.string().nullable(),
  patientEmail: z.string().nullable(),
  patientPhone: z.string().nullable(),
  /** ISO 8601. */
  expectedTestDatetime: z.string(),
  reminders: z.object({ sevenDays: upcomingReminderCellSchema, threeHours: upcomingReminderCellSchema }),
});
export type UpcomingReminder = z.infer<typeof upcomingReminderSchema>;

export const upcomingRemindersResponseSchema = z.object({
  data: z.object({ reminders: z.array(upcomingReminderSchema) }),
});
export type UpcomingRemindersResponse = z.infer<typeof upcomingRemindersResponseSchema>;
