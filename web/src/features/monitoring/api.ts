/**
 * Cron monitoring's calls (spec 3 §7): the scheduler's status, the upcoming reminders of the next 7 days and the
 * notification services' health, loaded together on opening and again every 30 s.
 */
import {
  MONITORING_REFRESH_MS,
  NOTIFICATION_ERRORS,
  UPCOMING_REMINDER_DAYS,
  type NotificationHealth,
  type ResponseOf,
  type SchedulerStatus,
  type UpcomingReminder,
  type notificationHealthResponseSchema,
  type schedulerStatusResponseSchema,
  type upcomingRemindersResponseSchema,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';

export interface MonitoringData {
  scheduler: SchedulerStatus;
  reminders: UpcomingReminder[];
  health: NotificationHealth;
}

const MONITORING_KEY = '/cron/monitoring';

const get = <T>(path: string) => apiRequest<T>(path, { defaultError: NOTIFICATION_ERRORS.monitoringFailed });

async function loadMonitoring(): Promise<MonitoringData> {
  const [scheduler, upcoming, health] = await Promise.all([
    get<ResponseOf<typeof schedulerStatusResponseSchema>>('/cron/scheduler-status'),
    get<ResponseOf<typeof upcomingRemindersResponseSchema>>(`/cron/upcoming-reminders?days=${UPCOMING_REMINDER_DAYS}`),
    get<ResponseOf<typeof notificationHealthResponseSchema>>('/cron/notification-health'),
  ]);
  return { scheduler: scheduler.data, reminders: upcoming.data.reminders, health: health.data };
}

/** The three answers as one: a refresh shows them together; the last good ones stay while a refresh fails. */
export function useMonitoring() {
  return useSWR(MONITORING_KEY, loadMonitoring, { refreshInterval: MONITORING_REFRESH_MS });
}
