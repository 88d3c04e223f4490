/** The Reminder Configurations tab's calls (spec 3 §7): list, create, change and delete, by reminder type. */
import {
  NOTIFICATIONS_ROUTES,
  REMINDER_ERRORS,
  routeUrl,
  type AnswerOf,
  type NOTIFICATIONS_CONTRACTS,
  type ReminderChannels,
  type ReminderConfig,
  type ReminderTimeUnit,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../../app/api/client';
import { callRoute } from '../../../app/api/routes';
import { useRecordCache } from '../../../shared/useRecordCache';

type Contracts = typeof NOTIFICATIONS_CONTRACTS;
const CONFIGS_PATH = routeUrl(NOTIFICATIONS_ROUTES.reminderConfigs);
/** The spec gives no text for a failed list; worded as its others. */
export const REMINDER_LIST_LOAD_ERROR = 'Failed to fetch reminder configurations';

export function useReminderConfigs() {
  return useSWR(CONFIGS_PATH, (path: string) =>
    apiRequest<AnswerOf<Contracts['reminderConfigs']>>(path, {
      defaultError: REMINDER_LIST_LOAD_ERROR,
    }).then(({ reminder_configs }) => reminder_configs),
  );
}

export function useReminderConfigCache() {
  return useRecordCache(CONFIGS_PATH);
}

/** What the modal sends: every field, the type only when creating (it cannot change). */
export interface ReminderConfigBody {
  time_value: number;
  time_unit: ReminderTimeUnit;
  notification_channels: ReminderChannels;
  subject_template: string | null;
  message_template_email: string | null;
  message_template_sms: string | null;
  is_active: boolean;
}

/** Creates a configuration (`existing` null) or changes the one of that type. */
export async function saveReminderConfig(
  existing: ReminderConfig | null,
  reminderType: string,
  body: ReminderConfigBody,
): Promise<ReminderConfig> {
  const defaultError = REMINDER_ERRORS.saveFailed;
  const { reminder_config } =
    existing === null
      ? await callRoute<Contracts['createReminderConfig']>(
          NOTIFICATIONS_ROUTES.createReminderConfig,
          {},
          { body: { reminder_type: reminderType, ...body }, defaultError },
        )
      : await callRoute<Contracts['updateReminderConfig']>(
          NOTIFICATIONS_ROUTES.updateReminderConfig,
          { reminder_type: existing.reminder_type },
          { body, defaultError },
        );
  return reminder_config;
}

export async function deleteReminderConfig(reminderType: string): Promise<void> {
  await callRoute<Contracts['deleteReminderConfig']>(
    NOTIFICATIONS_ROUTES.deleteReminderConfig,
    { reminder_type: reminderType },
    { defaultError: REMINDER_ERRORS.deleteFailed },
  );
}
