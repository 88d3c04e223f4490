/**
 * For services' integration tests: a private NATS JetStream server per test file (its streams and durable
 * consumers never meet another run's), and events published onto it as the owning service's relay would.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JETSTREAM_STREAM, type EventEnvelope } from '@labline/contracts';
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
