/**
 * The reminder scheduler of one replica (issue 13 part 3), on pg-boss: a worker of the service, started and
 * stopped with it by the service kit, like the delivery worker.
 * - Its job queue is started on every replica (a configuration's change queues its re-planning in the
 *   command's transaction); where REMINDER_SCHEDULER_ENABLED, it also works the queue's jobs (reminders at their
 *   time, re-planning after a configuration changed) and plans on clinical's test request events.
 * - Several replicas share the queue: pg-boss gives each job to one worker (SKIP LOCKED), the reminder's stream
 *   version and the messages' idempotency keys make a job that runs twice change nothing.
 * - Jobs live in Postgres: a restart keeps them; a job found later than the grace marks its reminder missed.
 * - A scheduler that cannot start (its queue not installed yet, the database away) says so (status `error`) and
 *   tries again, waiting twice as long each time up to a minute.
 */
import { httpError, schemaOf, type ServiceWorker, type WorkerKit } from '@labline/service-kit';
import type { DurableConsumer } from '@labline/bus';
import type { SchedulerSystemStatus } from '@labline/contracts';
import type { DatabaseTransactionConnection } from 'slonik';
import type { NotificationsContext } from '../../config';
import type { DeliveryWorker } from '../../delivery/worker';
import { runReminderJob, settleFailedReminderJob } from './due';
import {
  adminUrlOf,
  createJobQueue,
  installJobQueue,
  jobsIn,
  REPLAN_REMINDERS_QUEUE,
  FAILED_REMINDER_QUEUE,
  SEND_REMINDER_QUEUE,
  type PgBoss,
} from './job-queue';
import { createReminderPlanner, systemMetadata, type SendReminderJob } from '../../commands/reminders';
import { reminderPlannerReactor } from '../../consumers/reminder-planner';
import { schedulerTimeZone } from './time';

/** The longest wait between two tries to start a scheduler that could not start. */
const START_RETRY_MAX_MS = 60_000;

interface ReplanJob {
  reminderType: string;
  causedAt: string;
}

export interface ReminderScheduler extends ServiceWorker {
  start(kit: WorkerKit): Promise<void>;
  stop(): Promise<void>;
  /** Whether this replica works reminders, and how its queue is. */
  state(): { enabled: boolean; systemStatus: SchedulerSystemStatus };
  /** The scheduler's now. */
  now(): number;
  /** Queues the re-planning of a configuration's reminders, committed with the caller's transaction. */
  replanInTransaction(
    transaction: DatabaseTransactionConnection,
    reminderType: string,
    causedAt: string,
  ): Promise<void>;
}

export interface ReminderSchedulerOptions {
  /** The scheduler's now (tests move it); the system clock by default. */
  clock?: () => number;
}

