/**
 * The Reminder aggregate (stream `reminder-{test request id}-{reminder_type}`): one configured reminder of one
 * test request, planned from the request's expected date and the configuration's time (issue 13 part 3).
 * - Planned when it becomes due: scheduled with a job when its time is ahead; too late when its time had passed
 *   before its cause (the order, the date change, the configuration); missed when it should have been sent but
 *   its time passed by more than the grace while nothing planned it.
 * - Planned again when the date or the configuration changes (a new time, a new job), cancelled when the request
 *   closes, loses its date or the configuration goes away.
 * - At its time (its job runs): sent once, or missed when the job ran later than the grace allows, never late.
 * A plan that is already in place (the same time, whatever became of it) changes nothing, so replaying the
 * request's events or re-planning a configuration is harmless.
 */
import {
  reminderOffsetMinutes,
  streamName,
  type NOTIFICATION_EVENT_SCHEMAS,
  type ReminderConfigValues,
  type ScheduledReminderStatus,
} from '@labline/contracts';
import type { Decider } from '@labline/eventstore';
import type { DomainEventOf } from '@labline/service-kit';

export type ReminderEvent = DomainEventOf<
  typeof NOTIFICATION_EVENT_SCHEMAS,
  'ReminderScheduled' | 'ReminderCancelled' | 'ReminderTooLate' | 'ReminderSent' | 'ReminderMissed'
>;

export const reminderStream = (testRequestId: number, reminderType: string) =>
  streamName('reminder', `${testRequestId}-${reminderType}`);

export type ReminderState =
  | { status: 'absent' }
  | {
      status: Exclude<ScheduledReminderStatus, 'not_configured' | 'pending_plan'>;
      scheduledFor: string;
      /** The job that sends it while it is scheduled. */
      jobId: string | null;
    };

export type CancelReason = 'request_closed' | 'no_date' | 'config_inactive';

/** What the request and the configuration call for now. */
export type DesiredReminder =
  { kind: 'due'; scheduledFor: string; testAt: string } | { kind: 'none'; reason: CancelReason };

/** The facts of a test request planning looks at (notifications' projection of clinical's events). */
export interface PlanningFacts {
  status: string;
  archived: boolean;
  expected_test_datetime: string | null;
}

export type ConfigTiming = Pick<ReminderConfigValues, 'time_value' | 'time_unit' | 'is_active'>;

const CLOSED_STATUSES: readonly string[] = ['completed', 'cancelled'];

/** The reminder a request and a configuration call for: due at the test's time less the configuration's. */
export function desiredReminder(request: PlanningFacts | null, config: ConfigTiming | null): DesiredReminder {
  if (config === null || !config.is_active) return { kind: 'none', reason: 'config_inactive' };
  if (request === null || request.archived || CLOSED_STATUSES.includes(request.status)) {
    return { kind: 'none', reason: 'request_closed' };
  }
  if (request.expected_test_datetime === null) return { kind: 'none', reason: 'no_date' };
  const testAt = Date.parse(request.expected_test_datetime);
  const scheduledFor = testAt - reminderOffsetMinutes(config.time_value, config.time_unit) * 60_000;
  return { kind: 'due', scheduledFor: new Date(scheduledFor).toISOString(), testAt: new Date(testAt).toISOString() };
}

/** What a reminder's job does when it runs. */
export type DueOutcome =
  | { kind: 'stale' }
  | { kind: 'missed' }
  | { kind: 'cancel'; reason: CancelReason }
  | { kind: 'replan' }
  | { kind: 'send' };

/**
 * A job that is not the reminder's current one is stale (re-planned, cancelled, already done); one that runs
 * more than the grace after the reminder's time finds it missed; otherwise the request and configuration of now
 * decide: cancel, plan again for a changed time, or send.
 */
export function dueOutcome(
  state: ReminderState,
  jobId: string,
  desired: DesiredReminder,
  clock: { now: number; graceMs: number },
): DueOutcome {
  if (state.status !== 'scheduled' || state.jobId !== jobId) return { kind: 'stale' };
  if (clock.now > Date.parse(state.scheduledFor) + clock.graceMs) return { kind: 'missed' };
  if (desired.kind === 'none') return { kind: 'cancel', reason: desired.reason };
  if (desired.scheduledFor !== state.scheduledFor) return { kind: 'replan' };
  return { kind: 'send' };
}

