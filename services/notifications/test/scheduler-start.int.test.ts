/**
 * A replica whose reminder job queue is not installed yet (Kubernetes can start it before the --migrate-only Job
 * has run) reports its scheduler in error, and starts it by itself once the queue is there: no restart needed.
 */
import assert from 'node:assert/strict';
import { urlAsRole, serviceRoles } from '@labline/db';
import { startReactor } from '@labline/service-kit';
import { waitFor, withAdminClient } from '@labline/testkit';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createDeliveryWorker } from '../src/delivery/worker';
import { installJobQueue, jobQueueSchemaOf } from '../src/workers/reminders/job-queue';
import { createReminderScheduler } from '../src/workers/reminders/scheduler';
import { startNotifications, USERS, type NotificationsReplica, type NotificationsTestContext } from './harness';

let harness: NotificationsTestContext;
beforeAll(async () => {
  harness = await startNotifications({ env: { REMINDER_POLL_MS: '500' } });
});
afterAll(async () => {
  await harness?.close();
});

async function systemStatus(replica: NotificationsReplica): Promise<string> {
  const response = await replica.app.inject({
    method: 'GET',
    url: '/cron/scheduler-status',
    headers: await harness.as(USERS.superAdmin),
  });
  assert.equal(response.statusCode, 200);
  return (response.json() as { data: { systemStatus: string } }).data.systemStatus;
}

describe('the reminder scheduler of a replica', () => {
  it('reports an error while its job queue is missing, and starts once the queue is installed', async () => {
    await withAdminClient(harness.database.url, (client) =>
      client.query(`DROP SCHEMA ${jobQueueSchemaOf('notifications')} CASCADE`),
    );
    // As in Kubernetes: the replica signs in as the application role only, and never installs anything.
    const replica = await harness.startReplica({
      DATABASE_URL: urlAsRole(harness.database.url, serviceRoles('notifications').application),
    });
    try {
      assert.equal(await systemStatus(replica), 'error');
      await installJobQueue(harness.database.url, 'notifications');
      await waitFor(async () => ((await systemStatus(replica)) === 'running' ? true : null), {
        timeoutMs: 15_000,
        description: "the replica's scheduler running",
      });
    } finally {
      await replica.close();
    }
  });

  it('stops for good when stopped while it is starting: no queue is left running', async () => {
    const worker = createDeliveryWorker(harness.context, harness.context.resources.channels, harness.context.logger);
    const scheduler = createReminderScheduler(harness.context, worker);
    const { nc } = harness.nats;
    const parts = { nc, pool: harness.pool, logger: harness.context.logger };
    const started = scheduler.start({ nc, startReactor: (reactor) => startReactor('notifications', reactor, parts) });
    await scheduler.stop();
    await started;
    assert.notEqual(scheduler.state().systemStatus, 'running');
    await assert.rejects(
      harness.pool.transaction((transaction) =>
        scheduler.replanInTransaction(transaction, 'test', new Date().toISOString()),
      ),
      /not running/,
    );
  });
});
