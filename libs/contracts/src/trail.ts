/**
 * One trail per order and turnaround times (issue 23, Deliver 5 and 6), the analytics read side's vocabulary:
 * the kinds of a trail's entries with their titles, the milestones a request passes and the stages between
 * them, and who reads turnaround. Pure and free of zod, so the web app's Order Trail card reads the same titles.
 * A service that lands (inventory, fulfillment, results) adds its entry kinds and milestones here, and one
 * entry each to analytics' tables of events (services/analytics/src/projections/trail, …/turnaround).
 */
import type { Caller } from './records';
import { isArchivableStatus, TEST_REQUEST_STATUSES, type TestRequestStatus } from './test-requests';

/** What a trail entry records: the event kinds it is made of, by the service that appended them. */
export const TRAIL_ENTRY_KINDS = [
  'ordered',
  'edited',
  'status_changed',
  'cancelled',
  'archived',
  'restored',
  'notification_requested',
  'notification',
  'reminder_scheduled',
  'reminder_sent',
  'reminder_missed',
  'reminder_too_late',
  'reminder_cancelled',
  // the kit's journey (fulfillment and inventory, issue 25)
  'kit_requested',
  'kit_assigned',
  'kit_reserved',
  'kit_reservation_refused',
  'kit_dispatched',
  'kit_delivered',
  'kit_cancelled',
  'kit_reopened',
  // the result's review (results, issue 26)
  'result_entered',
  'result_updated',
  'result_reviewed',
  'result_released',
  'result_amended',
] as const;
export type TrailEntryKind = (typeof TRAIL_ENTRY_KINDS)[number];

/** The titles of the Order Trail's entries. */
export const TRAIL_ENTRY_TITLES: Readonly<Record<TrailEntryKind, string>> = {
  ordered: 'Test request ordered',
  edited: 'Test request edited',
  status_changed: 'Status changed',
  cancelled: 'Test request cancelled',
  archived: 'Test request archived',
  restored: 'Test request restored',
  notification_requested: 'Notification requested',
  notification: 'Message to the patient',
  reminder_scheduled: 'Reminder planned',
  reminder_sent: 'Reminder sent',
  reminder_missed: 'Reminder missed',
  reminder_too_late: 'Reminder too late',
  reminder_cancelled: 'Reminder cancelled',
  kit_requested: 'Test kit requested',
  kit_assigned: 'Test kit assigned',
  kit_reserved: 'Test kit reserved',
  kit_reservation_refused: 'Test kit not reserved',
  kit_dispatched: 'Test kit dispatched',
  kit_delivered: 'Test kit delivered',
  kit_cancelled: 'Test kit cancelled',
  kit_reopened: 'Test kit request reopened',
  result_entered: 'Result entered',
  result_updated: 'Result edited',
  result_reviewed: 'Result reviewed',
  result_released: 'Result released',
  result_amended: 'Result amended',
};

/** Who did it when the event has no user: the system (a reminder job, a reaction, a provider's report). */
export const TRAIL_SYSTEM_ACTOR = 'System';

/** A reminder type as the trail names it: `3_hours_before` → 'Reminder 3 hours before'. */
export const reminderCauseText = (reminderType: string): string => `Reminder ${reminderType.replace(/_/g, ' ')}`;

/** Why a reminder was cancelled (ReminderCancelled's reason). */
export const REMINDER_CANCEL_REASONS: Readonly<Record<string, string>> = {
  request_closed: 'The test request was closed',
  no_date: 'The test request has no expected test date',
  config_inactive: 'The reminder configuration is inactive or gone',
};

/** Why a message was sent, by its message type (the reminder types read reminderCauseText). */
export const NOTIFICATION_CAUSES: Readonly<Record<string, string>> = {
  test_request_cancelled: 'The cancellation',
  custom: 'Send Notification',
  kit_dispatched: "The kit's dispatch",
  kit_delivered: "The kit's delivery",
  result_corrected: "The result's correction",
};

// ------------------------------------------------------------------------------------------- turnaround

/**
 * The milestones a request passes, in order. The results service records `resulted` (its first result entered)
 * and `released` (its first release) apart; a request completed otherwise reaches both with the status.
 * `kit_delivered` is fulfillment's (a partner's home kit). A milestone keeps the first time it was reached.
 */
export const TURNAROUND_MILESTONES = [
  'ordered',
  'kit_delivered',
  'collected',
  'received',
  'resulted',
  'released',
] as const;
export type TurnaroundMilestone = (typeof TURNAROUND_MILESTONES)[number];

/** The milestones a test request's status reaches (TestRequestStatusChanged's `to`). */
export const MILESTONES_OF_STATUS: Readonly<Partial<Record<TestRequestStatus, readonly TurnaroundMilestone[]>>> = {
  fulfilled: ['collected'],
  in_progress: ['received'],
  completed: ['resulted', 'released'],
};

export interface TurnaroundStage {
  key: string;
  label: string;
  from: TurnaroundMilestone;
  to: TurnaroundMilestone;
}

/** The stages a turnaround figure is measured over: each milestone from the one before, and the whole. */
export const TURNAROUND_STAGES: readonly TurnaroundStage[] = [
  // a home kit's journey (fulfillment, issue 25): only requests whose kit a partner shipped reach it
  { key: 'kit', label: 'Ordered → kit delivered', from: 'ordered', to: 'kit_delivered' },
  { key: 'collection', label: 'Ordered → sample collected', from: 'ordered', to: 'collected' },
  { key: 'transport', label: 'Sample collected → received at lab', from: 'collected', to: 'received' },
  { key: 'analysis', label: 'Received at lab → resulted', from: 'received', to: 'resulted' },
  { key: 'release', label: 'Resulted → released', from: 'resulted', to: 'released' },
  { key: 'total', label: 'Ordered → released', from: 'ordered', to: 'released' },
];

/** The slowest open requests a turnaround answer lists. */
export const TURNAROUND_SLOWEST_OPEN = 10;

/** GET /analytics/turnaround: the analytics roles (super_admin, institution_admin, client_admin). */
export const canReadTurnaround = (caller: Caller): boolean =>
  caller.role === 'super_admin' || caller.role === 'institution_admin' || caller.role === 'client_admin';

/** The statuses of an open request (neither completed nor cancelled): what the slowest open requests list. */
export const OPEN_TEST_REQUEST_STATUSES: readonly TestRequestStatus[] =
  TEST_REQUEST_STATUSES.filter(isArchivableStatus);

/** The institutions a turnaround answer covers: all (null), or some. */
export type TurnaroundScope = { institutionIds: readonly number[] | null };

/**
 * super_admin: every institution, or `institutionId`'s; the other analytics roles: their institutions, or the
 * one asked for among them. Null: an institution outside the caller's (answered 404, as a foreign id).
 */
export function turnaroundScope(caller: Caller, institutionId: number | undefined): TurnaroundScope | null {
  if (caller.role === 'super_admin') return { institutionIds: institutionId === undefined ? null : [institutionId] };
  if (institutionId === undefined) return { institutionIds: caller.institutionIds };
  return caller.institutionIds.includes(institutionId) ? { institutionIds: [institutionId] } : null;
}
