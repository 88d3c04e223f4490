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

/**
 * The notification log's DDL (Projection.init). A pending row is also the delivery worker's queue: it is due at
 * next_attempt_at. Without foreign keys, so that it can be emptied and rebuilt from the events.
 */
const NOTIFICATION_LOGS_TABLE = `
  -- The log's search box matches a substring of the recipient's e-mail or phone or the subject.
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

  CREATE TABLE IF NOT EXISTS notification_logs (
    id integer PRIMARY KEY,
    -- one message per cause, recipient and channel: a redelivered event never requests a second one
    idempotency_key text NOT NULL,
    message_type text NOT NULL,
    notification_type text NOT NULL,
    recipient_type text NOT NULL,
    recipient_email text,
    recipient_phone text,
    patient_id integer,
    patient_name text,
    subject text,
    body text NOT NULL,
    reply_to text,
    test_request_id integer,
    institution_id integer,
    triggered_by_type text NOT NULL,
    triggered_by_user_id integer,
    delivery_status text NOT NULL,
    error_message text,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    provider_message_id text,
    created_at timestamptz NOT NULL,
    sent_at timestamptz,
    updated_at timestamptz NOT NULL,
    version integer NOT NULL,
    search_text text GENERATED ALWAYS AS (
      ' ' || lower(
        coalesce(recipient_email, '') || ' ' || coalesce(recipient_phone, '') || ' ' || coalesce(subject, '')
      )
    ) STORED,
    -- The search finds a phone number in any spelling the user types (+44 7700 900123, 07700900123, 7700 900123):
    -- the service reads the search text as a phone number's digits (contracts' phoneSearchDigits) and looks for
    -- them in the stored number's digits, whatever spelling an entry from before E.164 was kept in.
    recipient_phone_digits text GENERATED ALWAYS AS (
      regexp_replace(coalesce(recipient_phone, ''), '[^0-9]', '', 'g')
    ) STORED
  );
  -- Columns added after the table was first created: a database from before them gets them here (CREATE TABLE IF
  -- NOT EXISTS leaves an existing table as it is); on any other the statement does nothing.
  ALTER TABLE notification_logs ADD COLUMN IF NOT EXISTS recipient_phone_digits text GENERATED ALWAYS AS (
    regexp_replace(coalesce(recipient_phone, ''), '[^0-9]', '', 'g')
  ) STORED;
  CREATE UNIQUE INDEX IF NOT EXISTS ${IDEMPOTENCY_KEY_INDEX} ON notification_logs (idempotency_key);
  CREATE INDEX IF NOT EXISTS notification_logs_due_idx ON notification_logs (next_attempt_at)
    WHERE delivery_status = 'pending';
  CREATE INDEX IF NOT EXISTS notification_logs_newest_idx ON notification_logs (created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS notification_logs_institution_idx ON notification_logs (institution_id, created_at DESC);
  CREATE INDEX IF NOT EXISTS notification_logs_provider_message_idx ON notification_logs (provider_message_id);
  CREATE INDEX IF NOT EXISTS notification_logs_search_trgm_idx ON notification_logs USING gin (search_text gin_trgm_ops)
    WITH (fastupdate = off);
  CREATE INDEX IF NOT EXISTS notification_logs_phone_digits_trgm_idx
    ON notification_logs USING gin (recipient_phone_digits gin_trgm_ops) WITH (fastupdate = off);
`;

/** The notification log (spec 3 §3), in the append transaction: the command's answer already shows it. */
export const notificationLogsProjection: Projection = {
  name: 'notification-logs',
  version: 1,
  handles: Object.keys(NOTIFICATION_MESSAGE_EVENT_SCHEMAS),
  tables: ['notification_logs'],
  init: NOTIFICATION_LOGS_TABLE,
  apply: applyNotificationEvent,
};
