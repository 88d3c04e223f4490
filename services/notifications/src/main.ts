import { launch, MIGRATE_ONLY_FLAG } from '@labline/service-kit/launch';

await launch('notifications', () => import('./service'));
// The reminders' job queue is pg-boss's own schema, not an SQL migration: the one-shot installs or upgrades it too.
if (process.argv.includes(MIGRATE_ONLY_FLAG)) await (await import('./workers/reminders/job-queue')).migrateJobQueue();
