/**
 * The reminder scheduler's durable job queue: pg-boss in a schema of its own beside the service's
 * (`<schema>_jobs`), fitted to the database roles (README "Database roles"):
 * - installed and upgraded by pg-boss itself through the admin connection, signed in as the admin but acting
 *   as `<schema>_owner` (`-c role=…`), so the owner owns its tables as it owns the service's; then the
 *   application role is granted reading and writing them (no DDL). This runs where migrations run: at start-up
 *   when the service holds an admin connection (the dev runner, CI, the tests), and in `--migrate-only`
 *   (compose's one-shot, the Kubernetes Job; main.ts).
 * - run by every replica as `<schema>_app` with `migrate: false`: workers, maintenance and job inserts are
 *   plain reads and writes. A replica whose queue schema is missing or behind refuses to start its scheduler,
 *   saying to migrate.
 * Jobs are inserted in the caller's own database transaction (the slonik adapter below), so a reminder's plan
 * and its job commit or roll back together.
 */
import { serviceDatabaseUrls, serviceRoles } from '@labline/db';
import { PgBoss, type ConstructorOptions, type Db, type Queue } from 'pg-boss';
import type { CommonQueryMethods, QuerySqlToken } from 'slonik';
import { z } from 'zod';

/** Sends one reminder at its time. */
export const SEND_REMINDER_QUEUE = 'reminder-send';
/**
 * Reminder jobs that failed every retry (pg-boss moves them here, its dead-letter queue): each marks its reminder
 * missed, so monitoring never shows as scheduled a reminder nothing will send.
 */
export const FAILED_REMINDER_QUEUE = 'reminder-send-failed';
/** Re-plans every reminder of one configuration after it changed. */
export const REPLAN_REMINDERS_QUEUE = 'reminder-replan';

