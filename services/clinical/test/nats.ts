/** A private NATS JetStream server per test file, and identity's events published as its relay would. */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureJetStream } from '@labline/bus';
import { type EventEnvelope, type IdentityEventData, type IdentityEventType } from '@labline/contracts';
import { findOrStartNats, freePort } from '@labline/testkit';
import { connect, headers, type NatsConnection } from 'nats';

export interface PrivateNats {
  url: string;
  nc: NatsConnection;
  /** Publishes an identity event onto lab.identity.<aggregate>.<type> with the full envelope. */
  publishIdentity<T extends IdentityEventType>(
    stream: string,
    version: number,
    type: T,
    data: IdentityEventData<T>,
  ): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateNats(): Promise<PrivateNats> {
  const storeDir = path.join(os.tmpdir(), `labline-clinical-nats-${randomUUID()}`);
  const server = await findOrStartNats({ isolated: true, port: await freePort(), storeDir });
  const nc = await connect({ servers: server.url, reconnectTimeWait: 100 });
  await ensureJetStream(nc);
  const js = nc.jetstream();
  return {
    url: server.url,
    nc,
    async publishIdentity(stream, version, type, data) {
      const id = randomUUID();
      const envelope: EventEnvelope = {
        id,
        type,
        stream,
        version,
        data,
        occurredAt: new Date().toISOString(),
        actor: { userId: null, role: null, institutionId: null },
        correlationId: `test-${id}`,
        causationId: null,
        traceparent: null,
      };
      const messageHeaders = headers();
      messageHeaders.set('Nats-Msg-Id', id);
      const aggregate = stream.slice(0, stream.indexOf('-'));
      await js.publish(`lab.identity.${aggregate}.${type}`, JSON.stringify(envelope), { headers: messageHeaders });
    },
    async close() {
      await nc.close();
      await server.stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}
