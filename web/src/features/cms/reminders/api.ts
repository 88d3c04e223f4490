/** The Reminder Configurations tab's calls (spec 3 §7): list, create, change and delete, by reminder type. */
import {
  REMINDER_ERRORS,
  type ReminderChannels,
  type ReminderConfig,
  type ReminderTimeUnit,
  type ResponseOf,
  type reminderConfigDeletedResponseSchema,
  type reminderConfigListResponseSchema,
  type reminderConfigResponseSchema,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../../app/api/client';
import { useRecordCache } from '../../../shared/useRecordCache';

const CONFIGS_PATH = '/cms/reminder-configs';
/** The spec gives no text for a failed list; worded as its others. */
export const REMINDER_LIST_LOAD_ERROR = 'Failed to fetch reminder configurations';

const configPath = (reminderType: string) => `${CONFIGS_PATH}/${encodeURIComponent(reminderType)}`;

export function useReminderConfigs() {
  return useSWR(CONFIGS_PATH, (path: string) =>
    apiRequest<ResponseOf<typeof reminderConfigListResponseSchema>>(path, {
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
  const { reminder_config } = await apiRequest<ResponseOf<typeof reminderConfigResponseSchema>>(
    existing === null ? CONFIGS_PATH : configPath(existing.reminder_type),
    {
      method: existing === null ? 'POST' : 'PUT',
      body: existing === null ? { reminder_type: reminderType, ...body } : body,
      defaultError: REMINDER_ERRORS.saveFailed,
    },
  );
  return reminder_config;
}

export async function deleteReminderConfig(reminderType: string): Promise<void> {
  await apiRequest<ResponseOf<typeof reminderConfigDeletedResponseSchema>>(configPath(reminderType), {
    method: 'DELETE',
    defaultError: REMINDER_ERRORS.deleteFailed,
  });
}
