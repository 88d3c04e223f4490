import {
  NOTIFICATION_EVENT_SCHEMAS,
  NOTIFICATION_MESSAGE_EVENT_SCHEMAS,
  parseEventData,
  type DeliveryStatus,
  type EventEnvelope,
  type NotificationRequested,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** A notification as one of its status events leaves it: every such event states the whole delivery state. */
interface DeliveryState {
  notificationId: number;
  status: DeliveryStatus;
  errorMessage: string | null;
  /** When the provider took (or delivered) it: this event's time, or null when it says nothing of that. */
  sentAt: string | null;
}

function deliveryStateOf(event: EventEnvelope): DeliveryState | null {
  const at = event.occurredAt;
  switch (event.type) {
    case 'NotificationSent':
    case 'NotificationDelivered': {
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, event.type, event.data);
      const status = event.type === 'NotificationSent' ? 'sent' : 'delivered';
      return { notificationId: data.notificationId, status, errorMessage: null, sentAt: at };
    }
    case 'NotificationAttemptFailed':
    case 'NotificationFailed': {
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, event.type, event.data);
      // A failed attempt that will be retried leaves the message pending, with the reason so far.
      const status = event.type === 'NotificationFailed' ? 'failed' : 'pending';
      return { notificationId: data.notificationId, status, errorMessage: data.error_message, sentAt: null };
    }
    case 'NotificationSkipped': {
      // Not sent on purpose (the patient's contact preference, an SMS opt-out): the reason shows as its error.
      const data = parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'NotificationSkipped', event.data);
      return { notificationId: data.notificationId, status: 'skipped', errorMessage: data.reason, sentAt: null };
    }
    default:
      return null;
  }
}

/**
 * The request fills in what the message was and to whom it went, and nothing of its delivery: a status event that
 * came first (a redelivery after a failure) stays. A message about no test request keeps only its id and status.
 */
async function applyRequested(db: CommonQueryMethods, event: EventEnvelope, data: NotificationRequested) {
  if (data.test_request_id === null) {
    await db.query(sql.unsafe`
      INSERT INTO notification_logs (id, delivery_status, version)
      VALUES (${data.notificationId}, 'pending', ${event.version})
      ON CONFLICT (id) DO NOTHING`);
    return;
  }
  await db.query(sql.unsafe`
    INSERT INTO notification_logs (
      id, test_request_id, institution_id, message_type, notification_type, recipient_type, recipient_email,
      recipient_phone, triggered_by_type, triggered_by_user_id, created_at, delivery_status, version)
    VALUES (
      ${data.notificationId}, ${data.test_request_id}, ${data.institution_id}, ${data.message_type},
      ${data.notification_type}, ${data.recipient_type}, ${data.recipient_email}, ${data.recipient_phone},
      ${data.triggered_by_type}, ${data.triggered_by_user_id}, ${event.occurredAt}::timestamptz, 'pending',
      ${event.version})
    ON CONFLICT (id) DO UPDATE SET
      test_request_id = excluded.test_request_id, institution_id = excluded.institution_id,
      message_type = excluded.message_type, notification_type = excluded.notification_type,
      recipient_type = excluded.recipient_type, recipient_email = excluded.recipient_email,
      recipient_phone = excluded.recipient_phone, triggered_by_type = excluded.triggered_by_type,
      triggered_by_user_id = excluded.triggered_by_user_id, created_at = excluded.created_at`);
}

/**
 * A status event: the status and error of the newest one by stream version (an older or repeated one changes
 * neither), and the earliest time the provider took or delivered it, whatever the order they arrive in.
 */
async function applyDeliveryState(db: CommonQueryMethods, event: EventEnvelope, state: DeliveryState) {
  await db.query(sql.unsafe`
    INSERT INTO notification_logs AS l (id, delivery_status, error_message, sent_at, version)
    VALUES (${state.notificationId}, ${state.status}, ${state.errorMessage}, ${state.sentAt}::timestamptz,
            ${event.version})
    ON CONFLICT (id) DO UPDATE SET
      delivery_status = CASE WHEN l.version < excluded.version THEN excluded.delivery_status ELSE l.delivery_status END,
      error_message = CASE WHEN l.version < excluded.version THEN excluded.error_message ELSE l.error_message END,
      sent_at = least(l.sent_at, excluded.sent_at),
      version = greatest(l.version, excluded.version)`);
}

async function applyNotificationEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  if (event.type === 'NotificationRequested') {
    await applyRequested(db, event, parseEventData(NOTIFICATION_EVENT_SCHEMAS, 'NotificationRequested', event.data));
    return;
  }
  const state = deliveryStateOf(event);
  if (state) await applyDeliveryState(db, event, state);
}

/**
 * The table's DDL (Projection.init): one row per notification. Only a message about a test request keeps what it
 * was and to whom it went; of any other (a password reset, a contact message) the row holds its id and status
 * alone. A status event may arrive before its NotificationRequested (a redelivery after a failure): it writes the
 * status into a row whose descriptive columns the request fills in when it arrives.
 */
const NOTIFICATION_LOGS_TABLE = `
  CREATE TABLE IF NOT EXISTS notification_logs (
    id integer PRIMARY KEY,
    -- null until the request has arrived, or when the message is about no test request
    test_request_id integer,
    institution_id integer,
    message_type text,
    notification_type text,
    recipient_type text,
    recipient_email text,
    recipient_phone text,
    triggered_by_type text,
    triggered_by_user_id integer,
    -- when it was requested
    created_at timestamptz,
    -- the first time the provider took or delivered it
    sent_at timestamptz,
    delivery_status text NOT NULL,
    error_message text,
    -- version of the stream's last projected status event: the guard that keeps a stale or repeated one out
    version integer NOT NULL,
    CONSTRAINT notification_logs_request_described CHECK (
      test_request_id IS NULL OR (message_type IS NOT NULL AND notification_type IS NOT NULL
                                  AND recipient_type IS NOT NULL AND triggered_by_type IS NOT NULL
                                  AND created_at IS NOT NULL)
    )
  );
  CREATE INDEX IF NOT EXISTS notification_logs_test_request_id_idx
    ON notification_logs (test_request_id, created_at DESC, id DESC) WHERE test_request_id IS NOT NULL;
`;

/**
 * notification_logs: the messages the notifications service sent about each test request and how their delivery
 * went, for the request's Notification History. Kept by the durable consumer `clinical-notification-logs`;
 * idempotent and order-tolerant (see applyRequested, applyDeliveryState), so a rebuild from the JetStream stream
 * gives the same rows.
 */
export const notificationLogsProjection: CrossServiceProjection = {
  name: 'notification-logs',
  version: 1,
  subjects: ['lab.notifications.notification.>'],
  handles: Object.keys(NOTIFICATION_MESSAGE_EVENT_SCHEMAS),
  tables: ['notification_logs'],
  init: NOTIFICATION_LOGS_TABLE,
  apply: applyNotificationEvent,
};
