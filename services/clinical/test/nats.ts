/** A private NATS JetStream server per test file, and other services' events published as their relays would. */
import { startPrivateJetStream, type PrivateJetStream } from '@labline/bus/testing';
import {
  subjectFor,
  type IdentityEventData,
  type IdentityEventType,
  type NotificationEventData,
  type NotificationEventType,
  type ServiceName,
} from '@labline/contracts';

export interface PrivateNats extends PrivateJetStream {
  /** Publishes an identity event onto lab.identity.<aggregate>.<type> with the full envelope. */
  publishIdentity<T extends IdentityEventType>(
    stream: string,
    version: number,
    type: T,
    data: IdentityEventData<T>,
  ): Promise<void>;
  /** Publishes a notifications event onto lab.notifications.<aggregate>.<type> with the full envelope. */
  publishNotification<T extends NotificationEventType>(
    stream: string,
    version: number,
    type: T,
    data: NotificationEventData<T>,
  ): Promise<void>;
}

export async function startPrivateNats(): Promise<PrivateNats> {
  const jetStream = await startPrivateJetStream();
  const publishAs =
    (service: ServiceName) =>
    async (stream: string, version: number, type: string, data: unknown): Promise<void> => {
      await jetStream.publish(subjectFor(service, { stream, type }), { type, stream, version, data });
    };
  return { ...jetStream, publishIdentity: publishAs('identity'), publishNotification: publishAs('notifications') };
}
