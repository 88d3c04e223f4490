/**
 * For services' integration tests: a private NATS JetStream server per test file (its streams and durable
 * consumers never meet another run's), and events published onto it as the owning service's relay would.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JETSTREAM_STREAM, subjectFor, type Actor, type EventEnvelope, type ServiceName } from '@labline/contracts';
import { findOrStartNats, freePort } from '@labline/testkit';
import { connect, headers, type NatsConnection } from 'nats';
import { ensureJetStream } from './jetstream';

export type PublishedEvent = Omit<
  EventEnvelope,
  'id' | 'occurredAt' | 'correlationId' | 'causationId' | 'traceparent' | 'actor'
>;

export interface PrivateJetStream {
  url: string;
  nc: NatsConnection;
  /** Publishes an event with a full envelope and Nats-Msg-Id = its id; answers the stream sequence. */
  publish(subject: string, event: PublishedEvent): Promise<number>;
  close(): Promise<void>;
}

export async function startPrivateJetStream(): Promise<PrivateJetStream> {
  const storeDir = path.join(os.tmpdir(), `labline-test-nats-${randomUUID()}`);
  const server = await findOrStartNats({ isolated: true, port: await freePort(), storeDir });
  const nc = await connect({ servers: server.url, reconnectTimeWait: 100 });
  await ensureJetStream(nc);
  const js = nc.jetstream();
  return {
    url: server.url,
    nc,
    async publish(subject, event) {
      const id = randomUUID();
      const envelope: EventEnvelope = {
        ...event,
        id,
        occurredAt: new Date().toISOString(),
        actor: { userId: null, role: null, institutionId: null },
        correlationId: `test-${id}`,
        causationId: null,
        traceparent: null,
      };
      const messageHeaders = headers();
      messageHeaders.set('Nats-Msg-Id', id);
      const ack = await js.publish(subject, JSON.stringify(envelope), { headers: messageHeaders });
      if (ack.stream !== JETSTREAM_STREAM) throw new Error(`published to ${ack.stream}`);
      return ack.seq;
    },
    async close() {
      await nc.close();
      await server.stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

/** An event of another service as a consumer's test publishes it: actor and time default to the system and now. */
export interface TestEvent {
  stream: string;
  version: number;
  type: string;
  data: unknown;
  actor?: Actor;
  occurredAt?: string;
}

export interface TestEventPublisher {
  /** Publishes the event as `service`'s relay would (its subject, Nats-Msg-Id = the envelope's id). */
  publish(service: ServiceName, event: TestEvent): Promise<EventEnvelope>;
  /** Publishes an envelope again under a new message id, as a relay republishing after JetStream's window. */
  republish(service: ServiceName, envelope: EventEnvelope): Promise<void>;
}

/** What the services' consumer tests publish on their private JetStream, in the relay's own shape. */
export function testEventPublisher(nc: NatsConnection): TestEventPublisher {
  const js = nc.jetstream();
  const send = async (service: ServiceName, envelope: EventEnvelope, messageId: string) => {
    const messageHeaders = headers();
    messageHeaders.set('Nats-Msg-Id', messageId);
    await js.publish(subjectFor(service, envelope), JSON.stringify(envelope), { headers: messageHeaders });
  };
  return {
    async publish(service, event) {
      const id = randomUUID();
      const envelope: EventEnvelope = {
        id,
        type: event.type,
        stream: event.stream,
        version: event.version,
        occurredAt: event.occurredAt ?? new Date().toISOString(),
        actor: event.actor ?? { userId: null, role: null, institutionId: null },
        correlationId: `test-${id}`,
        causationId: null,
        traceparent: null,
        data: event.data,
      };
      await send(service, envelope, id);
      return envelope;
    },
    republish: (service, envelope) => send(service, envelope, randomUUID()),
  };
}
