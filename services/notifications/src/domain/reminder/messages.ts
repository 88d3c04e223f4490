/**
 * What a due reminder asks for: one message per channel of its configuration that consent allows (consent.ts;
 * the others logged as skipped with the reason), written from the configuration's templates (or the fallback
 * wording where one is empty) with the four variables filled in. Its idempotency key is the request, the type,
 * the reminder's time and the channel: a reminder job run twice requests nothing twice, and a reminder planned
 * again for another time is another message.
 */
import {
  formatDateTimeInZone,
  REMINDER_FALLBACK_TEMPLATES,
  reminderChannelList,
  renderReminderTemplate,
  SEVEN_DAY_REMINDER,
  THREE_HOUR_REMINDER,
  type NotificationMessageType,
  type ReminderConfig,
} from '@labline/contracts';
import type { NotificationRequest } from '../../commands/notifications';
import { patientMessageRequests, patientNameOf } from '../../messages';
import type { TestRequestRecipient } from '../../projections/clinical/queries';

/** The log's message type: the spec's two reminder types are message types; any other is 'reminder'. */
export const messageTypeOf = (reminderType: string): NotificationMessageType =>
  reminderType === SEVEN_DAY_REMINDER || reminderType === THREE_HOUR_REMINDER ? reminderType : 'reminder';

export const reminderIdempotencyKey = (
  testRequestId: number,
  reminderType: string,
  scheduledFor: string,
  channel: string,
) => `reminder:${testRequestId}:${reminderType}:${scheduledFor}:${channel}`;

export interface DueReminder {
  recipient: TestRequestRecipient;
  /** The test's expected time, ISO 8601. */
  testAt: string;
  config: ReminderConfig;
  scheduledFor: string;
  timeZone: string;
  /** The patient's number replied STOP. */
  smsOptedOut: boolean;
}

export function reminderRequests(reminder: DueReminder): NotificationRequest[] {
  const { recipient, config } = reminder;
  const values = {
    test_name: recipient.test_name,
    test_datetime: formatDateTimeInZone(reminder.testAt, reminder.timeZone),
    patient_name: patientNameOf(recipient),
    institution_name: recipient.institution_name ?? 'your healthcare provider',
  };
  const render = (template: string | null, fallback: string) => renderReminderTemplate(template ?? fallback, values);
  return patientMessageRequests(recipient, reminder.smsOptedOut, {
    channels: reminderChannelList(config.notification_channels),
    idempotencyKey: (channel) =>
      reminderIdempotencyKey(recipient.test_request_id, config.reminder_type, reminder.scheduledFor, channel),
    message_type: messageTypeOf(config.reminder_type),
    reminder_type: config.reminder_type,
    triggered_by_type: 'system',
    triggered_by_user_id: null,
    subject: render(config.subject_template, REMINDER_FALLBACK_TEMPLATES.subject),
    email: render(config.message_template_email, REMINDER_FALLBACK_TEMPLATES.email),
    sms: render(config.message_template_sms, REMINDER_FALLBACK_TEMPLATES.sms),
  });
}
