/** The Notification Logs tab's filters as the query of GET /cms/notification-logs (spec 3 §3, §7). */
import {
  NOTIFICATION_LOG_PAGE_SIZE,
  NOTIFICATIONS_ROUTES,
  routeUrl,
  type DeliveryStatus,
  type NotificationChannel,
  type NotificationMessageType,
  type TriggeredByType,
} from '@labline/contracts';

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
  return routeUrl(
    NOTIFICATIONS_ROUTES.notificationLogs,
    {},
    {
      page: filters.page,
      limit: NOTIFICATION_LOG_PAGE_SIZE,
      search: filters.search.trim() === '' ? undefined : filters.search.trim(),
      message_type: filters.messageType,
      notification_type: filters.channel,
      delivery_status: filters.status,
      triggered_by_type: filters.triggeredBy,
    },
  );
}
