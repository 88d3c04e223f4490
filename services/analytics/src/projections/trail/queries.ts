/**
 * A test request's trail, read within the caller's scope: the request as clinical's rule reads it
 * (canReadTestRequest; an archived one only for the roles that see the archive), else null (404).
 */
import {
  archivesTestRequests,
  canReadTestRequest,
  deliveryStatusSchema,
  notificationChannelSchema,
  roleSchema,
  testRequestStatusSchema,
  TRAIL_ENTRY_KINDS,
  TRAIL_ENTRY_TITLES,
  TRAIL_SYSTEM_ACTOR,
  type Caller,
  type TestRequestTrail,
  type TrailEntry,
} from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const accessFactsSchema = z.object({
  institution_id: z.number().int(),
  clinician_id: z.number().int().nullable(),
  patient_clinician_id: z.number().int().nullable(),
  status: testRequestStatusSchema,
  archived: z.boolean(),
});

const entryRowSchema = z.object({
  id: z.string(),
  kind: z.enum(TRAIL_ENTRY_KINDS),
  event_type: z.string(),
  detail: z.string().nullable(),
  status: testRequestStatusSchema.nullable(),
  cause: z.string().nullable(),
  occurred_at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_role: roleSchema.nullable(),
  actor_name: z.string().nullable(),
  correlation_id: z.string(),
  causation_id: z.string().nullable(),
  notification_id: z.number().int().nullable(),
  notification_ids: z.array(z.number().int()),
  channel: notificationChannelSchema.nullable(),
  recipient_type: z.string().nullable(),
  delivery_status: deliveryStatusSchema.nullable(),
  error_message: z.string().nullable(),
  reported_at: z.string().nullable(),
});
type EntryRow = z.infer<typeof entryRowSchema>;

/** Whether the caller may read the request's trail: as they may read the request in clinical. */
async function readable(db: CommonQueryMethods, caller: Caller, testRequestId: number): Promise<boolean> {
  const facts = await db.maybeOne(sql.type(accessFactsSchema)`
    SELECT r.institution_id, r.clinician_id, p.clinician_id AS patient_clinician_id, r.status, r.archived
    FROM test_request_summaries r
    LEFT JOIN patients p ON p.id = r.patient_id AND NOT p.deleted
    WHERE r.id = ${testRequestId}`);
  if (facts === null) return false;
  return canReadTestRequest(caller, facts) && (!facts.archived || archivesTestRequests(caller));
}

/** The entry that caused another: by causation id, or (a reminder's message) the reminder that requested it. */
function causeOf(row: EntryRow, rows: readonly EntryRow[]): string | null {
  const byCausation = rows.find((other) => other.id === row.causation_id);
  if (byCausation) return byCausation.id;
  if (row.notification_id === null) return null;
  const notificationId = row.notification_id;
  return rows.find((other) => other.notification_ids.includes(notificationId))?.id ?? null;
}

function entryOf(row: EntryRow, rows: readonly EntryRow[]): TrailEntry {
  return {
    id: row.id,
    kind: row.kind,
    event_type: row.event_type,
    title: TRAIL_ENTRY_TITLES[row.kind],
    detail: row.detail,
    status: row.status,
    occurred_at: row.occurred_at,
    actor: {
      user_id: row.actor_id,
      name: row.actor_id === null ? TRAIL_SYSTEM_ACTOR : (row.actor_name ?? `User ${row.actor_id}`),
      role: row.actor_role,
    },
    cause: row.cause,
    caused_by: causeOf(row, rows),
    correlation_id: row.correlation_id,
    causation_id: row.causation_id,
    notification:
      row.notification_id === null || row.channel === null || row.delivery_status === null
        ? null
        : {
            notification_id: row.notification_id,
            channel: row.channel,
            recipient_type: row.recipient_type ?? 'patient',
            delivery_status: row.delivery_status,
            error_message: row.error_message,
            updated_at: row.reported_at,
          },
  };
}

export async function testRequestTrail(
  db: CommonQueryMethods,
  caller: Caller,
  testRequestId: number,
): Promise<TestRequestTrail | null> {
  if (!(await readable(db, caller, testRequestId))) return null;
  const rows = await db.any(sql.type(entryRowSchema)`
    SELECT e.event_id::text AS id, e.kind, e.event_type, e.detail, e.status, e.cause, e.occurred_at, e.actor_id,
           e.actor_role, u.first_name || ' ' || u.last_name AS actor_name, e.correlation_id, e.causation_id,
           e.notification_id, e.notification_ids, d.channel, d.recipient_type, d.delivery_status, d.error_message,
           d.reported_at
    FROM trail_entries e
    LEFT JOIN users u ON u.id = e.actor_id
    LEFT JOIN trail_deliveries d ON d.notification_id = e.notification_id
    WHERE e.test_request_id = ${testRequestId}
    ORDER BY e.occurred_at, e.event_id`);
  return { test_request_id: testRequestId, entries: rows.map((row) => entryOf(row, rows)) };
}
