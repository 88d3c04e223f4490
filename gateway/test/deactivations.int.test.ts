import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { JETSTREAM_STREAM, JETSTREAM_SUBJECTS } from '@labline/contracts';
import { createLogger } from '@labline/telemetry';
import { findOrStartNats, freePort, waitFor, type StartedInfra } from '@labline/testkit';
import { connect, type NatsConnection } from 'nats';
import { watchDeactivatedUsers, type DeactivatedUsers } from '../src/deactivations';

const silent = createLogger('test', 'silent');

describe('watchDeactivatedUsers', () => {
  const natsOptions = { isolated: true, port: 0, storeDir: path.join(os.tmpdir(), `labline-kit-${randomUUID()}`) };
  let server: StartedInfra;
  let nc: NatsConnection;
  const watches: DeactivatedUsers[] = [];

  async function publish(type: string, data: unknown, subject = `lab.identity.user.${type}`) {
    const id = randomUUID();
    const envelope = {
      id,
      type,
      stream: 'user-1',
      version: 1,
      occurredAt: new Date().toISOString(),
      actor: { userId: null, role: null, institutionId: null },
      correlationId: id,
      causationId: null,
      traceparent: null,
      data,
    };
    await nc.jetstream().publish(subject, JSON.stringify(envelope), { msgID: id });
  }
  const registered = (userId: number, active: boolean) => ({
    userId,
    email: `user${userId}@test.labline`,
    first_name: 'A',
    last_name: 'B',
    phone: null,
    role: 'lab_user',
    institution_id: null,
    clinician_institution_ids: [],
    permissions: [],
    is_active: active,
  });
  async function startWatch() {
    const watch = await watchDeactivatedUsers({ nc, logger: silent });
    watches.push(watch);
    return watch;
  }

  beforeAll(async () => {
    natsOptions.port = await freePort();
    server = await findOrStartNats(natsOptions);
    nc = await connect({ servers: server.url, reconnectTimeWait: 100, maxReconnectAttempts: -1 });
  });
  afterAll(async () => {
    for (const watch of watches) await watch.stop();
    await nc.close();
    await server.stop();
    await rm(natsOptions.storeDir, { recursive: true, force: true });
  });

  it('is caught up at once while no stream exists yet', async () => {
    const watch = await startWatch();
    await watch.caughtUp;
    assert.equal(watch.isActive(1), true);
  });

  it('replays the stored history, then follows new events', async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: JETSTREAM_STREAM, subjects: JETSTREAM_SUBJECTS });
    await publish('UserRegistered', registered(1, true));
    await publish('UserRegistered', registered(2, false));
    await publish('UserRegistered', registered(3, true));
    await publish('UserDeactivated', { userId: 3 });
    await publish('UserRegistered', registered(4, true));
    await publish('UserDeactivated', { userId: 4 });
    await publish('UserReactivated', { userId: 4 });
    await publish('UserDeactivated', { userId: 'five' });
    await publish('UserLoggedIn', { userId: 1 });

    const watch = await startWatch();
    await watch.caughtUp;
    assert.deepEqual(
      [1, 2, 3, 4].map((id) => watch.isActive(id)),
      [true, false, false, true],
    );
    assert.equal(await watch.isPrincipalActive({ id: 2, sid: randomUUID() }), false);

    await publish('UserDeactivated', { userId: 1 });
    await waitFor(() => !watch.isActive(1), { description: 'the live deactivation' });
    await publish('UserReactivated', { userId: 2 });
    await waitFor(() => watch.isActive(2), { description: 'the live reactivation' });
    // the earlier watch, started before the stream existed, has found it since
    await waitFor(() => !watches[0]!.isActive(1), { timeoutMs: 15_000, description: 'the first watch catching on' });
  });

  it("refuses an ended session's tokens, replayed and live, and no other session's", async () => {
    const [replayed, live, open] = [randomUUID(), randomUUID(), randomUUID()];
    await publish('SessionEnded', { userId: 11, sessionId: replayed, reason: 'signed_out' });
    const watch = await startWatch();
    await watch.caughtUp;
    assert.equal(await watch.isPrincipalActive({ id: 11, sid: replayed }), false);
    assert.equal(await watch.isPrincipalActive({ id: 11, sid: live }), true);
    await publish('SessionEnded', { userId: 11, sessionId: live, reason: 'password_changed' });
    await waitFor(async () => !(await watch.isPrincipalActive({ id: 11, sid: live })), {
      description: 'the live session end',
    });
    assert.equal(await watch.isPrincipalActive({ id: 11, sid: open }), true);
  });

  it('resumes after the NATS server restarts, without losing what it knew', async () => {
    const watch = await startWatch();
    await watch.caughtUp;
    await server.stop();
    server = await findOrStartNats(natsOptions);
    await waitFor(() => !nc.isClosed() && nc.info !== undefined, { description: 'reconnection' });
    assert.equal(watch.isActive(3), false);
    await waitFor(
      async () => {
        await publish('UserDeactivated', { userId: 9 }).catch(() => undefined);
        return !watch.isActive(9);
      },
      { timeoutMs: 30_000, intervalMs: 500, description: 'an event after the restart' },
    );
    assert.equal(watch.isActive(3), false);
  });
});
