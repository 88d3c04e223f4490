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
  INVENTORY_ITEM_SUBJECTS,
  CLINICAL_EVENT_SCHEMAS,
  formatFulfillmentId,
  formatResultId,
  FULFILLMENT_EVENT_SCHEMAS,
  FULFILLMENT_REQUEST_SUBJECTS,
  INVENTORY_EVENT_SCHEMAS,
  NOTIFICATION_CAUSES,
  NOTIFICATION_EVENT_SCHEMAS,
  parseEventData,
  REMINDER_CANCEL_REASONS,
  reminderCauseText,
  RESULT_SUBJECTS,
  RESULTS_EVENT_SCHEMAS,
  testRequestStatusAfter,
  type DeliveryStatus,
  type EventEnvelope,
  type ResultsEventType,
  type TestRequestStatus,
  type TrailEntryKind,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** What one event adds to its request's trail. */
interface TrailRow {
  /** Its request; or, for a kit's step, its fulfillment request's (looked up in trail_kits). */
  testRequestId: number | { fulfillmentRequestId: number };
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

const [FULFILLMENT] = FULFILLMENT_REQUEST_SUBJECTS;
const INVENTORY = INVENTORY_ITEM_SUBJECTS[0];
const fulfillment = <T extends keyof typeof FULFILLMENT_EVENT_SCHEMAS>(type: T, event: EventEnvelope) =>
  parseEventData(FULFILLMENT_EVENT_SCHEMAS, type, event.data);
const units = (quantity: number) => (quantity === 1 ? '1 unit' : `${quantity} units`);

/** A step of a kit's journey, after its FulfillmentRequested. */
const kitStep =
  (
    type: 'FulfillmentAssigned' | 'FulfillmentDelivered' | 'FulfillmentCancelled' | 'FulfillmentReopened',
    kind: TrailEntryKind,
  ) =>
  (event: EventEnvelope): TrailRow => {
    const data = fulfillment(type, event);
    return {
      testRequestId: { fulfillmentRequestId: data.fulfillmentRequestId },
      kind,
      detail: 'notes' in data ? data.notes : null,
    };
  };

const [RESULTS] = RESULT_SUBJECTS;

/** A step of a result's review: its RES- id, and an amendment's reason as its cause. */
const resultStep =
  (type: ResultsEventType, kind: TrailEntryKind) =>
  (event: EventEnvelope): TrailRow => {
    const data = parseEventData(RESULTS_EVENT_SCHEMAS, type, event.data);
    return {
      testRequestId: data.test_request_id,
      kind,
      detail: formatResultId(data.resultId),
      cause: 'reason' in data ? data.reason : null,
    };
  };

/** The events a trail is made of, by type. */
export const TRAIL_EVENTS: Readonly<Record<string, TrailEvent>> = {
  FulfillmentRequested: {
    subject: FULFILLMENT,
    row: (event) => {
      const data = fulfillment('FulfillmentRequested', event);
      return {
        testRequestId: data.test_request_id,
        kind: 'kit_requested',
        detail: `${formatFulfillmentId(data.fulfillmentRequestId)}: ${units(data.quantity_requested)}`,
        cause: data.replaces_request_id === null ? null : `Replaces ${formatFulfillmentId(data.replaces_request_id)}`,
      };
    },
  },
  FulfillmentAssigned: { subject: FULFILLMENT, row: kitStep('FulfillmentAssigned', 'kit_assigned') },
  FulfillmentDispatched: {
    subject: FULFILLMENT,
    row: (event) => {
      const data = fulfillment('FulfillmentDispatched', event);
      return {
        testRequestId: { fulfillmentRequestId: data.fulfillmentRequestId },
        kind: 'kit_dispatched',
        detail: `Tracking number ${data.tracking_number}`,
      };
    },
  },
  FulfillmentDelivered: { subject: FULFILLMENT, row: kitStep('FulfillmentDelivered', 'kit_delivered') },
  FulfillmentCancelled: { subject: FULFILLMENT, row: kitStep('FulfillmentCancelled', 'kit_cancelled') },
  FulfillmentReopened: { subject: FULFILLMENT, row: kitStep('FulfillmentReopened', 'kit_reopened') },
  InventoryStockReserved: {
    subject: INVENTORY,
    row: (event) => {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryStockReserved', event.data);
      return {
        testRequestId: { fulfillmentRequestId: data.fulfillment_request_id },
        kind: 'kit_reserved',
        detail: `${units(data.quantity)} held in stock`,
      };
    },
  },
  InventoryReservationRefused: {
    subject: INVENTORY,
    row: (event) => {
      const data = parseEventData(INVENTORY_EVENT_SCHEMAS, 'InventoryReservationRefused', event.data);
      return {
        testRequestId: { fulfillmentRequestId: data.fulfillment_request_id },
        kind: 'kit_reservation_refused',
        detail: data.reason,
      };
    },
  },
  ResultEntered: { subject: RESULTS, row: resultStep('ResultEntered', 'result_entered') },
  ResultUpdated: { subject: RESULTS, row: resultStep('ResultUpdated', 'result_updated') },
  ResultReviewed: { subject: RESULTS, row: resultStep('ResultReviewed', 'result_reviewed') },
  ResultFinalized: { subject: RESULTS, row: resultStep('ResultFinalized', 'result_released') },
  ResultAmended: { subject: RESULTS, row: resultStep('ResultAmended', 'result_amended') },
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
      return {
        testRequestId: data.testRequestId,
        kind: 'status_changed',
        status: testRequestStatusAfter(data),
        // another service's fact that moved it ('Kit delivered (FUL-…)')
        cause: data.cause ?? null,
      };
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

  -- The test request each fulfillment request ships a kit for (from FulfillmentRequested): a kit's later steps,
  -- and inventory's holds, name only their fulfillment request.
  CREATE TABLE IF NOT EXISTS trail_kits (
    fulfillment_request_id integer PRIMARY KEY,
    test_request_id integer NOT NULL
  );

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
  if (event.type === 'FulfillmentRequested' && typeof row.testRequestId === 'number') {
    await db.query(sql.unsafe`
      INSERT INTO trail_kits (fulfillment_request_id, test_request_id)
      VALUES (${fulfillment('FulfillmentRequested', event).fulfillmentRequestId}, ${row.testRequestId})
      ON CONFLICT (fulfillment_request_id) DO NOTHING`);
  }
  // A kit's later step names its fulfillment request, whose FulfillmentRequested (its cause, published before it)
  // filed the request here.
  const testRequestId =
    typeof row.testRequestId === 'number'
      ? row.testRequestId
      : await db.maybeOneFirst(sql.type(z.object({ test_request_id: z.number().int() }))`
          SELECT test_request_id FROM trail_kits WHERE fulfillment_request_id = ${row.testRequestId.fulfillmentRequestId}`);
  if (testRequestId === null) return;
  await db.query(sql.unsafe`
    INSERT INTO trail_entries (event_id, test_request_id, kind, event_type, detail, status, cause, notification_id,
                               notification_ids, occurred_at, actor_id, actor_role, correlation_id, causation_id)
    VALUES (${event.id}, ${testRequestId}, ${row.kind}, ${event.type}, ${row.detail ?? null},
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
  // 2: the kit's journey (fulfillment's requests and inventory's holds); 3: the result's review, and a status
  // change's cause
  version: 3,
  subjects: [...new Set(Object.values(TRAIL_EVENTS).map((entry) => entry.subject))],
  handles: [...new Set([...Object.keys(TRAIL_EVENTS), ...Object.keys(DELIVERY_OUTCOMES)])],
  tables: ['trail_entries', 'trail_deliveries', 'trail_kits'],
  init: TRAIL_TABLES,
  apply: async (db, event) => {
    const row = TRAIL_EVENTS[event.type]?.row(event);
    if (row) await recordEntry(db, event, row);
    const outcome = DELIVERY_OUTCOMES[event.type]?.(event);
    if (outcome) await recordDelivery(db, event, outcome);
  },
};
