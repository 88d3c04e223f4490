/**
 * Notifications' policy and vocabulary (spec 3 §2, §3, §5, §9; spec 1 §3, §4): message types, channels,
 * delivery statuses, who triggered a message, the texts of its errors, and who reads which logs. Pure and free
 * of zod (like test-requests.ts), so the notifications service and the web's tabs ask the same functions.
 */
import { canSeeCmsTab, canUseCmsScreen } from './catalogue';
import type { Caller } from './records';

/**
 * spec 3 §3 message_type: the reminder types and account e-mails of the spec, then Labline's own: a
 * cancelled test request, a test send from the CMS tab and a contact-support message.
 */
export const NOTIFICATION_MESSAGE_TYPES = [
  '7_days_before',
  '3_hours_before',
  'password_reset',
  'account_setup',
  'custom',
  'test_request_cancelled',
  'test_notification',
  'contact_support',
  // A reminder of a configured type other than the two above (its type is the request's reminder_type).
  'reminder',
  // Inventory (issue 24): a manager's Notify to the institution's admins; an institution_admin's Request Item to
  // the client admins.
  'low_stock_alert',
  'stock_request',
  // Fulfillment (issue 25): the patient's kit is on its way (with its tracking number), and has arrived.
  'kit_dispatched',
  'kit_delivered',
  // Results (issue 26): the ordering clinician is told that a released result was corrected, and why.
  'result_corrected',
] as const;
export type NotificationMessageType = (typeof NOTIFICATION_MESSAGE_TYPES)[number];

/** spec 3 §3 notification_type: the channel. */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * spec 1 §4, spec 3 §4: pending → sent → delivered, or failed with its error message. Labline's own: skipped,
 * a message not sent because of the patient's contact preference or an SMS opt-out (the reason is its error).
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The statuses the Successful card counts (spec 3 §2): the provider took the message, or delivered it. */
export const SUCCESSFUL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['sent', 'delivered'];

/**
 * A patient's contact preference (issue 13 §2b; the spec is silent): the channels Labline may message them on.
 * 'both', the default, means the channels their contact details allow; a patient recorded before the
 * preference existed has it.
 */
export const CONTACT_PREFERENCES = ['both', 'email', 'sms', 'none'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];
export const DEFAULT_CONTACT_PREFERENCE: ContactPreference = 'both';

/** How the patient form and detail name each preference. */
export const CONTACT_PREFERENCE_LABELS: Readonly<Record<ContactPreference, string>> = {
  both: 'Email and SMS',
  email: 'Email only',
  sms: 'SMS only',
  none: 'No email or SMS',
};

/** Why a message was logged as skipped instead of sent (its error_message). */
export const NOTIFICATION_SKIP_REASONS = {
  preference: {
    email: "The patient's contact preference is email only",
    sms: "The patient's contact preference is SMS only",
    none: "The patient's contact preference is no email or SMS",
  },
  smsOptedOut: 'The number opted out of SMS (STOP)',
} as const;

export const RECIPIENT_TYPES = ['patient', 'staff'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** spec 3 §3 triggered_by_type: by the system (a reaction, a reminder) or by a user's action. */
export const TRIGGERED_BY_TYPES = ['system', 'manual'] as const;
export type TriggeredByType = (typeof TRIGGERED_BY_TYPES)[number];

/** spec 3 §9: the notification log's page size. */
export const NOTIFICATION_LOG_PAGE_SIZE = 10;
/** spec 3 §9: the contact message's counter limit (shown, not enforced). */
export const CONTACT_MESSAGE_COUNTER_LIMIT = 1000;
/** spec 1 §9, spec 3 §9: the SMS length advice. */
export const SMS_RECOMMENDED_LENGTH = 160;

/** The texts of spec 3 §5 and §8 for these screens, and the service's own where the spec shows none. */
export const NOTIFICATION_ERRORS = {
  // spec 3 §5
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  // spec 3 §8
  contactFailed: 'Failed to send message. Please try again.',
  monitoringFailed: 'Failed to fetch monitoring data',
  // the service's own (the spec shows no wording)
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  notOwnEmail: 'from_email: must be your own registered email address',
  noContactDetails: 'The patient has no email address or phone number on record',
  emailNotConfigured: 'Email is not configured: set SMTP_HOST and SMTP_FROM',
  smsNotConfigured: 'SMS is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER',
  supportNotConfigured: 'Contact support is not configured: set SUPPORT_EMAIL',
  invalidSignature: 'Invalid Twilio request signature',
  unknownNotification: 'Notification not found',
} as const;

export const NOTIFICATION_MESSAGES = {
  // spec 3 §8
  contactSent: "Your message has been sent successfully! We'll get back to you soon.",
} as const;

/** The Test Notifications tab's result lines: green when they start with the check mark (spec 3 §2). */
export const testNotificationResult = {
  sent: (channel: NotificationChannel, recipient: string) =>
    `✓ Test ${channel === 'email' ? 'email' : 'SMS'} sent to ${recipient}`,
  failed: (channel: NotificationChannel, reason: string) =>
    `✗ Failed to send test ${channel === 'email' ? 'email' : 'SMS'}: ${reason}`,
  retrying: (channel: NotificationChannel, reason: string) =>
    `✗ Test ${channel === 'email' ? 'email' : 'SMS'} not sent yet, it will be retried: ${reason}`,
} as const;

// ------------------------------------------------------------------------------------------------ access

/**
 * The notification tabs (logs, stats, reminders, test sends): the CMS screen with cms_notification_logs, as
 * the CMS screen shows those tabs (catalogue.ts).
 */
export const canUseNotificationTabs = (caller: Caller): boolean =>
  canSeeCmsTab(caller, { key: 'notification_logs', kind: null });

/** Cron monitoring (/cms/cron-monitoring) is a CMS screen. */
export const canMonitorNotifications = (caller: Caller): boolean => canUseCmsScreen(caller);

/** Which logs a caller reads: super_admin all; an institution's administrator those of their institutions. */
export type NotificationLogScope = { kind: 'all' } | { kind: 'institutions'; institutionIds: readonly number[] };

export const notificationLogScope = (caller: Caller): NotificationLogScope =>
  caller.role === 'super_admin' ? { kind: 'all' } : { kind: 'institutions', institutionIds: caller.institutionIds };
