import { z } from 'zod';
import { entityIdSchema } from '../http/fields';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGE_TYPES,
  RECIPIENT_TYPES,
  TRIGGERED_BY_TYPES,
} from '../notifications';
import {
  REMINDER_CHANNEL_CHOICES,
  REMINDER_TIME_UNITS,
  REMINDER_TYPE_MAX_LENGTH,
  REMINDER_TYPE_PATTERN,
} from '../reminders';

/**
 * Notifications events of the Notification aggregate (stream `notification-{id}`): one message to one recipient
 * on one channel, from its request (pending) through the provider's acceptance (sent) to delivered or failed.
 * Requested carries the whole message, so the log and the delivery worker never need anything else; clinical
 * projects these for a test request's notification history.
 */
export const notificationMessageTypeSchema = z.enum(NOTIFICATION_MESSAGE_TYPES);
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export const recipientTypeSchema = z.enum(RECIPIENT_TYPES);
export const triggeredByTypeSchema = z.enum(TRIGGERED_BY_TYPES);

export const notificationRequestedSchema = z.object({
  notificationId: entityIdSchema,
  /** Unique per cause, recipient and channel: a redelivered cause never requests a second message. */
  idempotency_key: z.string().min(1).max(300),
  message_type: notificationMessageTypeSchema,
  notification_type: notificationChannelSchema,
  recipient_type: recipientTypeSchema,
  recipient_email: z.string().max(254).nullable(),
  recipient_phone: z.string().max(40).nullable(),
  patient_id: entityIdSchema.nullable(),
  /** The patient's name when the message was requested ("First Last"). */
  patient_name: z.string().max(201).nullable(),
  /** The e-mail's subject (null for an SMS). */
  subject: z.string().max(300).nullable(),
  body: z.string().max(20_000),
  /** An e-mail's Reply-To (a contact message answers the user who wrote it). */
  reply_to: z.string().max(254).nullable(),
  test_request_id: entityIdSchema.nullable(),
  institution_id: entityIdSchema.nullable(),
  triggered_by_type: triggeredByTypeSchema,
  /** The user whose action sent it (manual), null for the system. */
  triggered_by_user_id: entityIdSchema.nullable(),
  /** A scheduled reminder's configured type (its message_type is that type, or 'reminder' for other types). */
  reminder_type: z.string().max(50).nullish(),
});
export type NotificationRequested = z.infer<typeof notificationRequestedSchema>;

/** The provider took the message (SMTP accepted it; Twilio queued it). */
export const notificationSentSchema = z.object({
  notificationId: entityIdSchema,
  attempt: z.number().int().positive(),
  /** SMTP Message-ID or the Twilio message SID. */
  provider_message_id: z.string().max(300).nullable(),
});

/** A send failed in a way worth trying again; the next attempt is due at `retry_at`. */
export const notificationAttemptFailedSchema = z.object({
  notificationId: entityIdSchema,
  attempt: z.number().int().positive(),
  error_message: z.string().max(2000),
  retry_at: z.iso.datetime({ offset: true }),
});

/** The provider reports the message delivered (Twilio's status callback). */
export const notificationDeliveredSchema = z.object({
  notificationId: entityIdSchema,
  provider_message_id: z.string().max(300).nullable(),
});

/** Given up on: a permanent refusal, the last retry failing, or the provider reporting it undeliverable. */
export const notificationFailedSchema = z.object({
  notificationId: entityIdSchema,
  attempt: z.number().int().nonnegative(),
  error_message: z.string().max(2000),
  provider_message_id: z.string().max(300).nullable(),
});

/**
 * Not sent, on purpose: the patient's contact preference or an SMS opt-out excludes the channel. Recorded with
 * the request, so the message is never pending; `reason` is what the log shows as its error.
 */
export const notificationSkippedSchema = z.object({
  notificationId: entityIdSchema,
  reason: z.string().max(2000),
});

/**
 * The SmsConsent aggregate (stream `smsConsent-{digits of the number}`): a number's replies of Twilio's opt-out
 * and opt-in keywords (STOP, START…). While it is opted out, no SMS goes to it.
 */
const smsConsentChangeSchema = z.object({
  /** E.164, e.g. +447700900123. */
  phone: z.string().regex(/^\+[1-9][0-9]{7,14}$/),
  /** The keyword as the reply said it, upper-cased (STOP, UNSUBSCRIBE, START…). */
  keyword: z.string().min(1).max(20),
  /** Twilio's SID of the inbound message. */
  message_sid: z.string().max(64),
});
export const smsOptedOutSchema = smsConsentChangeSchema;
export const smsOptedInSchema = smsConsentChangeSchema;