const QUEUES: readonly Queue[] = [
  // Before the queue that names it as its dead letter.
  {
    name: FAILED_REMINDER_QUEUE,
    policy: 'standard',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  {
    name: SEND_REMINDER_QUEUE,
    policy: 'standard',
    // A failure to record is retried; the handler is idempotent (the plan's state and the messages' keys).
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
    // Counted from the job's time: a reminder found overdue after a long outage is marked missed, not lost.
    retentionSeconds: 365 * 24 * 60 * 60,
    deadLetter: FAILED_REMINDER_QUEUE,
  },
  {
    name: REPLAN_REMINDERS_QUEUE,
    policy: 'standard',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 900,
  },
];

/** The schema of the service's job queue: `notifications_jobs` beside `notifications`. */
export const jobQueueSchemaOf = (schema: string): string => `${schema}_jobs`;

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The application role reads and writes the queue's tables (now and those pg-boss adds later), nothing more.
 * Names are checked schema names (serviceRoles), so they are plain identifiers.
 */
const grantsSql = (jobSchema: string, owner: string, application: string) => {
  const [schema, app, own] = [identifier(jobSchema), identifier(application), identifier(owner)];
  // One granter at a time: concurrent GRANTs on one object fail ("tuple concurrently updated").
  return `
    BEGIN;
    SELECT pg_advisory_xact_lock(hashtext('labline-job-queue-grants:${jobSchema}'));
    GRANT USAGE ON SCHEMA ${schema} TO ${app};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${app};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${app};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${app};
    ALTER DEFAULT PRIVILEGES FOR ROLE ${own} IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app};
    ALTER DEFAULT PRIVILEGES FOR ROLE ${own} IN SCHEMA ${schema} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${app};
    COMMIT;`;
};

/**
 * Installs or upgrades the job queue through the admin connection, creates its queues and grants the
 * application role; idempotent and safe for replicas starting together (pg-boss takes its own lock).
 */
export async function installJobQueue(adminUrl: string, schema: string): Promise<void> {
  const roles = serviceRoles(schema);
  const jobSchema = jobQueueSchemaOf(schema);
  const boss = new PgBoss({
    connectionString: adminUrl,
    options: `-c role=${roles.owner}`,
    application_name: `${schema}-job-queue-migrate`,
    schema: jobSchema,
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
    max: 2,
  });
  let failure: Error | null = null;
  boss.on('error', (error) => {
    failure ??= error;
  });
  try {
    await boss.start();
    for (const { name, ...options } of QUEUES) {
      await boss.createQueue(name, options);
      // A queue made by an earlier version keeps its old settings otherwise (createQueue leaves it as it is).
      const { policy: _policy, partition: _partition, ...settings } = options;
      await boss.updateQueue(name, settings);
    }
    await boss.getDb().executeSql(grantsSql(jobSchema, roles.owner, roles.application));
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
  if (failure) throw failure;
}

/** The database settings the job queue follows: the service's own. */
export interface JobQueueDatabase {
  DATABASE_URL: string;
  DATABASE_ADMIN_URL?: string | undefined;
}

/** The admin URL where this process holds one (as openDatabase decides), else null (compose, Kubernetes). */
export function adminUrlOf(config: JobQueueDatabase, schema: string): string | null {
  if (config.DATABASE_ADMIN_URL) return config.DATABASE_ADMIN_URL;
  const user = decodeURIComponent(new URL(config.DATABASE_URL).username);
  return user === serviceRoles(schema).application ? null : config.DATABASE_URL;
}

export interface JobQueueOptions {
  /** The connections' application_name (pg_stat_activity). */
  applicationName: string;
}

/** This replica's pg-boss, signed in as the application role; not started. */
export function createJobQueue(config: JobQueueDatabase, schema: string, options: JobQueueOptions): PgBoss {
  const urls = serviceDatabaseUrls({ url: config.DATABASE_URL, adminUrl: config.DATABASE_ADMIN_URL, schema });
  const settings: ConstructorOptions = {
    connectionString: urls.application,
    application_name: options.applicationName,
    schema: jobQueueSchemaOf(schema),
    // The schema is the migrations' (installJobQueue); a replica only checks its version.
    migrate: false,
    // No recurring pg-boss schedules: every reminder is a job of its own.
    schedule: false,
    // Rebuilding indexes is the owner's; the application role may not.
    reindex: false,
    max: 4,
  };
  return new PgBoss(settings);
}

export { PgBoss };

// ---------------------------------------------------------------------------- jobs in the caller's transaction

/** Slonik's own marker of a query token (its sql tag builds these; a raw query with `$1` values is one too). */
const QUERY_TOKEN = Symbol.for('SLONIK_TOKEN_QUERY');
const anyRow = z.unknown();

/**
 * pg-boss's statements on a slonik connection (pg-boss's `db` option): a job sent or cancelled with it is
 * written in that connection's transaction and commits or rolls back with the caller's events.
 */
export function jobsIn(connection: CommonQueryMethods): Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const query = { type: QUERY_TOKEN, sql: text, values, parser: anyRow } as unknown as QuerySqlToken<typeof anyRow>;
      const result = await connection.query(query);
      return { rows: [...result.rows] };
    },
  };
}

// ------------------------------------------------------------------------------------------- --migrate-only

const migrateEnvironmentSchema = z.object({
  DATABASE_URL: z.string().min(1),
  DATABASE_ADMIN_URL: z.string().min(1).optional(),
  DB_SCHEMA: z.string().min(1).optional(),
});

/**
 * `--migrate-only`'s part for the job queue (main.ts), after the service's migrations: the one-shot of compose
 * and Kubernetes holds the admin connection the long-running replicas do not.
 */
export async function migrateJobQueue(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = migrateEnvironmentSchema.parse(env);
  const schema = config.DB_SCHEMA ?? 'notifications';
  const adminUrl = adminUrlOf(config, schema);
  if (adminUrl === null) throw new Error('--migrate-only needs DATABASE_ADMIN_URL to install the reminder job queue');
  await installJobQueue(adminUrl, schema);
}
