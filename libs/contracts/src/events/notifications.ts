import { z } from 'zod';
import { entityIdSchema } from '../http/fields';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGE_TYPES,
  RECIPIENT_TYPES,
  TRIGGERED_BY_TYPES,
} from '../notifications';

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

export const NOTIFICATION_EVENT_SCHEMAS = {
  NotificationRequested: notificationRequestedSchema,
  NotificationSent: notificationSentSchema,
  NotificationAttemptFailed: notificationAttemptFailedSchema,
  NotificationDelivered: notificationDeliveredSchema,
  NotificationFailed: notificationFailedSchema,
} as const;
export type NotificationEventType = keyof typeof NOTIFICATION_EVENT_SCHEMAS;
export type NotificationEventData<T extends NotificationEventType> = z.infer<(typeof NOTIFICATION_EVENT_SCHEMAS)[T]>;