/** The Notification aggregate's events. */
export const NOTIFICATION_MESSAGE_EVENT_SCHEMAS = {
  NotificationRequested: notificationRequestedSchema,
  NotificationSent: notificationSentSchema,
  NotificationAttemptFailed: notificationAttemptFailedSchema,
  NotificationDelivered: notificationDeliveredSchema,
  NotificationFailed: notificationFailedSchema,
  NotificationSkipped: notificationSkippedSchema,
} as const;

/** The SmsConsent aggregate's events. */
export const SMS_CONSENT_EVENT_SCHEMAS = {
  SmsOptedOut: smsOptedOutSchema,
  SmsOptedIn: smsOptedInSchema,
} as const;

// ---------------------------------------------------------------------------------------------- reminders

const reminderConfigFieldsSchema = z.object({
  reminderConfigId: entityIdSchema,
  reminder_type: z.string().regex(REMINDER_TYPE_PATTERN).max(REMINDER_TYPE_MAX_LENGTH),
  time_value: z.number().int().positive(),
  time_unit: z.enum(REMINDER_TIME_UNITS),
  notification_channels: z.enum(REMINDER_CHANNEL_CHOICES),
  subject_template: z.string().max(2000).nullable(),
  message_template_email: z.string().max(20_000).nullable(),
  message_template_sms: z.string().max(2000).nullable(),
  is_active: z.boolean(),
});

/**
 * The ReminderConfig aggregate (stream `reminderConfig-{reminder_type}`): one configuration of automated
 * reminders (spec 3 §3). Created, changed as a whole, deleted; a deleted type may be created again (a new id).
 */
export const reminderConfigCreatedSchema = reminderConfigFieldsSchema;
export const reminderConfigUpdatedSchema = reminderConfigFieldsSchema;
export const reminderConfigDeletedSchema = reminderConfigFieldsSchema.pick({
  reminderConfigId: true,
  reminder_type: true,
});

const reminderSchema = z.object({
  test_request_id: entityIdSchema,
  reminder_type: z.string().regex(REMINDER_TYPE_PATTERN).max(REMINDER_TYPE_MAX_LENGTH),
  /** When the reminder is (was) due: the expected test time less the configuration's time. */
  scheduled_for: z.iso.datetime({ offset: true }),
});

/**
 * The Reminder aggregate (stream `reminder-{test request id}-{reminder_type}`): one configured reminder of one
 * test request. Scheduled (again, when the date or the configuration changes) with its job in the durable
 * queue; then sent, missed (its time passed while nothing could send it), too late (already past when it
 * became due) or cancelled (the request closed or lost its date, the configuration went away).
 */
export const reminderScheduledSchema = reminderSchema.extend({
  /** The durable queue's job that sends it at `scheduled_for`. */
  job_id: z.uuid(),
});
export const reminderCancelledSchema = reminderSchema.extend({
  reason: z.enum(['request_closed', 'no_date', 'config_inactive']),
});
export const reminderTooLateSchema = reminderSchema;
export const reminderSentSchema = reminderSchema.extend({
  /** The messages requested, one per channel (empty when the patient had no contact details at all). */
  notification_ids: z.array(entityIdSchema),
});
export const reminderMissedSchema = reminderSchema.extend({
  /** When a scheduler found it overdue by more than the grace. */
  noticed_at: z.iso.datetime({ offset: true }),
});

export const REMINDER_EVENT_SCHEMAS = {
  ReminderConfigCreated: reminderConfigCreatedSchema,
  ReminderConfigUpdated: reminderConfigUpdatedSchema,
  ReminderConfigDeleted: reminderConfigDeletedSchema,
  ReminderScheduled: reminderScheduledSchema,
  ReminderCancelled: reminderCancelledSchema,
  ReminderTooLate: reminderTooLateSchema,
  ReminderSent: reminderSentSchema,
  ReminderMissed: reminderMissedSchema,
} as const;

export const NOTIFICATION_EVENT_SCHEMAS = {
  ...NOTIFICATION_MESSAGE_EVENT_SCHEMAS,
  ...SMS_CONSENT_EVENT_SCHEMAS,
  ...REMINDER_EVENT_SCHEMAS,
} as const;
export type NotificationEventType = keyof typeof NOTIFICATION_EVENT_SCHEMAS;
export type NotificationEventData<T extends NotificationEventType> = z.infer<(typeof NOTIFICATION_EVENT_SCHEMAS)[T]>;
