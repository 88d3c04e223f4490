import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { eventEnvelopeSchema, JETSTREAM_STREAM, userRegisteredSchema } from '@labline/contracts';
import { ensureJetStream, startRelay, type Relay } from '@labline/bus';
import { createLogger } from '@labline/telemetry';
import { findOrStartNats, waitFor, type StartedInfra } from '@labline/testkit';
import { connect, type Msg, type NatsConnection } from 'nats';
import { DEMO_PASSWORD } from '../src/seed';
import { registerUser } from '../src/commands/users';
import { startIdentity, type IdentityTestContext } from './harness';

const SUBJECT = 'lab.identity.user.UserRegistered';

describe('outbox relay', () => {
  let context: IdentityTestContext;
  let server: StartedInfra;
  let nats: NatsConnection;
  let relay: Relay;
  beforeAll(async () => {
    context = await startIdentity({ seed: false });
    // A server of its own: on the machine's shared one, this test's user would reach a system running beside it
    // (npm start's notifications once showed a super_admin's messages as sent by this test's user).
    server = await findOrStartNats({ isolated: true });
    nats = await connect({ servers: server.url });
    await ensureJetStream(nats);
  });
  afterAll(async () => {
    await relay?.stop();
    await nats?.drain();
    await server?.stop();
    await context.close();
  });

  it('publishes identity events to JetStream under lab.identity.<aggregate>.<EventName>', async () => {
    const received: Msg[] = [];
    // A JetStream publish reaches core subscribers too: listening from before the relay starts misses nothing.
    const subscription = nats.subscribe(SUBJECT, { callback: (_error, message) => received.push(message) });
    relay = startRelay({
      store: context.store,
      pool: context.pool,
      nc: nats,
      service: 'identity',
      logger: createLogger('relay', 'silent'),
    });

    const metadata = { actor: { userId: null, role: null, institutionId: null }, correlationId: 'relay-test-1' };
    const userId = await registerUser(
      context.commands,
      {
        email: 'relay.check@labline.test',
        first_name: 'Rhea',
        last_name: 'Lay',
        phone: null,
        role: 'super_admin',
        institution_id: null,
        clinician_institution_ids: [],
        permissions: [],
        is_active: true,
        password: DEMO_PASSWORD,
      },
      metadata,
    );
    const [recorded] = await context.store.readStream(`user-${userId}`);
    assert.ok(recorded);

    const message = await waitFor(
      () => received.find((candidate) => candidate.headers?.get('Nats-Msg-Id') === recorded.id),
      {
        description: 'the UserRegistered message',
      },
    );
    subscription.unsubscribe();
    const envelope = eventEnvelopeSchema.parse(message.json());
    assert.equal(envelope.id, recorded.id);
    assert.equal(envelope.type, 'UserRegistered');
    assert.equal(envelope.stream, `user-${userId}`);
    assert.equal(envelope.correlationId, 'relay-test-1');
    const data = userRegisteredSchema.strict().parse(envelope.data);
    assert.equal(data.email, 'relay.check@labline.test');
    assert.doesNotMatch(JSON.stringify(message.json()), /argon2|labline-demo/);

    // And JetStream kept it (the event id is the message id, so a republish is deduplicated).
    const jsm = await nats.jetstreamManager();
    const stored = await waitFor(
      async () => {
        const last = await jsm.streams.getMessage(JETSTREAM_STREAM, { last_by_subj: SUBJECT }).catch(() => null);
        return last && eventEnvelopeSchema.parse(last.json()).id === recorded.id ? last : null;
      },
      { description: 'the message in the LABLINE stream' },
    );
    assert.equal(stored.subject, SUBJECT);
  });
});
