import type { FastifyInstance } from 'fastify';
import { markDraining } from './health';

/** Releases a resource at shutdown (a pool, a NATS connection, the outbox relay). */
export type Closer = () => Promise<unknown>;

export interface RunOptions {
  port: number;
  host?: string;
  /** Run in order after the server stopped accepting and finished in-flight requests. */
  onShutdown?: Closer | readonly Closer[];
  /** Exit anyway after this long (Kubernetes sends SIGKILL after its grace period, 30 s by default). */
  shutdownTimeoutMs?: number;
  /** How long /readyz answers 503 before the listener closes, so load balancers stop routing to us. */
  drainDelayMs?: number;
}

export interface RunningService {
  address: string;
  /** What SIGTERM/SIGINT run; exposed for tests and embedding. */
  shutdown(): Promise<void>;
}

async function closeAll(app: FastifyInstance, closers: readonly Closer[], drainDelayMs: number): Promise<void> {
  markDraining(app);
  if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  // Fastify's close stops accepting, lets in-flight requests finish and answers 503 to new ones meanwhile.
  // A keep-alive connection that turns idle after its last response would hold the close open until its
  // timeout (72 s), so idle connections are swept until the server has closed.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweeper);
  }
  for (const close of closers) {
    try {
      await close();
    } catch (error) {
      app.log.error({ err: { message: (error as Error).message } }, 'a shutdown step failed');
    }
  }
}

/** Listens, and shuts down gracefully once on SIGTERM or SIGINT, then exits. */
export async function runService(app: FastifyInstance, options: RunOptions): Promise<RunningService> {
  const closers = options.onShutdown === undefined ? [] : [options.onShutdown].flat();
  const timeoutMs = options.shutdownTimeoutMs ?? 25_000;
  const address = await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });

  let shuttingDown: Promise<void> | null = null;
  const shutdown = () => {
    shuttingDown ??= closeAll(app, closers, options.drainDelayMs ?? 0);
    return shuttingDown;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: { message: (error as Error).message } }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return { address, shutdown };
}