export function createReminderScheduler(
  context: NotificationsContext,
  worker: DeliveryWorker,
  options: ReminderSchedulerOptions = {},
): ReminderScheduler {
  const { config, logger } = context;
  const clock = options.clock ?? Date.now;
  const schema = schemaOf({ name: context.name }, config);
  let boss: PgBoss | null = null;
  let planner: DurableConsumer | null = null;
  let status: SchedulerSystemStatus = 'disabled';

  const jobs = () => {
    if (boss === null) throw httpError(503, 'The reminder scheduler is not running');
    return boss;
  };
  const reminderPlanner = createReminderPlanner(context, jobs, clock);
  const polling = { pollingIntervalSeconds: config.REMINDER_POLL_MS / 1000 };

  async function work(queue: PgBoss, kit: WorkerKit): Promise<void> {
    const timeZone = schedulerTimeZone(config);
    // One job at a time per worker, two workers: a reminder never waits behind another's sending.
    await queue.work<SendReminderJob>(SEND_REMINDER_QUEUE, { ...polling, localConcurrency: 2 }, async (batch) => {
      for (const job of batch) {
        const facts = { jobId: job.id, testRequestId: job.data.testRequestId, reminderType: job.data.reminderType };
        try {
          const { outcome } = await runReminderJob(context, queue, job, { clock, timeZone, worker });
          logger.info({ ...facts, outcome }, 'reminder job settled');
        } catch (error) {
          // pg-boss runs it again with backoff; it is idempotent.
          logger.warn({ ...facts, error: (error as Error).message }, 'reminder job failed');
          throw error;
        }
      }
    });
    await queue.work<SendReminderJob>(FAILED_REMINDER_QUEUE, polling, async (batch) => {
      for (const job of batch) {
        const { outcome } = await settleFailedReminderJob(context, queue, job, clock);
        const facts = { testRequestId: job.data.testRequestId, reminderType: job.data.reminderType };
        if (outcome === 'missed')
          logger.error(facts, 'a reminder job failed every retry: its reminder is marked missed');
        else logger.info(facts, 'a reminder job failed every retry after its reminder was planned again or settled');
      }
    });
    await queue.work<ReplanJob>(REPLAN_REMINDERS_QUEUE, polling, async (batch) => {
      for (const job of batch) {
        const { reminderType, causedAt } = job.data;
        const metadata = systemMetadata(`reminder-replan-${job.id}`);
        const count = await reminderPlanner.replanType(reminderType, Date.parse(causedAt), metadata);
        logger.info({ reminderType, requests: count }, 'reminders re-planned after a configuration change');
      }
    });
    planner = await kit.startReactor(reminderPlannerReactor(reminderPlanner));
  }

  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  /** The start in progress (the first, or one tried again): a stop waits for it, then stops what it started. */
  let starting: Promise<void> | null = null;

  function tryStart(kit: WorkerKit, delayMs: number): Promise<void> {
    retry = null;
    if (stopped) return Promise.resolve();
    const attempt = startOnce(kit, delayMs).finally(() => {
      if (starting === attempt) starting = null;
    });
    starting = attempt;
    return attempt;
  }

  /** Starts the queue (and its work where enabled); a failure leaves nothing running and is tried again later. */
  async function startOnce(kit: WorkerKit, delayMs: number): Promise<void> {
    let queue: PgBoss | null = null;
    try {
      const adminUrl = adminUrlOf(config, schema);
      if (adminUrl !== null) await installJobQueue(adminUrl, schema);
      queue = createJobQueue(config, schema, { applicationName: `${context.name}-reminders` });
      queue.on('error', (error) => logger.error({ error: (error as Error).message }, 'reminder job queue error'));
      await queue.start();
      boss = queue;
      if (config.REMINDER_SCHEDULER_ENABLED) await work(queue, kit);
      status = config.REMINDER_SCHEDULER_ENABLED ? 'running' : 'disabled';
    } catch (error) {
      status = 'error';
      boss = null;
      await planner?.stop().catch(() => undefined);
      planner = null;
      await queue?.stop({ graceful: false }).catch(() => undefined);
      if (stopped) return;
      // The queue may not be installed yet (a replica that starts before --migrate-only has run): try again.
      logger.error(
        { error: (error as Error).message, retryInSeconds: delayMs / 1000 },
        'the reminder scheduler could not start (has --migrate-only installed its job queue?); trying again',
      );
      retry = setTimeout(() => void tryStart(kit, Math.min(delayMs * 2, START_RETRY_MAX_MS)), delayMs);
      retry.unref();
    }
  }

  return {
    name: 'reminder-scheduler',
    start: (kit) => tryStart(kit, config.REMINDER_POLL_MS),
    async stop() {
      stopped = true;
      if (retry !== null) clearTimeout(retry);
      retry = null;
      // A start under way would otherwise leave its queue running after this stop.
      await starting;
      await planner?.stop();
      planner = null;
      const queue = boss;
      boss = null;
      await queue?.stop({ graceful: true, timeout: 10_000 });
      if (status === 'running') status = 'disabled';
    },
    now: clock,
    state: () => ({ enabled: config.REMINDER_SCHEDULER_ENABLED && status === 'running', systemStatus: status }),
    async replanInTransaction(transaction, reminderType, causedAt) {
      const job: ReplanJob = { reminderType, causedAt };
      await jobs().send(REPLAN_REMINDERS_QUEUE, job, { db: jobsIn(transaction) });
    },
  };
}
