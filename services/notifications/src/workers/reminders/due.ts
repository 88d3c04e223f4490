/**
 * A reminder job at its time (pg-boss hands each job to one worker of one replica): in one transaction the
 * reminder is sent (its messages requested with their idempotency keys, then ReminderSent), marked missed (the
 * job ran later than the grace), cancelled or planned again (the request or configuration changed meanwhile),
 * or left alone when the job is stale. A job run twice (a worker died before pg-boss recorded it done) finds
 * the reminder sent and does nothing.
 */
import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@labline/eventstore';
import type { DatabaseTransactionConnection } from 'slonik';
import { requestAll } from '../../commands/notifications';
import { smsOptedOut } from '../../consent';
import type { DeliveryWorker } from '../../delivery/worker';
import { testRequestRecipient } from '../../projections/clinical/queries';
import type { PgBoss } from './job-queue';
import { reminderRequests } from '../../domain/reminder/messages';
import {
  decideAndAppend,
  desiredNow,
  readReminder,
  systemMetadata,
  withReminderTransaction,
  type ReminderWorkContext,
  type SendReminderJob,
} from '../../commands/reminders';
import { reminderConfigByType } from '../../projections/reminders/queries';
import { dueOutcome, failedJobOutcome, type ReminderCommand } from '../../domain/reminder/decide';

export interface DueReminderOptions {
  clock: () => number;
  timeZone: string;
  worker: DeliveryWorker;
}

/** Settles one reminder job; answers what became of it. */
export function runReminderJob(
  context: ReminderWorkContext,
  jobs: PgBoss,
  job: { id: string; data: SendReminderJob },
  options: DueReminderOptions,
): Promise<{ outcome: string; events: RecordedEvent[] }> {
  const key = { testRequestId: job.data.testRequestId, reminderType: job.data.reminderType };
  const metadata = systemMetadata(`reminder-job-${job.id}`);
  return withReminderTransaction(context.pool, async (transaction) => {
    const reminder = await readReminder(transaction, key);
    const desired = await desiredNow(transaction, key);
    const now = options.clock();
    const graceMs = context.config.REMINDER_MISSED_GRACE_MS;
    const outcome = dueOutcome(reminder.state, job.id, desired, { now, graceMs });
    let command: ReminderCommand;
    switch (outcome.kind) {
      case 'stale':
        return { outcome: outcome.kind, events: [] };
      case 'missed':
        command = { type: 'MarkReminderMissed', data: { ...key, now } };
        break;
      case 'cancel':
      case 'replan':
        // A changed date plans a new time (or finds it too late); a closed request cancels it.
        command = { type: 'PlanReminder', data: { ...key, desired, now, causedAt: now, graceMs, jobId: randomUUID() } };
        break;
      case 'send': {
        const testAt = desired.kind === 'due' ? desired.testAt : job.data.scheduledFor;
        const notificationIds = await requestMessages(context, transaction, job, testAt, options);
        command = { type: 'RecordReminderSent', data: { ...key, notificationIds } };
        break;
      }
    }
    const events = await decideAndAppend(context, jobs, transaction, reminder, command, {
      metadata,
      runningJobId: job.id,
    });
    return { outcome: outcome.kind, events };
  });
}

/** The reminder's messages, requested in the transaction (the worker woken after the commit): their ids. */
async function requestMessages(
  context: ReminderWorkContext,
  transaction: DatabaseTransactionConnection,
  job: { id: string; data: SendReminderJob },
  testAt: string,
  options: DueReminderOptions,
): Promise<number[]> {
  const [recipient, config] = await Promise.all([
    testRequestRecipient(transaction, job.data.testRequestId),
    reminderConfigByType(transaction, job.data.reminderType),
  ]);
  if (!recipient || !config) return [];
  const requests = reminderRequests({
    recipient,
    testAt,
    config,
    scheduledFor: job.data.scheduledFor,
    timeZone: options.timeZone,
    smsOptedOut: recipient.patient_deleted ? false : await smsOptedOut(transaction, recipient.phone),
  });
  return requestAll(context, options.worker, transaction, requests, systemMetadata(`reminder-job-${job.id}`));
}

/** A reminder job that failed every retry (pg-boss's dead letter): see failedJobOutcome. */
export function settleFailedReminderJob(
  context: ReminderWorkContext,
  jobs: PgBoss,
  job: { id: string; data: SendReminderJob },
  clock: () => number,
): Promise<{ outcome: 'missed' | 'stale'; events: RecordedEvent[] }> {
  const key = { testRequestId: job.data.testRequestId, reminderType: job.data.reminderType };
  return withReminderTransaction(context.pool, async (transaction) => {
    const reminder = await readReminder(transaction, key);
    const { state } = reminder;
    if (failedJobOutcome(state, job.data) === 'stale') return { outcome: 'stale', events: [] };
    const events = await decideAndAppend(
      context,
      jobs,
      transaction,
      reminder,
      { type: 'MarkReminderMissed', data: { ...key, now: clock() } },
      // (the failed job is over: nothing to cancel)
      {
        metadata: systemMetadata(`reminder-failed-job-${job.id}`),
        runningJobId: state.status === 'absent' ? undefined : (state.jobId ?? undefined),
      },
    );
    return { outcome: 'missed', events };
  });
}
