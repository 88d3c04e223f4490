import type { FastifyInstance } from 'fastify';
import type { NatsConnection } from 'nats';
import { sql, type DatabasePool } from 'slonik';
import { ERRORS } from '@labline/contracts';

/** A dependency check: true when the dependency answers. A throw or a hang counts as not ready. */
export type ReadinessProbe = () => Promise<boolean>;
export type ReadinessProbes = Readonly<Record<string, ReadinessProbe>>;

const PROBE_TIMEOUT_MS = 2_000;

const draining = new WeakSet<FastifyInstance>();

/** From now on /readyz answers 503, so a load balancer stops sending new requests before shutdown. */
export function markDraining(app: FastifyInstance): void {
  draining.add(app);
}

async function runProbe(probe: ReadinessProbe, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(
  probes: ReadinessProbes,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<{ ready: boolean; checks: Record<string, boolean> }> {
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => [name, await runProbe(probe, timeoutMs)] as const),
  );
  const checks = Object.fromEntries(entries);
  return { ready: entries.every(([, ok]) => ok), checks };
}

/**
 * `/healthz`: the process is alive. `/readyz`: every probe of `probes` (what this process cannot serve without)
 * answers and the process is not draining. `reported` probes are looked at and listed under `reported`, but do
 * not make the process unready: the gateway reports the services behind it there, because a gateway that went
 * unready whenever one service was down would take every other service, and the web app, off the load balancer
 * with it (a readiness probe on a downstream dependency turns one failure into an outage).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  probes: ReadinessProbes,
  reported: ReadinessProbes = {},
): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const [{ ready, checks }, others] = await Promise.all([checkReadiness(probes), checkReadiness(reported)]);
    const extra = Object.keys(reported).length > 0 ? { reported: others.checks } : {};
    if (!ready || draining.has(app)) {
      return reply.code(503).send({ error: ERRORS.serviceUnavailable, checks, ...extra });
    }
    return { status: others.ready ? 'ready' : 'degraded', checks, ...extra };
  });
}

export function postgresProbe(pool: DatabasePool): ReadinessProbe {
  return async () => {
    await pool.query(sql.unsafe`SELECT 1`);
    return true;
  };
}

/** A round trip to the server, so a connection stuck reconnecting is reported too. */
export function natsProbe(connection: NatsConnection): ReadinessProbe {
  return async () => {
    if (connection.isClosed() || connection.isDraining()) return false;
    await connection.flush();
    return true;
  };
}
