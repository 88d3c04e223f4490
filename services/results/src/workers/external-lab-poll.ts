/**
 * The external laboratory's poll (issue 27), a worker of the kit (`workers`, docs/architecture.md §6): every
 * EXTERNAL_LAB_POLL_MS it follows the orders at the laboratory whose results are not in (the least recently heard of
 * first), records each move of their status, and brings the results of a complete one into its result's draft. A
 * laboratory that is down or slow costs only this loop's time: the failure is logged without patient data and the
 * order is asked again at the next pass; HTTP requests never wait for it. Replicas may poll together: each order's
 * events are appended with the version read, so the second writer's append is refused and nothing is recorded twice.
 */
import type { ServiceWorker } from '@labline/service-kit';
import type { Logger } from '@labline/telemetry';
import { pollExternalOrder, type ExternalLabDependencies } from '../commands/external-orders';
import { followedOrders } from '../projections/external-orders/queries';

/** Orders asked per pass. */
const BATCH_SIZE = 20;

export interface ExternalLabPoll extends ServiceWorker {
  /** One pass; answers how many orders' results came in. */
  runOnce(): Promise<number>;
}

export function createExternalLabPoll(
  deps: ExternalLabDependencies,
  intervalMs: number,
  logger: Logger,
): ExternalLabPoll {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function runOnce(): Promise<number> {
    let received = 0;
    for (const resultId of await followedOrders(deps.pool, BATCH_SIZE)) {
      try {
        if (await pollExternalOrder(deps, resultId)) received += 1;
      } catch (error) {
        logger.warn({ resultId, error: (error as Error).message }, 'external lab poll: order not followed this pass');
      }
    }
    return received;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => logger.error({ error: (error as Error).message }, 'external lab poll failed'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, intervalMs);
  }

  return {
    name: 'external-lab-poll',
    runOnce,
    start() {
      if (deps.providers.size === 0) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