/**
 * A reminder job that failed every retry comes back from pg-boss's dead-letter queue as a new job with the same
 * data: its reminder, if still scheduled for that time, is missed (nothing will send it now); one planned again or
 * settled meanwhile is stale.
 */
export function failedJobOutcome(state: ReminderState, job: { scheduledFor: string }): 'missed' | 'stale' {
  return state.status === 'scheduled' && state.scheduledFor === job.scheduledFor ? 'missed' : 'stale';
}

interface ReminderKey {
  testRequestId: number;
  reminderType: string;
}

export type ReminderCommand =
  | {
      type: 'PlanReminder';
      data: ReminderKey & {
        desired: DesiredReminder;
        now: number;
        /** When what made it due happened (the request's event, the configuration's change). */
        causedAt: number;
        graceMs: number;
        /** The id of the job to create if it is scheduled. */
        jobId: string;
      };
    }
  | { type: 'MarkReminderMissed'; data: ReminderKey & { now: number } }
  | { type: 'RecordReminderSent'; data: ReminderKey & { notificationIds: number[] } };

function plan(state: ReminderState, data: Extract<ReminderCommand, { type: 'PlanReminder' }>['data']): ReminderEvent[] {
  const key = { test_request_id: data.testRequestId, reminder_type: data.reminderType };
  const { desired } = data;
  if (desired.kind === 'none') {
    return state.status === 'scheduled'
      ? [{ type: 'ReminderCancelled', data: { ...key, scheduled_for: state.scheduledFor, reason: desired.reason } }]
      : [];
  }
  const { scheduledFor } = desired;
  if (state.status !== 'absent' && state.status !== 'cancelled' && state.scheduledFor === scheduledFor) return [];
  // Nothing to remind of once the test's time has passed, unless a plan is in place to be settled.
  if (Date.parse(desired.testAt) <= data.now && state.status !== 'scheduled') return [];
  const at = Date.parse(scheduledFor);
  if (at < data.causedAt) return [{ type: 'ReminderTooLate', data: { ...key, scheduled_for: scheduledFor } }];
  if (data.now > at + data.graceMs) {
    const noticed = new Date(data.now).toISOString();
    return [{ type: 'ReminderMissed', data: { ...key, scheduled_for: scheduledFor, noticed_at: noticed } }];
  }
  return [{ type: 'ReminderScheduled', data: { ...key, scheduled_for: scheduledFor, job_id: data.jobId } }];
}

export function decideReminder(command: ReminderCommand, state: ReminderState): ReminderEvent[] {
  if (command.type === 'PlanReminder') return plan(state, command.data);
  if (state.status !== 'scheduled') return [];
  const key = { test_request_id: command.data.testRequestId, reminder_type: command.data.reminderType };
  if (command.type === 'MarkReminderMissed') {
    const noticed = new Date(command.data.now).toISOString();
    return [{ type: 'ReminderMissed', data: { ...key, scheduled_for: state.scheduledFor, noticed_at: noticed } }];
  }
  const sent = { ...key, scheduled_for: state.scheduledFor, notification_ids: command.data.notificationIds };
  return [{ type: 'ReminderSent', data: sent }];
}

const STATUS_OF_EVENT = {
  ReminderScheduled: 'scheduled',
  ReminderCancelled: 'cancelled',
  ReminderTooLate: 'too_late',
  ReminderSent: 'sent',
  ReminderMissed: 'missed',
} as const satisfies Record<ReminderEvent['type'], ScheduledReminderStatus>;

export function evolveReminder(_state: ReminderState, event: ReminderEvent): ReminderState {
  return {
    status: STATUS_OF_EVENT[event.type],
    scheduledFor: event.data.scheduled_for,
    jobId: event.type === 'ReminderScheduled' ? event.data.job_id : null,
  };
}

export const reminderDecider: Decider<ReminderCommand, ReminderEvent, ReminderState> = {
  decide: decideReminder,
  evolve: evolveReminder,
  initialState: () => ({ status: 'absent' }),
};
