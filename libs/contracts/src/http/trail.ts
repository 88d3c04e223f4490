/**
 * GET /analytics/test-requests/{id}/trail (one trail per order) and GET /analytics/turnaround (turnaround
 * times): the analytics read side's answers of issue 23, Deliver 5 and 6. Vocabulary in trail.ts.
 */
import { z } from 'zod';
import { ROLES } from '../access';
import { ANALYTICS_TIMEFRAMES, DEFAULT_ANALYTICS_TIMEFRAME } from '../analytics';
import { DELIVERY_STATUSES, NOTIFICATION_CHANNELS } from '../notifications';
import { TEST_REQUEST_STATUSES } from '../test-requests';
import { TRAIL_ENTRY_KINDS, TURNAROUND_MILESTONES } from '../trail';
import { idText, requestObject } from './fields';

/** A message to the patient (or staff) about the request, with its delivery status as it is now. */
export const trailNotificationSchema = z.object({
  notification_id: z.number().int(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient_type: z.string(),
  delivery_status: z.enum(DELIVERY_STATUSES),
  /** The failure's or the skip's reason; null otherwise. */
  error_message: z.string().nullable(),
  /** When the provider took it, delivered it or it failed (the last report); null while pending. */
  updated_at: z.string().nullable(),
});
export type TrailNotification = z.infer<typeof trailNotificationSchema>;

export const trailEntrySchema = z.object({
  /** The event's id: what another entry's caused_by names. */
  id: z.string(),
  kind: z.enum(TRAIL_ENTRY_KINDS),
  /** The event's type as its service appended it (TestRequestCancelled, NotificationRequested…). */
  event_type: z.string(),
  title: z.string(),
  /** What it said: the new status, the cancellation's message, the reminder's time… */
  detail: z.string().nullable(),
  /** The request's status after it; null where the entry does not change it. */
  status: z.enum(TEST_REQUEST_STATUSES).nullable(),
  occurred_at: z.string(),
  /** Who: a user's name and role, or the system (user_id null, name 'System'). */
  actor: z.object({ user_id: z.number().int().nullable(), name: z.string(), role: z.enum(ROLES).nullable() }),
  /** Why, in words ('The cancellation', 'Reminder 3 hours before', 'Send Notification'); null: the actor's act. */
  cause: z.string().nullable(),
  /** The entry of this trail that caused it (by causation id, or the reminder that sent it); null when none. */
  caused_by: z.string().nullable(),
  correlation_id: z.string(),
  causation_id: z.string().nullable(),
  notification: trailNotificationSchema.nullable(),
});
export type TrailEntry = z.infer<typeof trailEntrySchema>;

/** Oldest first. */
export const testRequestTrailSchema = z.object({
  test_request_id: z.number().int(),
  entries: z.array(trailEntrySchema),
});
export type TestRequestTrail = z.infer<typeof testRequestTrailSchema>;

/** GET /analytics/turnaround?timeframe&institution_id. */
export const turnaroundQuerySchema = requestObject({
  timeframe: z
    .enum(ANALYTICS_TIMEFRAMES.map(String) as [string, ...string[]], {
      message: `must be one of ${ANALYTICS_TIMEFRAMES.join(', ')}`,
    })
    .optional()
    .transform((value) => (value === undefined ? DEFAULT_ANALYTICS_TIMEFRAME : Number(value))),
  institution_id: idText.optional(),
});
export type TurnaroundQuery = z.infer<typeof turnaroundQuerySchema>;

export const turnaroundStageFigureSchema = z.object({
  /** TURNAROUND_STAGES' key. */
  stage: z.string(),
  from: z.enum(TURNAROUND_MILESTONES),
  to: z.enum(TURNAROUND_MILESTONES),
  /** The requests that reached both milestones. */
  count: z.number().int(),
  /** Hours, to two decimals; null when no request reached both. */
  median_hours: z.number().nullable(),
  p90_hours: z.number().nullable(),
});

export const turnaroundGroupSchema = z.object({
  institution_id: z.number().int(),
  institution_name: z.string().nullable(),
  lab_id: z.number().int(),
  lab_name: z.string().nullable(),
  /** Requests ordered in the timeframe. */
  requests: z.number().int(),
  stages: z.array(turnaroundStageFigureSchema),
});
export type TurnaroundGroup = z.infer<typeof turnaroundGroupSchema>;

export const slowOpenRequestSchema = z.object({
  id: z.number().int(),
  display_id: z.string(),
  institution_id: z.number().int(),
  lab_id: z.number().int(),
  status: z.enum(TEST_REQUEST_STATUSES),
  /** Since ordered, to two decimals. */
  hours_open: z.number(),
});

export const turnaroundSchema = z.object({
  timeframe: z.number().int(),
  /** By institution, then lab. */
  groups: z.array(turnaroundGroupSchema),
  /** Open (neither completed nor cancelled, not archived), longest open first; TURNAROUND_SLOWEST_OPEN at most. */
  slowest_open: z.array(slowOpenRequestSchema),
});
export type Turnaround = z.infer<typeof turnaroundSchema>;
