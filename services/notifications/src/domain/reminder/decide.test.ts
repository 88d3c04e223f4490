import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { deciderSpecification } from '@labline/eventstore/testing';
import {
  desiredReminder,
  dueOutcome,
  failedJobOutcome,
  reminderDecider,
  type DesiredReminder,
  type ReminderEvent,
  type ReminderState,
} from './decide';

const spec = deciderSpecification(reminderDecider);
const key = { testRequestId: 42, reminderType: '3_hours_before' };
const ids = { test_request_id: 42, reminder_type: '3_hours_before' };
const HOUR = 60 * 60 * 1000;
const GRACE = 15 * 60 * 1000;

// The test is at noon; its 3-hour reminder at nine.
const testAt = '2030-06-01T12:00:00.000Z';
const nine = '2030-06-01T09:00:00.000Z';
const at = (iso: string, offsetMs = 0) => Date.parse(iso) + offsetMs;
const due: DesiredReminder = { kind: 'due', scheduledFor: nine, testAt };

const plan = (desired: DesiredReminder, now: number, causedAt = now, jobId = 'job-2') => ({
  type: 'PlanReminder' as const,
  data: { ...key, desired, now, causedAt, graceMs: GRACE, jobId },
});
const scheduled = (scheduledFor = nine, jobId = 'job-1'): ReminderEvent => ({
  type: 'ReminderScheduled',
  data: { ...ids, scheduled_for: scheduledFor, job_id: jobId },
});

describe('a reminder', () => {
  it('is scheduled with its job when its time is ahead', () => {
    spec
      .given([])
      .when(plan(due, at(nine, -HOUR)))
      .then([scheduled(nine, 'job-2')]);
  });

  it('is too late when its time passed before what made it due (ordered two days ahead: no 7-day reminder)', () => {
    spec
      .given([])
      .when(plan(due, at(nine, HOUR), at(nine, HOUR)))
      .then([{ type: 'ReminderTooLate', data: { ...ids, scheduled_for: nine } }]);
  });

  it('is missed when it was due before its time but nothing planned it until after the grace', () => {
    const now = at(nine, GRACE + 1);
    spec
      .given([])
      .when(plan(due, now, at(nine, -HOUR)))
      .then([
        { type: 'ReminderMissed', data: { ...ids, scheduled_for: nine, noticed_at: new Date(now).toISOString() } },
      ]);
    // Within the grace it is still sent (its job runs at once).
    spec
      .given([])
      .when(plan(due, at(nine, GRACE - 1), at(nine, -HOUR)))
      .then([scheduled(nine, 'job-2')]);
  });

  it('changes nothing when the plan is in place, whatever became of it', () => {
    const settled: ReminderEvent[] = [
      scheduled(),
      { type: 'ReminderSent', data: { ...ids, scheduled_for: nine, notification_ids: [1, 2] } },
      { type: 'ReminderTooLate', data: { ...ids, scheduled_for: nine } },
    ];
    for (const event of settled) {
      spec
        .given([event])
        .when(plan(due, at(nine, -HOUR)))
        .thenNothingHappened();
    }
  });

  it('is scheduled again for a new date, and again after a cancellation', () => {
    const ten = '2030-06-01T10:00:00.000Z';
    spec
      .given([scheduled()])
      .when(plan({ kind: 'due', scheduledFor: ten, testAt: '2030-06-01T13:00:00.000Z' }, at(nine, -HOUR)))
      .then([scheduled(ten, 'job-2')]);
    const cancelled: ReminderEvent = {
      type: 'ReminderCancelled',
      data: { ...ids, scheduled_for: nine, reason: 'config_inactive' },
    };
    spec
      .given([scheduled(), cancelled])
      .when(plan(due, at(nine, -HOUR)))
      .then([scheduled(nine, 'job-2')]);
  });

  it('is cancelled when no longer wanted, only while scheduled', () => {
    const none: DesiredReminder = { kind: 'none', reason: 'request_closed' };
    spec
      .given([scheduled()])
      .when(plan(none, at(nine, -HOUR)))
      .then([{ type: 'ReminderCancelled', data: { ...ids, scheduled_for: nine, reason: 'request_closed' } }]);
    spec
      .given([])
      .when(plan(none, at(nine, -HOUR)))
      .thenNothingHappened();
  });

  it('plans nothing for a test already past, unless a plan is to be settled', () => {
    spec
      .given([])
      .when(plan(due, at(testAt, 1), at(nine, -HOUR)))
      .thenNothingHappened();
  });

  it('is sent or missed once, while scheduled', () => {
    const sent: ReminderEvent = { type: 'ReminderSent', data: { ...ids, scheduled_for: nine, notification_ids: [7] } };
    spec
      .given([scheduled()])
      .when({ type: 'RecordReminderSent', data: { ...key, notificationIds: [7] } })
      .then([sent]);
    spec
      .given([scheduled(), sent])
      .when({ type: 'RecordReminderSent', data: { ...key, notificationIds: [8] } })
      .thenNothingHappened();
    const now = at(nine, GRACE + 1);
    spec
      .given([scheduled()])
      .when({ type: 'MarkReminderMissed', data: { ...key, now } })
      .then([
        { type: 'ReminderMissed', data: { ...ids, scheduled_for: nine, noticed_at: new Date(now).toISOString() } },
      ]);
  });
});

