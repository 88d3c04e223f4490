/**
 * The delivery lease has an owner: a send that outlives its lease (a slow provider) ends only its own lease, never
 * the one another worker took once it expired, which would let a third worker send the message at the same time.
 */
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR, type Caller } from '@labline/contracts';
import { openServiceDatabase } from '@labline/db';
import { createPostgresEventStore, type EventStore } from '@labline/eventstore';
import { createServiceContext, serviceMigrations } from '@labline/service-kit';
import { createLogger } from '@labline/telemetry';
import { createTestDatabase, waitFor, type TestDatabase } from '@labline/testkit';
import { sql, type DatabasePool } from 'slonik';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import { requestNotification, staffMessageRequest } from '../src/commands/notifications';
import { notificationsConfigSchema, type NotificationsContext, type NotificationsResources } from '../src/config';
import type { Channel, Channels, SendOutcome } from '../src/delivery/channels';
import { createDeliveryWorker } from '../src/delivery/worker';
import { service } from '../src/service';

let database: TestDatabase;
let pool: DatabasePool;
let store: EventStore;
let context: NotificationsContext;

beforeAll(async () => {
  database = await createTestDatabase('notifications_lease_test');
  pool = await openServiceDatabase({
    url: database.url,
    schema: 'notifications',
    migrations: await serviceMigrations(service),
  });
  store = createPostgresEventStore({ pool });
  const config = notificationsConfigSchema.parse({
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    IDENTITY_JWKS_URL: 'http://127.0.0.1/unused',
    SUPPORT_EMAIL: 'support@labline.test',
  });
  // The workers below get their channels as arguments; the context's resources are not used.
  context = await createServiceContext(service, {
    config,
    pool,
    store,
    resources: {} as NotificationsResources,
  });
});
afterAll(async () => {
  await store?.close();
  await pool?.end();
  await database?.drop();
});

/** An e-mail channel whose sends wait until the test lets them finish. */
function heldChannels(): { channels: Channels; sending: () => boolean; finish: (outcome: SendOutcome) => void } {
  let release: ((outcome: SendOutcome) => void) | null = null;
  const email: Channel = {
    configured: true,
    send: () => new Promise<SendOutcome>((resolve) => (release = resolve)),
    check: async () => ({ isValid: true, message: 'held' }),
    close: () => undefined,
  };
  return {
    channels: { email, sms: email },
    sending: () => release !== null,
    finish: (outcome) => release?.(outcome),
  };
}

const leaseOwner = (notificationId: number) =>
  pool.maybeOneFirst(
    sql.type(z.object({ owner: z.string().nullable() }))`
      SELECT owner::text AS owner FROM notification_leases WHERE notification_id = ${notificationId}`,
  );

describe('the delivery lease', () => {
  it('is ended only by its owner: a send outliving its lease leaves the next worker’s lease alone', async () => {
    const caller: Caller = { userId: 1, role: 'super_admin', institutionId: null, institutionIds: [], permissions: [] };
    const notificationId = await requestNotification(
      context,
      staffMessageRequest(caller, {
        idempotency_key: 'lease-test',
        message_type: 'test_notification',
        notification_type: 'email',
        recipient_email: 'staff@example.com',
        recipient_phone: null,
        subject: 'Lease',
        body: 'A slow send',
        reply_to: null,
      }),
      { actor: SYSTEM_ACTOR, correlationId: 'lease-test' },
    );
    const logger = createLogger('notifications', 'silent');
    const slow = heldChannels();
    const next = heldChannels();
    const first = createDeliveryWorker(context, slow.channels, logger).deliverNow(notificationId);
    await waitFor(slow.sending, { description: 'the first worker sending' });
    const firstOwner = await leaseOwner(notificationId);
    assert.ok(firstOwner);

    // The first send outlasts its lease: another worker leases the message and starts its own attempt.
    await pool.query(sql.unsafe`
      UPDATE notification_leases SET locked_until = now() - interval '1 second' WHERE notification_id = ${notificationId}`);
    const second = createDeliveryWorker(context, next.channels, logger).deliverNow(notificationId);
    await waitFor(next.sending, { description: 'the second worker sending' });
    const secondOwner = await leaseOwner(notificationId);
    assert.ok(secondOwner && secondOwner !== firstOwner);

    slow.finish({ ok: true, providerMessageId: 'first' });
    await first;
    assert.equal(await leaseOwner(notificationId), secondOwner, "the first attempt left the second's lease");

    next.finish({ ok: true, providerMessageId: 'second' });
    await Promise.allSettled([second]);
    assert.equal(await leaseOwner(notificationId), null, 'the second attempt ended its own lease');
  });
});
