/**
 * The gateway (ARCHITECTURE §1): security headers, per-address rate limits, the route table's access
 * policy and proxies for /api, the built web app for everything else. Returns the app without listening,
 * so tests inject and main.ts listens.
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ERRORS } from '@labline/contracts';
import { createHttpApp, createTokenVerifier, type HttpApp, type JwksSource } from '@labline/service-kit';
import type { Logger } from '@labline/telemetry';
import type { GatewayConfig } from './config';
import type { DeactivatedUsers } from './deactivations';
import { rowOf, upstreamProxies } from './proxy';
import { API_PREFIX, claimedPaths, ROUTES } from './routes';
import { webApp } from './web';

/** How long readiness waits for identity's JWKS before calling the gateway not ready. */
const JWKS_PROBE_TIMEOUT_MS = 2_000;

/**
 * The browser may load scripts, styles, images, fonts and data from this origin only. Vite emits no inline
 * script; antd's CSS-in-JS writes <style> elements at runtime, hence 'unsafe-inline' for styles alone.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

function isApiRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]!;
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/** identity's key set answers: the only dependency without which the gateway can serve nothing useful. */
async function jwksReachable(source: JwksSource): Promise<boolean> {
  if (!('jwksUrl' in source)) return true;
  try {
    const response = await fetch(source.jwksUrl, { signal: AbortSignal.timeout(JWKS_PROBE_TIMEOUT_MS) });
    const body: unknown = response.ok ? await response.json() : null;
    return typeof body === 'object' && body !== null && Array.isArray((body as { keys?: unknown }).keys);
  } catch {
    return false;
  }
}

export interface GatewayOptions {
  /** `false` keeps tests quiet; the gateway's own pino logger when absent. */
  logger?: Logger | false;
  /** Deactivated users known from identity's events (main.ts starts the watch when NATS_URL is set). */
  deactivatedUsers?: Pick<DeactivatedUsers, 'isPrincipalActive' | 'isCaughtUp'>;
}

export function buildGateway(config: GatewayConfig, options: GatewayOptions = {}): HttpApp {
  const { deactivatedUsers } = options;
  const app = createHttpApp({
    name: 'gateway',
    logger: options.logger,
    trustProxy: config.trustProxy,
    readinessProbes: {
      identityJwks: () => jwksReachable(config.jwks),
      ...(deactivatedUsers ? { identityEvents: async () => deactivatedUsers.isCaughtUp() } : {}),
    },
  });
  const claimed = claimedPaths(ROUTES);

  app.register(helmet, { contentSecurityPolicy: CONTENT_SECURITY_POLICY, frameguard: { action: 'deny' } });

  // Counted per client address and bucket: sign-in has its own smaller budget against password guessing,
  // everything else shares a generous one (a whole ward may sit behind one NAT address).
  app.register(rateLimit, {
    global: true,
    timeWindow: config.rateLimit.windowMs,
    keyGenerator: (request) => (rowOf(request, claimed)?.loginRateLimit ? `login:${request.ip}` : request.ip),
    max: (_request, key) => (key.startsWith('login:') ? config.rateLimit.loginMax : config.rateLimit.max),
    errorResponseBuilder: (request, context) =>
      Object.assign(
        new Error(rowOf(request, claimed)?.loginRateLimit ? ERRORS.tooManyLoginAttempts : ERRORS.tooManyRequests),
        { statusCode: context.statusCode },
      ),
  });

  // API answers are per user and often patient data: no browser or shared cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
  });

  app.register(upstreamProxies, {
    upstreams: config.upstreams,
    verifier: createTokenVerifier(config.jwks),
    timeoutMs: config.upstreamTimeoutMs,
    claimed,
    ...(deactivatedUsers ? { isPrincipalActive: deactivatedUsers.isPrincipalActive } : {}),
  });
  app.register(webApp, { root: config.webDist });
  return app;
}