describe('what a request and a configuration call for', () => {
  const request = { status: 'pending', archived: false, expected_test_datetime: testAt };
  const config = { time_value: 3, time_unit: 'hours' as const, is_active: true };

  it('is the test time less the configuration time', () => {
    assert.deepEqual(desiredReminder(request, config), due);
    assert.deepEqual(desiredReminder(request, { ...config, time_value: 7, time_unit: 'days' }), {
      kind: 'due',
      scheduledFor: '2030-05-25T12:00:00.000Z',
      testAt,
    });
  });

  it('is nothing for an inactive configuration, a closed request or one without a date', () => {
    assert.deepEqual(desiredReminder(request, { ...config, is_active: false }), {
      kind: 'none',
      reason: 'config_inactive',
    });
    assert.deepEqual(desiredReminder(request, null), { kind: 'none', reason: 'config_inactive' });
    for (const closed of [
      { ...request, status: 'cancelled' },
      { ...request, status: 'completed' },
      { ...request, archived: true },
      null,
    ]) {
      assert.deepEqual(desiredReminder(closed, config), { kind: 'none', reason: 'request_closed' });
    }
    assert.deepEqual(desiredReminder({ ...request, expected_test_datetime: null }, config), {
      kind: 'none',
      reason: 'no_date',
    });
  });
});

describe('a reminder job at its time', () => {
  const state: ReminderState = { status: 'scheduled', scheduledFor: nine, jobId: 'job-1' };
  const onTime = { now: at(nine, 1_000), graceMs: GRACE };

  it('sends when it is the current job, on time, for the same plan', () => {
    assert.deepEqual(dueOutcome(state, 'job-1', due, onTime), { kind: 'send' });
  });

  it('is stale for another job or a settled reminder', () => {
    assert.deepEqual(dueOutcome(state, 'job-0', due, onTime), { kind: 'stale' });
    assert.deepEqual(dueOutcome({ ...state, status: 'sent', jobId: null }, 'job-1', due, onTime), { kind: 'stale' });
  });

  it('finds the reminder missed past the grace, even if the request changed since', () => {
    const late = { now: at(nine, GRACE + 1), graceMs: GRACE };
    assert.deepEqual(dueOutcome(state, 'job-1', due, late), { kind: 'missed' });
    assert.deepEqual(dueOutcome(state, 'job-1', { kind: 'none', reason: 'request_closed' }, late), { kind: 'missed' });
  });

  it('cancels or plans again when the request or configuration changed and planning has not caught up', () => {
    assert.deepEqual(dueOutcome(state, 'job-1', { kind: 'none', reason: 'request_closed' }, onTime), {
      kind: 'cancel',
      reason: 'request_closed',
    });
    const moved: DesiredReminder = { kind: 'due', scheduledFor: '2030-06-01T10:00:00.000Z', testAt };
    assert.deepEqual(dueOutcome(state, 'job-1', moved, onTime), { kind: 'replan' });
  });
});

describe('a reminder job that failed every retry', () => {
  const state: ReminderState = { status: 'scheduled', scheduledFor: nine, jobId: 'job-1' };

  it('leaves its reminder missed while it is still scheduled for that time', () => {
    assert.equal(failedJobOutcome(state, { scheduledFor: nine }), 'missed');
  });

  it('is stale once the reminder was planned for another time or settled', () => {
    assert.equal(failedJobOutcome(state, { scheduledFor: '2030-06-01T08:00:00.000Z' }), 'stale');
    assert.equal(failedJobOutcome({ ...state, status: 'sent', jobId: null }, { scheduledFor: nine }), 'stale');
    assert.equal(failedJobOutcome({ status: 'absent' }, { scheduledFor: nine }), 'stale');
  });
});
