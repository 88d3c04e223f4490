/** A private NATS JetStream server per test file, and identity's events published as its relay would. */
import { startPrivateJetStream, type PrivateJetStream } from '@labline/bus/testing';
import { subjectFor, type IdentityEventData, type IdentityEventType } from '@labline/contracts';

export interface PrivateNats extends PrivateJetStream {
  /** Publishes an identity event onto lab.identity.<aggregate>.<type> with the full envelope. */
  publishIdentity<T extends IdentityEventType>(
    stream: string,
    version: number,
    type: T,
    data: IdentityEventData<T>,
  ): Promise<void>;
}

export async function startPrivateNats(): Promise<PrivateNats> {
  const jetStream = await startPrivateJetStream();
  return {
    ...jetStream,
    async publishIdentity(stream, version, type, data) {
      await jetStream.publish(subjectFor('identity', { stream, type }), { type, stream, version, data });
    },
  };
}
