/**
 * The notification tabs' calls (spec 3 §7, served by the notifications service): the logs with their filters, the
 * four cards' counts and the test sends.
 */
import { NOTIFICATIONS_ROUTES, routeUrl, type AnswerOf, type NOTIFICATIONS_CONTRACTS } from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../../app/api/client';
import { callRoute } from '../../../app/api/routes';
import { notificationLogsPath, type NotificationLogFilters } from './logQuery';
import { NOTIFICATION_TAB_TEXTS } from './texts';

type Contracts = typeof NOTIFICATIONS_CONTRACTS;
const STATS_PATH = routeUrl(NOTIFICATIONS_ROUTES.notificationStats);

/** One page of the log; the previous page stays on screen while the next one loads. */
export function useNotificationLogs(filters: NotificationLogFilters) {
  return useSWR(
    notificationLogsPath(filters),
    (path: string) =>
      apiRequest<AnswerOf<Contracts['notificationLogs']>>(path, {
        defaultError: NOTIFICATION_TAB_TEXTS.logsLoadError,
      }),
    { keepPreviousData: true },
  );
}

export function useNotificationStats() {
  return useSWR(STATS_PATH, (path: string) =>
    apiRequest<AnswerOf<Contracts['notificationStats']>>(path, {
      defaultError: NOTIFICATION_TAB_TEXTS.statsLoadError,
    }),
  );
}

export type TestNotificationRequest =
  { notification_type: 'email'; test_email: string } | { notification_type: 'sms'; test_phone: string };

/** Sends one test message; answers the tab's result line (✓ … when the provider took it, ✗ … otherwise). */
export async function sendTestNotification(body: TestNotificationRequest): Promise<string> {
  const { message } = await callRoute<Contracts['testNotification']>(
    NOTIFICATIONS_ROUTES.testNotification,
    {},
    { body, defaultError: NOTIFICATION_TAB_TEXTS.testSendError },
  );
  return message;
}
