import {
  NOTIFICATION_EVENT_SCHEMAS,
  NOTIFICATION_MESSAGE_EVENT_SCHEMAS,
  parseEventData,
  type EventEnvelope,
} from '@labline/contracts';
import type { Projection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** The read-model constraint of one message per cause, recipient and channel. */
export const IDEMPOTENCY_KEY_INDEX = 'notification_logs_idempotency_key_idx';

async function applyNotificationEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const at = event.occurredAt;
  switch (event.type) {
    case 'NotificationRequested': {
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'NotificationRequested', event.data);
      await db.query(sql.unsafe`
        INSERT INTO notification_logs (
          id, idempotency_key, message_type, notification_type, recipient_type, recipient_email, recipient_phone,
          patient_id, patient_name, subject, body, reply_to, test_request_id, institution_id, triggered_by_type,
          triggered_by_user_id, delivery_status, attempts, next_attempt_at, created_at, updated_at, version)
        VALUES (
          ${data.notificationId}, ${data.idempotency_key}, ${data.message_type}, ${data.notification_type},
          ${data.recipient_type}, ${data.recipient_email}, ${data.recipient_phone}, ${data.patient_id},
          ${data.patient_name}, ${data.subject}, ${data.body}, ${data.reply_to}, ${data.test_request_id},
          ${data.institution_id}, ${data.triggered_by_type}, ${data.triggered_by_user_id}, 'pending', 0,
          ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${event.version})
        ON CONFLICT (id) DO NOTHING`);
      return;
    }
    case 'NotificationSent': {
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'NotificationSent', event.data);
      await db.query(sql.unsafe`
        UPDATE notification_logs
        SET delivery_status = 'sent', attempts = ${data.attempt}, provider_message_id = ${data.provider_message_id},
            error_message = NULL, next_attempt_at = NULL, sent_at = ${at}::timestamptz,
            updated_at = ${at}::timestamptz, version = ${event.version}
        WHERE id = ${data.notificationId} AND version < ${event.version}`);
      return;
    }
    case 'NotificationAttemptFailed': {
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'NotificationAttemptFailed', event.data);
      await db.query(sql.unsafe`
        UPDATE notification_logs
        SET attempts = ${data.attempt}, error_message = ${data.error_message},
            next_attempt_at = ${data.retry_at}::timestamptz, updated_at = ${at}::timestamptz, version = ${event.version}
        WHERE id = ${data.notificationId} AND version < ${event.version}`);
      return;
    }
    case 'NotificationDelivered': {
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'NotificationDelivered', event.data);
      await db.query(sql.unsafe`
        UPDATE notification_logs
        SET delivery_status = 'delivered', error_message = NULL, next_attempt_at = NULL,
            provider_message_id = coalesce(${data.provider_message_id}, provider_message_id),
            sent_at = coalesce(sent_at, ${at}::timestamptz), updated_at = ${at}::timestamptz, version = ${event.version}
        WHERE id = ${data.notificationId} AND version < ${event.version}`);
      return;
    }
    case 'NotificationSkipped': {
      // In the request's own append: the worker never sees the message pending.
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'NotificationSkipped', event.data);
      await db.query(sql.unsafe`
        UPDATE notification_logs
        SET delivery_status = 'skipped', error_message = ${data.reason}, next_attempt_at = NULL,
            updated_at = ${at}::timestamptz, version = ${event.version}
        WHERE id = ${data.notificationId} AND version < ${event.version}`);
      return;
    }
    case 'NotificationFailed': {
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'NotificationFailed', event.data);
      await db.query(sql.unsafe`
        UPDATE notification_logs
        SET delivery_status = 'failed', attempts = greatest(attempts, ${data.attempt}),
            error_message = ${data.error_message}, next_attempt_at = NULL,
            provider_message_id = coalesce(${data.provider_message_id}, provider_message_id),
            updated_at = ${at}::timestamptz, version = ${event.version}
        WHERE id = ${data.notificationId} AND version < ${event.version}`);
      return;
    }
  }
}

/** The notification log (spec 3 §3), in the append transaction: the command's answer already shows it. */
export const notificationLogsProjection: Projection = {
  name: 'notification-logs',
  version: 1,
  handles: Object.keys(NOTIFICATION_MESSAGE_EVENT_SCHEMAS),
  tables: ['notification_logs'],
  apply: applyNotificationEvent,
};
