/**
 * The notification tabs' calls (spec 3 §7, served by the notifications service): the logs with their filters, the
 * four cards' counts and the test sends.
 */
import {
  type ResponseOf,
  type notificationLogListResponseSchema,
  type notificationStatsSchema,
  type testNotificationResponseSchema,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../../app/api/client';
import { notificationLogsPath, type NotificationLogFilters } from './logQuery';
import { NOTIFICATION_TAB_TEXTS } from './texts';

const STATS_PATH = '/cms/notification-stats';

/** One page of the log; the previous page stays on screen while the next one loads. */
export function useNotificationLogs(filters: NotificationLogFilters) {
  return useSWR(
    notificationLogsPath(filters),
    (path: string) =>
      apiRequest<ResponseOf<typeof notificationLogListResponseSchema>>(path, {
        defaultError: NOTIFICATION_TAB_TEXTS.logsLoadError,
      }),
    { keepPreviousData: true },
  );
}

export function useNotificationStats() {
  return useSWR(STATS_PATH, (path: string) =>
    apiRequest<ResponseOf<typeof notificationStatsSchema>>(path, {
      defaultError: NOTIFICATION_TAB_TEXTS.statsLoadError,
    }),
  );
}

export type TestNotificationRequest =
  { notification_type: 'email'; test_email: string } | { notification_type: 'sms'; test_phone: string };

/** Sends one test message; answers the tab's result line (✓ … when the provider took it, ✗ … otherwise). */
export async function sendTestNotification(body: TestNotificationRequest): Promise<string> {
  const { message } = await apiRequest<ResponseOf<typeof testNotificationResponseSchema>>('/cms/test-notification', {
    method: 'POST',
    body,
    defaultError: NOTIFICATION_TAB_TEXTS.testSendError,
  });
  return message;
}
