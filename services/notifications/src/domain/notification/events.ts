import {
  streamName,
  type NOTIFICATION_EVENT_SCHEMAS,
  type NOTIFICATION_MESSAGE_EVENT_SCHEMAS,
} from '@labline/contracts';
import type { DomainEventOf } from '@labline/service-kit';

/** Everything that happens to one message, in stream `notification-<id>`. */
export type NotificationEvent = DomainEventOf<
  typeof NOTIFICATION_EVENT_SCHEMAS,
  keyof typeof NOTIFICATION_MESSAGE_EVENT_SCHEMAS
>;

export const notificationStream = (notificationId: number) => streamName('notification', notificationId);
