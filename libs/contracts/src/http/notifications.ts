/**
 * Notifications' HTTP contract (spec 3 §3, §5, §7), served by the notifications service: the CMS tabs'
 * notification logs, stats and test sends, cron monitoring's health check and the contact support dialog.
 */
import { z } from 'zod';
import {
  notificationChannelSchema,
  notificationMessageTypeSchema,
  recipientTypeSchema,
  triggeredByTypeSchema,
} from '../events/notifications';
import { DELIVERY_STATUSES, NOTIFICATION_ERRORS, NOTIFICATION_LOG_PAGE_SIZE } from '../notifications';
import { pageQuerySchema, paginationSchema } from './common';
import {
  entityIdSchema,
  FIELD_LIMITS,
  optionalText,
  phoneNumber,
  positiveIntegerText,
  requestObject,
  requiredText,
  safeText,
  searchText,
} from './fields';

export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);

export const NOTIFICATION_FIELD_LIMITS = {
  subject: 200,
  /** The contact message: the counter shows 1000 (spec 3 §9) but does not enforce it; this bounds abuse. */
  contactMessage: 10_000,
  userName: 201,
  userRole: 50,
} as const;

/** A filter whose empty choice ('' or absent) means all. */
const choice = <T extends z.ZodEnum>(values: T) =>
  z
    .union([z.literal(''), values])
    .optional()
    .transform((value) => (value ? value : undefined));

/** GET /cms/notification-logs: spec 3 §3 Notification log filter; newest first, 10 a page. */
export const notificationLogQuerySchema = pageQuerySchema.extend({
  limit: positiveIntegerText(100).default(NOTIFICATION_LOG_PAGE_SIZE),
  /** Matches the recipient's e-mail or phone and the subject. */
  search: searchText,
  message_type: choice(notificationMessageTypeSchema),
  notification_type: choice(notificationChannelSchema),
  delivery_status: choice(deliveryStatusSchema),
  triggered_by_type: choice(triggeredByTypeSchema),
});
export type NotificationLogQuery = z.infer<typeof notificationLogQuerySchema>;

/** spec 3 §3 Notification log, as the logs table shows it. */
export const notificationLogSchema = z.object({
  id: z.number().int(),
  /** When the provider took it; when it was requested while it is still pending. */
  sent_at: z.string(),
  created_at: z.string(),
  message_type: notificationMessageTypeSchema,
  notification_type: notificationChannelSchema,
  recipient_type: recipientTypeSchema,
  recipient_email: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  patient_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
  subject: z.string().nullable(),
  delivery_status: deliveryStatusSchema,
  error_message: z.string().nullable(),
  /** Sends tried so far. */
  attempts: z.number().int(),
  test_request_id: z.number().int().nullable(),
  institution_id: z.number().int().nullable(),
  institution_name: z.string().nullable(),
  triggered_by_type: triggeredByTypeSchema,
  triggered_by_name: z.string().nullable(),
  triggered_by_lastname: z.string().nullable(),
});
export type NotificationLog = z.infer<typeof notificationLogSchema>;

export const notificationLogListResponseSchema = z.object({
  notifications: z.array(notificationLogSchema),
  pagination: paginationSchema,
});
export type NotificationLogListResponse = z.infer<typeof notificationLogListResponseSchema>;

/** GET /cms/notification-stats: spec 3 §3 Notification stats, over the logs the caller may read. */
export const notificationStatsSchema = z.object({
  total_notifications: z.number().int(),
  successful_notifications: z.number().int(),
  email_notifications: z.number().int(),
  sms_notifications: z.number().int(),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

/** An e-mail address to send to; empty or malformed answers spec 3 §5's text. */
export const recipientEmailSchema = safeText(FIELD_LIMITS.email)
  .toLowerCase()
  .pipe(z.email(NOTIFICATION_ERRORS.invalidEmail));

/** A phone number to text, in E.164 (`+447700900123`); refused with spec 3 §5's text. */
export const recipientPhoneSchema = phoneNumber(NOTIFICATION_ERRORS.invalidPhone);

/** POST /cms/test-notification (spec 3 §7): email with test_email, or sms with test_phone. */
export const testNotificationBodySchema = z.discriminatedUnion(
  'notification_type',
  [
    requestObject({ notification_type: z.literal('email'), test_email: recipientEmailSchema }),
    requestObject({ notification_type: z.literal('sms'), test_phone: recipientPhoneSchema }),
  ],
  { error: 'must be email or sms' },
);
export type TestNotificationInput = z.output<typeof testNotificationBodySchema>;

/** The Test Notifications tab's answer: `message` starts with ✓ when the provider took it. */
export const testNotificationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  notification: notificationLogSchema,
});
export type TestNotificationResponse = z.infer<typeof testNotificationResponseSchema>;

/**
 * POST /contact/send-email (spec 3 §7). The sender is always the caller's registered e-mail (spec 3 §5): a
 * from_email that differs is refused; user_name, user_role and institution_id are taken from the caller's
 * account, whatever the form sends.
 */
export const contactBodySchema = requestObject({
  from_email: safeText(FIELD_LIMITS.email).toLowerCase().optional(),
  subject: requiredText(NOTIFICATION_FIELD_LIMITS.subject),
  message: requiredText(NOTIFICATION_FIELD_LIMITS.contactMessage, { multiline: true }),
  user_name: optionalText(NOTIFICATION_FIELD_LIMITS.userName),
  user_role: optionalText(NOTIFICATION_FIELD_LIMITS.userRole),
  institution_id: entityIdSchema.nullish(),
});
export type ContactInput = z.output<typeof contactBodySchema>;

export const contactResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const serviceCheckSchema = z.object({ isValid: z.boolean(), message: z.string() });

/** GET /cron/notification-health: spec 3 §3 Notification health, under `data` (spec 3 §7). */
export const notificationHealthSchema = z.object({
  overallHealth: z.enum(['healthy', 'degraded', 'unhealthy']),
  services: z.object({ email: serviceCheckSchema, sms: serviceCheckSchema }),
  environment: z.object({ schedulerEnabled: z.boolean(), timezone: z.string() }),
});
export type NotificationHealth = z.infer<typeof notificationHealthSchema>;
export const notificationHealthResponseSchema = z.object({ data: notificationHealthSchema });
