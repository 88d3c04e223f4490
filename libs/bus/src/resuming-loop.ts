import type { NatsConnection } from 'nats';
import { Wakeup } from './wakeup';

const MAX_RETRY_DELAY_MS = 5_000;

export interface LoopPass {
  /** Resets the back-off: call it for every message handled. */
  madeProgress(): void;
  isStopping(): boolean;
}

export interface ResumingLoopOptions {
  nc: NatsConnection;
  /** One pass: subscribe and handle messages until the subscription ends or fails; releases what it opened. */
  pass(loop: LoopPass): Promise<void>;
  /** Ends the pass in progress when the loop stops (closes its subscription). */
  interrupt(): Promise<void> | void;
  /** Told of every failed pass (log it); the loop resumes after a growing delay. */
  onInterrupted(error: unknown, failures: number): void;
}

export interface ResumingLoop {
  /** Ends the pass in progress and waits for the loop to finish. */
  stop(): Promise<void>;
}

/**
 * The loop every NATS follower runs (docs/style.md: the consume loop resumes after a consumer or connection
 * hiccup): a pass that ends or throws is started again after 100 ms, doubling per failure up to 5 s, until the
 * loop is stopped or the connection closed. The durable consumers and the gateway's watch of identity's user
 * events both run on it.
 */
export function startResumingLoop(options: ResumingLoopOptions): ResumingLoop {
  let stopping = false;
  let failures = 0;
  const retry = new Wakeup();
  const loop: LoopPass = { madeProgress: () => (failures = 0), isStopping: () => stopping };
  const running = (async () => {
    while (!stopping && !options.nc.isClosed()) {
      try {
        await options.pass(loop);
      } catch (error) {
        failures += 1;
        options.onInterrupted(error, failures);
      }
      if (!stopping) await retry.sleep(Math.min(MAX_RETRY_DELAY_MS, 100 * 2 ** failures));
    }
  })();
  return {
    async stop() {
      stopping = true;
      retry.wake();
      await options.interrupt();
      await running;
    },
  };
}
