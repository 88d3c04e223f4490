/** The Notification Logs tab's filters as the query of GET /cms/notification-logs (spec 3 §3, §7). */
import {
  NOTIFICATION_LOG_PAGE_SIZE,
  type DeliveryStatus,
  type NotificationChannel,
  type NotificationMessageType,
  type TriggeredByType,
} from '@labline/contracts';

const LOGS_PATH = '/cms/notification-logs';

/** spec 3 §3 Notification log filter; undefined: all. */
export interface NotificationLogFilters {
  search: string;
  messageType: NotificationMessageType | undefined;
  channel: NotificationChannel | undefined;
  status: DeliveryStatus | undefined;
  triggeredBy: TriggeredByType | undefined;
  page: number;
}

export function notificationLogsPath(filters: NotificationLogFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), limit: String(NOTIFICATION_LOG_PAGE_SIZE) });
  const optional: [string, string | undefined][] = [
    ['search', filters.search.trim() === '' ? undefined : filters.search.trim()],
    ['message_type', filters.messageType],
    ['notification_type', filters.channel],
    ['delivery_status', filters.status],
    ['triggered_by_type', filters.triggeredBy],
  ];
  for (const [name, value] of optional) if (value !== undefined) query.set(name, value);
  return `${LOGS_PATH}?${query.toString()}`;
}
