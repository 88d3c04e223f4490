/**
 * One trail per order (issue 23, Deliver 6): every event of every service that says something happened to a
 * test request, one row each (its event id: a redelivery adds nothing), with who, when, the correlation and
 * causation ids; and each message's delivery status as it is now. Kept by the durable consumer
 * `analytics-order-trail` from the start of the streams. Streams arrive in any order with respect to each other:
 * an entry is filed under its request whether or not the request is known yet, and a message's outcome (sent,
 * delivered, failed) before its request is kept and ranked, so nothing is lost.
 *
 * Adding an event kind is one entry in TRAIL_EVENTS (and its kind and title in contracts' trail.ts).
 */
import {
  CLINICAL_EVENT_SCHEMAS,
  NOTIFICATION_CAUSES,
  NOTIFICATION_EVENT_SCHEMAS,
  parseEventData,
  REMINDER_CANCEL_REASONS,
  reminderCauseText,
  testRequestStatusAfter,
  type DeliveryStatus,
  type EventEnvelope,
  type TestRequestStatus,
  type TrailEntryKind,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** What one event adds to its request's trail. */
interface TrailRow {
  testRequestId: number;
  kind: TrailEntryKind;
  detail?: string | null;
  status?: TestRequestStatus | null;
  cause?: string | null;
  /** A message's id (its entry shows its delivery status). */
  notificationId?: number | null;
  /** The messages a reminder requested (their entries name it as their cause). */
  notificationIds?: readonly number[];
}

interface TrailEvent {
  /** The JetStream subject that carries it. */
  subject: string;
  /** Its row, or null when it concerns no test request (a message to staff). */
  row(event: EventEnvelope): TrailRow | null;
}

const TEST_REQUESTS = 'lab.clinical.testRequest.>';
const NOTIFICATIONS = 'lab.notifications.notification.>';
const REMINDERS = 'lab.notifications.reminder.>';

const clinical = <T extends keyof typeof CLINICAL_EVENT_SCHEMAS>(type: T, event: EventEnvelope) =>
  parseEventData(CLINICAL_EVENT_SCHEMAS, type, event.data);
const notifications = <T extends keyof typeof NOTIFICATION_EVENT_SCHEMAS>(type: T, event: EventEnvelope) =>
  parseEventData(NOTIFICATION_EVENT_SCHEMAS, type, event.data);

const MESSAGE_PREVIEW = 300;
const preview = (text: string): string => (text.length > MESSAGE_PREVIEW ? `${text.slice(0, MESSAGE_PREVIEW)}…` : text);

const reminderRow =
  (type: 'ReminderScheduled' | 'ReminderMissed' | 'ReminderTooLate', kind: TrailEntryKind) =>
  (event: EventEnvelope): TrailRow => {
    const data = notifications(type, event);
    return {
      testRequestId: data.test_request_id,
      kind,
      detail: `Due ${data.scheduled_for}`,
      cause: reminderCauseText(data.reminder_type),
    };
  };

/** The events a trail is made of, by type. */
export const TRAIL_EVENTS: Readonly<Record<string, TrailEvent>> = {
  TestRequestCreated: {
    subject: TEST_REQUESTS,
    row: (event) => {
      const data = clinical('TestRequestCreated', event);
      return { testRequestId: data.testRequestId, kind: 'ordered', detail: data.test_name, status: data.status };
    },
  },
  TestRequestUpdated: {
    subject: TEST_REQUESTS,
    row: (event) => {
      const data = clinical('TestRequestUpdated', event);
      return { testRequestId: data.testRequestId, kind: 'edited', detail: data.test_name, status: data.status };
    },
  },
  TestRequestStatusChanged: {
    subject: TEST_REQUESTS,
    row: (event) => {
      const data = clinical('TestRequestStatusChanged', event);
      return { testRequestId: data.testRequestId, kind: 'status_changed', status: testRequestStatusAfter(data) };
    },
  },
  TestRequestCancelled: {
    subject: TEST_REQUESTS,
    row: (event) => {
      const data = clinical('TestRequestCancelled', event);
      return {
        testRequestId: data.testRequestId,
        kind: 'cancelled',
        detail: data.custom_message ?? null,
        status: testRequestStatusAfter(data),
      };
    },
  },
  TestRequestArchived: {
    subject: TEST_REQUESTS,
    row: (event) => ({ testRequestId: clinical('TestRequestArchived', event).testRequestId, kind: 'archived' }),
  },
  TestRequestRestored: {
    subject: TEST_REQUESTS,
    row: (event) => ({ testRequestId: clinical('TestRequestRestored', event).testRequestId, kind: 'restored' }),
  },
  TestRequestNotificationRequested: {
    subject: TEST_REQUESTS,
    row: (event) => {
      const data = clinical('TestRequestNotificationRequested', event);
      return { testRequestId: data.testRequestId, kind: 'notification_requested', detail: data.custom_message };
    },
  },
  NotificationRequested: {
    subject: NOTIFICATIONS,
    row: (event) => {
      const data = notifications('NotificationRequested', event);
      if (data.test_request_id === null) return null;
      const reminder = data.reminder_type ?? (data.message_type.endsWith('_before') ? data.message_type : null);
      return {
        testRequestId: data.test_request_id,
        kind: 'notification',
        detail: preview(data.subject ?? data.body),
        cause: reminder === null ? (NOTIFICATION_CAUSES[data.message_type] ?? null) : reminderCauseText(reminder),
        notificationId: data.notificationId,
      };
    },
  },
  ReminderScheduled: { subject: REMINDERS, row: reminderRow('ReminderScheduled', 'reminder_scheduled') },
  ReminderMissed: { subject: REMINDERS, row: reminderRow('ReminderMissed', 'reminder_missed') },
  ReminderTooLate: { subject: REMINDERS, row: reminderRow('ReminderTooLate', 'reminder_too_late') },
  ReminderSent: {
    subject: REMINDERS,
    row: (event) => {
      const data = notifications('ReminderSent', event);
      return {
        testRequestId: data.test_request_id,
        kind: 'reminder_sent',
        detail: `Due ${data.scheduled_for}`,
        cause: reminderCauseText(data.reminder_type),
        notificationIds: data.notification_ids,
      };
    },
  },
  ReminderCancelled: {
    subject: REMINDERS,
    row: (event) => {
      const data = notifications('ReminderCancelled', event);
      return {
        testRequestId: data.test_request_id,
        kind: 'reminder_cancelled',
        detail: REMINDER_CANCEL_REASONS[data.reason] ?? data.reason,
        cause: reminderCauseText(data.reminder_type),
      };
    },
  },
};

/** A message's delivery as one outcome event says it: ranked, so a later report never goes back to an earlier. */
interface DeliveryOutcome {
  notificationId: number;
  status: DeliveryStatus;
  rank: number;
  error: string | null;
}

/** The events that tell what became of a message (NotificationRequested is its pending start). */
export const DELIVERY_OUTCOMES: Readonly<Record<string, (event: EventEnvelope) => DeliveryOutcome>> = {
  NotificationRequested: (event) => ({
    notificationId: notifications('NotificationRequested', event).notificationId,
    status: 'pending',
    rank: 0,
    error: null,
  }),
  NotificationAttemptFailed: (event) => {
    const data = notifications('NotificationAttemptFailed', event);
    return { notificationId: data.notificationId, status: 'pending', rank: 0, error: data.error_message };
  },
  NotificationSent: (event) => ({
    notificationId: notifications('NotificationSent', event).notificationId,
    status: 'sent',
    rank: 1,
    error: null,
  }),
  NotificationDelivered: (event) => ({
    notificationId: notifications('NotificationDelivered', event).notificationId,
    status: 'delivered',
    rank: 2,
    error: null,
  }),
  NotificationFailed: (event) => {
    const data = notifications('NotificationFailed', event);
    return { notificationId: data.notificationId, status: 'failed', rank: 2, error: data.error_message };
  },
  NotificationSkipped: (event) => {
    const data = notifications('NotificationSkipped', event);
    return { notificationId: data.notificationId, status: 'skipped', rank: 2, error: data.reason };
  },
};

/** Without foreign keys, so that they can be emptied and rebuilt from the events. */
const TRAIL_TABLES = `
  CREATE TABLE IF NOT EXISTS trail_entries (
    event_id uuid PRIMARY KEY,
    test_request_id integer NOT NULL,
    kind text NOT NULL,
    event_type text NOT NULL,
    detail text,
    status text,
    cause text,
    notification_id integer,
    notification_ids integer[] NOT NULL DEFAULT '{}',
    occurred_at timestamptz NOT NULL,
    -- who (the event's actor); null: the system
    actor_id integer,
    actor_role text,
    correlation_id text NOT NULL,
    causation_id text
  );
  CREATE INDEX IF NOT EXISTS trail_entries_request_idx ON trail_entries (test_request_id, occurred_at);

  -- Each message's delivery as its last-ranked outcome says: pending (0) < sent (1) < delivered, failed,
  -- skipped (2); among equals the later. A row may come before its NotificationRequested (channel null).
  CREATE TABLE IF NOT EXISTS trail_deliveries (
    notification_id integer PRIMARY KEY,
    channel text,
    recipient_type text,
    delivery_status text NOT NULL,
    error_message text,
    status_rank integer NOT NULL,
    status_at timestamptz NOT NULL,
    -- the last outcome's time (null while only requested)
    reported_at timestamptz
  );
`;

async function recordEntry(db: CommonQueryMethods, event: EventEnvelope, row: TrailRow): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO trail_entries (event_id, test_request_id, kind, event_type, detail, status, cause, notification_id,
                               notification_ids, occurred_at, actor_id, actor_role, correlation_id, causation_id)
    VALUES (${event.id}, ${row.testRequestId}, ${row.kind}, ${event.type}, ${row.detail ?? null},
            ${row.status ?? null}, ${row.cause ?? null}, ${row.notificationId ?? null},
            ${sql.array([...(row.notificationIds ?? [])], 'int4')}, ${event.occurredAt}::timestamptz,
            ${event.actor.userId}, ${event.actor.role}, ${event.correlationId}, ${event.causationId})
    ON CONFLICT (event_id) DO NOTHING`);
}

/** Whether the outcome being recorded outranks the one on record. */
const LATER = sql.fragment`(excluded.status_rank, excluded.status_at) > (trail_deliveries.status_rank, trail_deliveries.status_at)`;

async function recordDelivery(db: CommonQueryMethods, event: EventEnvelope, outcome: DeliveryOutcome): Promise<void> {
  const requested = event.type === 'NotificationRequested';
  const message = requested ? notifications('NotificationRequested', event) : null;
  await db.query(sql.unsafe`
    INSERT INTO trail_deliveries (notification_id, channel, recipient_type, delivery_status, error_message,
                                  status_rank, status_at, reported_at)
    VALUES (${outcome.notificationId}, ${message?.notification_type ?? null}, ${message?.recipient_type ?? null},
            ${outcome.status}, ${outcome.error}, ${outcome.rank}, ${event.occurredAt}::timestamptz,
            ${requested ? null : event.occurredAt}::timestamptz)
    ON CONFLICT (notification_id) DO UPDATE SET
      channel = coalesce(excluded.channel, trail_deliveries.channel),
      recipient_type = coalesce(excluded.recipient_type, trail_deliveries.recipient_type),
      delivery_status = CASE WHEN ${LATER} THEN excluded.delivery_status ELSE trail_deliveries.delivery_status END,
      error_message = CASE WHEN ${LATER} THEN excluded.error_message ELSE trail_deliveries.error_message END,
      status_rank = CASE WHEN ${LATER} THEN excluded.status_rank ELSE trail_deliveries.status_rank END,
      status_at = CASE WHEN ${LATER} THEN excluded.status_at ELSE trail_deliveries.status_at END,
      reported_at = CASE WHEN ${LATER} THEN excluded.reported_at ELSE trail_deliveries.reported_at END`);
}

export const orderTrailProjection: CrossServiceProjection = {
  name: 'order-trail',
  version: 1,
  subjects: [...new Set(Object.values(TRAIL_EVENTS).map((entry) => entry.subject))],
  handles: [...new Set([...Object.keys(TRAIL_EVENTS), ...Object.keys(DELIVERY_OUTCOMES)])],
  tables: ['trail_entries', 'trail_deliveries'],
  init: TRAIL_TABLES,
  apply: async (db, event) => {
    const row = TRAIL_EVENTS[event.type]?.row(event);
    if (row) await recordEntry(db, event, row);
    const outcome = DELIVERY_OUTCOMES[event.type]?.(event);
    if (outcome) await recordDelivery(db, event, outcome);
  },
};
