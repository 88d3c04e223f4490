import type { DurableConsumer } from '@labline/bus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsContext } from './config';
import { startTestRequestReactions } from './consumers/test-request-reactions';
import type { DeliveryWorker } from './delivery/worker';

/**
 * The service's background work, started when its HTTP app is ready and stopped when it closes (before the
 * start-up's own closers end the pool and the NATS connection): the delivery worker and the reactions to
 * clinical's test request events. Projections of other services' events are the service kit's consumers.
 */
export const backgroundWork =
  (context: NotificationsContext, worker: DeliveryWorker): FastifyPluginAsyncZod =>
  async (app) => {
    let reactions: DurableConsumer | null = null;
    app.addHook('onReady', async () => {
      worker.start();
      reactions = await startTestRequestReactions(context, worker);
    });
    app.addHook('onClose', async () => {
      await reactions?.stop();
      await worker.stop();
      context.resources.channels.email.close();
      context.resources.channels.sms.close();
    });
  };
