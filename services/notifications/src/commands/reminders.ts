/**
 * Planning reminders: a request's reminder of one type is decided again from the request and configuration of
 * now (domain/reminder/decide.ts), and its events, the cancellation of its old job and the creation of its new one
 * commit in one transaction. Two planners racing on one reminder conflict on its stream's version; the loser
 * plans again on what the winner wrote.
 */
import { randomUUID } from 'node:crypto';
import { NOTIFICATION_EVENT_SCHEMAS, SYSTEM_ACTOR } from '@labline/contracts';
import { ConcurrencyError, STREAM_DOES_NOT_EXIST, type AppendMetadata, type RecordedEvent } from '@labline/eventstore';
import type { CommonQueryMethods, DatabasePool, DatabaseTransactionConnection } from 'slonik';
import type { NotificationsContext } from '../config';
import { jobsIn, SEND_REMINDER_QUEUE, type PgBoss } from '../workers/reminders/job-queue';
import {
  planningFacts,
  reminderConfigByType,
  reminderRow,
  reminderTypesOf,
  requestsToReplan,
} from '../projections/reminders/queries';
import {
  desiredReminder,
  reminderDecider,
  reminderStream,
  type DesiredReminder,
  type ReminderCommand,
  type ReminderState,
} from '../domain/reminder/decide';

export type ReminderWorkContext = Pick<NotificationsContext, 'pool' | 'commands' | 'config' | 'logger'>;

/** What a reminder job carries. */
export interface SendReminderJob {
  testRequestId: number;
  reminderType: string;
  scheduledFor: string;
}

export interface ReminderKey {
  testRequestId: number;
  reminderType: string;
}

const CONFLICT_RETRIES = 3;

export const systemMetadata = (correlationId: string, causationId: string | null = null): AppendMetadata => ({
  actor: SYSTEM_ACTOR,
  correlationId,
  causationId,
  traceparent: null,
});

/**
 * A reminder's state and the version to append after, from its read model (projected in every append's
 * transaction, so it is the stream's fold), locked for the transaction: a second planner waits, then decides on
 * what the first wrote.
 */
export async function readReminder(
  db: CommonQueryMethods,
  key: ReminderKey,
): Promise<{ state: ReminderState; version: number | typeof STREAM_DOES_NOT_EXIST }> {
  const row = await reminderRow(db, key.testRequestId, key.reminderType);
  if (row === null) return { state: reminderDecider.initialState(), version: STREAM_DOES_NOT_EXIST };
  const state = { status: row.status, scheduledFor: row.scheduled_for, jobId: row.job_id };
  return { state, version: row.version };
}

/** The request and configuration of now, as planning sees them. */
export async function desiredNow(db: DatabaseTransactionConnection, key: ReminderKey): Promise<DesiredReminder> {
  const [facts, config] = await Promise.all([
    planningFacts(db, key.testRequestId),
    reminderConfigByType(db, key.reminderType),
  ]);
  return desiredReminder(facts, config);
}

/**
 * Decides a command on the reminder's state and appends its events in the transaction (through the service's
 * command handler, so every projection sees them), with the jobs they mean: the old job cancelled when the
 * plan moves on (unless it is the job running this), the new one created.
 */
export async function decideAndAppend(
  context: ReminderWorkContext,
  jobs: PgBoss,
  transaction: DatabaseTransactionConnection,
  reminder: { state: ReminderState; version: number | typeof STREAM_DOES_NOT_EXIST },
  command: ReminderCommand,
  options: { metadata: AppendMetadata; runningJobId?: string | undefined },
): Promise<RecordedEvent[]> {
  return context.commands.handleCommand({
    stream: reminderStream(command.data.testRequestId, command.data.reminderType),
    decider: reminderDecider,
    command,
    metadata: options.metadata,
    transaction,
    // Read by the caller (it decided what to do on it), locked for the transaction.
    load: () => Promise.resolve(reminder),
    alsoInTransaction: async (joined, events, state) => {
      const db = jobsIn(joined);
      if (state.status === 'scheduled' && state.jobId !== null && state.jobId !== options.runningJobId) {
        await jobs.cancel(SEND_REMINDER_QUEUE, state.jobId, { db });
      }
      for (const event of events) {
        if (event.type !== 'ReminderScheduled') continue;
        const data = NOTIFICATION_EVENT_SCHEMAS.ReminderScheduled.parse(event.data);
        const job: SendReminderJob = {
          testRequestId: data.test_request_id,
          reminderType: data.reminder_type,
          scheduledFor: data.scheduled_for,
        };
        await jobs.send(SEND_REMINDER_QUEUE, job, { id: data.job_id, startAfter: new Date(job.scheduledFor), db });
      }
    },
  });
}

/**
 * A reminder's transaction (a savepoint in the caller's, e.g. a consumer's), run again when another writer got
 * to its stream first.
 */
export async function withReminderTransaction<T>(
  db: DatabasePool | DatabaseTransactionConnection,
  work: (transaction: DatabaseTransactionConnection) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= CONFLICT_RETRIES) throw error;
    }
  }
}

/** Where planning writes: the pool, or a transaction it joins (a consumer's). */
type Db = DatabasePool | DatabaseTransactionConnection;

export interface ReminderPlanner {
  /** Plans one reminder (its request's and configuration's state of now); answers the events it recorded. */
  replan(db: Db, key: ReminderKey, causedAt: number, metadata: AppendMetadata): Promise<RecordedEvent[]>;
  /** Plans every reminder of a request (every configured type, and any still scheduled). */
  replanRequest(db: Db, testRequestId: number, causedAt: number, metadata: AppendMetadata): Promise<void>;
  /** Plans a configuration's reminder for every request it may concern. */
  replanType(reminderType: string, causedAt: number, metadata: AppendMetadata): Promise<number>;
}

export function createReminderPlanner(
  context: ReminderWorkContext,
  jobs: () => PgBoss,
  clock: () => number,
): ReminderPlanner {
  const graceMs = context.config.REMINDER_MISSED_GRACE_MS;

  const replan: ReminderPlanner['replan'] = (db, key, causedAt, metadata) =>
    withReminderTransaction(db, async (transaction) => {
      const reminder = await readReminder(transaction, key);
      const desired = await desiredNow(transaction, key);
      const command: ReminderCommand = {
        type: 'PlanReminder',
        data: { ...key, desired, now: clock(), causedAt, graceMs, jobId: randomUUID() },
      };
      return decideAndAppend(context, jobs(), transaction, reminder, command, { metadata });
    });

  return {
    replan,
    async replanRequest(db, testRequestId, causedAt, metadata) {
      for (const reminderType of await reminderTypesOf(db, testRequestId)) {
        await replan(db, { testRequestId, reminderType }, causedAt, metadata);
      }
    },
    async replanType(reminderType, causedAt, metadata) {
      const ids = await requestsToReplan(context.pool, reminderType, new Date(causedAt).toISOString());
      for (const testRequestId of ids) await replan(context.pool, { testRequestId, reminderType }, causedAt, metadata);
      return ids.length;
    },
  };
}
