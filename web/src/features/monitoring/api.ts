/**
 * Cron monitoring's calls (spec 3 §7): the scheduler's status, the upcoming reminders of the next 7 days and the
 * notification services' health, loaded together on opening and again every 30 s.
 */
import {
  MONITORING_REFRESH_MS,
  NOTIFICATION_ERRORS,
  UPCOMING_REMINDER_DAYS,
  NOTIFICATIONS_ROUTES,
  type NOTIFICATIONS_CONTRACTS,
  type NotificationHealth,
  type SchedulerStatus,
  type UpcomingReminder,
} from '@labline/contracts';
import useSWR from 'swr';
import { callRoute } from '../../app/api/routes';

type Contracts = typeof NOTIFICATIONS_CONTRACTS;

export interface MonitoringData {
  scheduler: SchedulerStatus;
  reminders: UpcomingReminder[];
  health: NotificationHealth;
}

/** The cache key of the three answers together (no route of its own). */
const MONITORING_KEY = '/cron/monitoring';

const defaultError = NOTIFICATION_ERRORS.monitoringFailed;

async function loadMonitoring(): Promise<MonitoringData> {
  const [scheduler, upcoming, health] = await Promise.all([
    callRoute<Contracts['schedulerStatus']>(NOTIFICATIONS_ROUTES.schedulerStatus, {}, { defaultError }),
    callRoute<Contracts['upcomingReminders']>(
      NOTIFICATIONS_ROUTES.upcomingReminders,
      {},
      { query: { days: UPCOMING_REMINDER_DAYS }, defaultError },
    ),
    callRoute<Contracts['notificationHealth']>(NOTIFICATIONS_ROUTES.notificationHealth, {}, { defaultError }),
  ]);
  return { scheduler: scheduler.data, reminders: upcoming.data.reminders, health: health.data };
}

/** The three answers as one: a refresh shows them together; the last good ones stay while a refresh fails. */
export function useMonitoring() {
  return useSWR(MONITORING_KEY, loadMonitoring, { refreshInterval: MONITORING_REFRESH_MS });
}
