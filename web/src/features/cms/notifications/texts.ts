/**
 * What the notification tabs say where the spec gives no wording (spec 3 §2, §8 leave them open), phrased as the
 * spec's own ("Failed to fetch …"), and how the contracts' values read on screen.
 */
import type { DeliveryStatus, NotificationChannel, TriggeredByType } from '@labline/contracts';

export const NOTIFICATION_TAB_TEXTS = {
  logsLoadError: 'Failed to fetch notification logs',
  statsLoadError: 'Failed to fetch notification stats',
  testSendError: 'Failed to send test notification',
  emptyLogs: 'No notification logs found',
} as const;

/** '7_days_before' → '7 Days Before', 'password_reset' → 'Password Reset'. */
export const valueLabel = (value: string): string =>
  value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = { email: 'Email', sms: 'SMS' };

/** spec 3 §2: the trigger shows as System or Manual. */
export const TRIGGER_LABELS: Readonly<Record<TriggeredByType, string>> = { system: 'System', manual: 'Manual' };

/**
 * The colour of each delivery status's tag: on its way (pending) gold, taken by the provider blue, delivered
 * green, failed red, not sent by choice (skipped) neutral. A status the contracts add later shows neutral too.
 */
const DELIVERY_STATUS_COLOURS: Readonly<Partial<Record<DeliveryStatus, string>>> = {
  pending: 'gold',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
  skipped: 'default',
};

export const deliveryStatusColour = (status: string): string =>
  DELIVERY_STATUS_COLOURS[status as DeliveryStatus] ?? 'default';
