/**
 * The audit trail (spec 3 §2 Audit Logs, §3 audit_summary): one row per event of every service (identity's
 * institutions and users, clinical's patients, test requests and catalogue, notifications' messages, consents
 * and reminders): what was done (AUDIT_EVENTS in contracts) to which record, by whom, in which institution and
 * when. Only the event's metadata is kept, never its data (patient details, message bodies). Kept by the durable
 * consumer `analytics-audit-trail`; a row is its event's id, so a redelivery adds nothing.
 *
 * The institution is the record's: the event's own when it carries one (a test request's, a patient's primary, a
 * user's primary; null for a global catalogue item, a super_admin or a consent), else the newest one an event of
 * the same record carried (`institution_stream`: the record's stream; a reminder's is its test request's). Every
 * event that carries one fills in the entries of its record that carry none, so the result is the same in
 * whatever order the streams arrive.
 */
import {
  aggregateOfStream,
  auditEntryKind,
  AUDIT_EVENTS,
  CLINICAL_EVENT_SCHEMAS,
  FULFILLMENT_EVENT_SCHEMAS,
  RESULTS_EVENT_SCHEMAS,
  IDENTITY_EVENT_SCHEMAS,
  INVENTORY_EVENT_SCHEMAS,
  NOTIFICATION_EVENT_SCHEMAS,
  parseEventData,
  streamName,
  type EventEnvelope,
} from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

const EVENT_SCHEMAS = {
  ...IDENTITY_EVENT_SCHEMAS,
  ...CLINICAL_EVENT_SCHEMAS,
  ...NOTIFICATION_EVENT_SCHEMAS,
  ...INVENTORY_EVENT_SCHEMAS,
  ...FULFILLMENT_EVENT_SCHEMAS,
  ...RESULTS_EVENT_SCHEMAS,
};

/** The event types the trail records. */
export const AUDITED_EVENT_TYPES = Object.entries(AUDIT_EVENTS)
  .filter(([, kind]) => kind !== null)
  .map(([type]) => type);

/** The record's id within its stream (`testRequest-41` → `41`, `reminder-41-seven_day` → `41-seven_day`). */
const recordIdOf = (stream: string): string => stream.slice(aggregateOfStream(stream).length + 1);

/**
 * The institution an event says its record belongs to (undefined: it says nothing) and the stream whose events
 * tell it.
 */
function institutionOf(
  event: EventEnvelope,
  data: Record<string, unknown>,
): {
  institutionId: number | null | undefined;
  stream: string;
} {
  if (aggregateOfStream(event.stream) === 'reminder' && typeof data.test_request_id === 'number')
    return { institutionId: undefined, stream: streamName('testRequest', data.test_request_id) };
  const own = (institutionId: number | null | undefined) => ({ institutionId, stream: event.stream });
  if (typeof data.institutionId === 'number') return own(data.institutionId);
  if ('institution_id' in data) return own(typeof data.institution_id === 'number' ? data.institution_id : null);
  if (Array.isArray(data.institution_ids)) {
    const [primary] = data.institution_ids as unknown[];
    return own(typeof primary === 'number' ? primary : null);
  }
  // a reminder configuration and an SMS consent are system-wide
  const aggregate = aggregateOfStream(event.stream);
  return own(aggregate === 'reminderConfig' || aggregate === 'smsConsent' ? null : undefined);
}

async function apply(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const kind = auditEntryKind(event.type);
  if (kind === null) return;
  const data = parseEventData(EVENT_SCHEMAS, event.type as keyof typeof EVENT_SCHEMAS, event.data) as Record<
    string,
    unknown
  >;
  const { institutionId, stream } = institutionOf(event, data);
  const known = institutionId !== undefined;
  const newestKnown = sql.fragment`(
    SELECT k.institution_id FROM audit_entries k
    WHERE k.institution_stream = ${stream} AND k.institution_known
    ORDER BY k.occurred_at DESC, k.event_id DESC LIMIT 1)`;
  const inserted = await db.query(sql.unsafe`
    INSERT INTO audit_entries (event_id, event_type, action, table_name, record_id, actor_id, actor_role,
                               institution_id, institution_known, institution_stream, occurred_at)
    VALUES (${event.id}, ${event.type}, ${kind.action}, ${kind.table_name}, ${recordIdOf(event.stream)},
            ${event.actor.userId}, ${event.actor.role},
            ${known ? sql.fragment`${institutionId}::int` : newestKnown}, ${known}, ${stream},
            ${event.occurredAt}::timestamptz)
    ON CONFLICT (event_id) DO NOTHING`);
  if (known && inserted.rowCount > 0) {
    await db.query(sql.unsafe`
      UPDATE audit_entries SET institution_id = ${newestKnown}
      WHERE institution_stream = ${stream} AND NOT institution_known`);
  }
}

export const auditTrailProjection: CrossServiceProjection = {
  name: 'audit-trail',
  // 2: inventory's records too; 3: fulfillment's; 4: results'
  version: 4,
  // Every service's records but identity's account e-mails (AUDIT_EVENTS says why).
  subjects: [
    'lab.identity.institution.>',
    'lab.identity.user.>',
    'lab.clinical.>',
    'lab.notifications.>',
    'lab.inventory.>',
    'lab.fulfillment.>',
    'lab.results.>',
  ],
  handles: AUDITED_EVENT_TYPES,
  tables: ['audit_entries'],
  // Without foreign keys, so that it can be emptied and rebuilt from the events.
  init: `
    CREATE TABLE IF NOT EXISTS audit_entries (
      event_id uuid PRIMARY KEY,
      event_type text NOT NULL,
      action text NOT NULL,
      table_name text NOT NULL,
      record_id text NOT NULL,
      -- who did it (the event's actor); null: the system
      actor_id integer,
      actor_role text,
      -- the record's institution (null: system-wide); institution_known: the event itself said so
      institution_id integer,
      institution_known boolean NOT NULL,
      institution_stream text NOT NULL,
      occurred_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS audit_entries_occurred_idx ON audit_entries (occurred_at DESC, event_id DESC);
    CREATE INDEX IF NOT EXISTS audit_entries_institution_idx
      ON audit_entries (institution_id, occurred_at DESC, event_id DESC);
    CREATE INDEX IF NOT EXISTS audit_entries_stream_idx ON audit_entries (institution_stream, occurred_at DESC);
    CREATE INDEX IF NOT EXISTS audit_entries_actor_idx ON audit_entries (actor_id, occurred_at);`,
  apply,
};
