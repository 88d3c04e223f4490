/**
 * The gateway (docs/architecture.md §1): security headers, the body limit, rate limits (per signed-in user, else per
 * address), the route table's access policy and proxies for /api, the built web app for everything else.
 * Returns the app without listening, so tests inject and main.ts listens.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ERRORS, type ServiceName } from '@labline/contracts';
import {
  createHttpApp,
  createTokenVerifier,
  httpError,
  type HttpApp,
  type JwksSource,
  type ReadinessProbe,
} from '@labline/service-kit';
import type { Logger } from '@labline/telemetry';
import { DEFAULT_BODY_LIMIT, type GatewayConfig } from './config';
import type { DeactivatedUsers } from './deactivations';
import { refuseBodyTooLarge, rowOf, tokenCheck, upstreamProxies, type TokenCheck } from './proxy';
import { API_PREFIX, claimedPaths, isLoginForm } from './routes';
import { webApp } from './web';

/** How long readiness waits for identity's JWKS before calling the gateway not ready. */
const JWKS_PROBE_TIMEOUT_MS = 2_000;
/** How long a service may take to answer its /readyz before the gateway counts it as down. */
const UPSTREAM_PROBE_TIMEOUT_MS = 1_000;
/** A probe's answer serves every /readyz for this long: a burst of probes costs each service one request. */
const PROBE_CACHE_MS = 1_500;

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

/** A service's own /readyz answers 2xx: it is up and its dependencies (Postgres, NATS) answer it. */
async function upstreamReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(UPSTREAM_PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** The probe run at most once per PROBE_CACHE_MS; callers that ask meanwhile share its answer. */
function cachedProbe(probe: ReadinessProbe): ReadinessProbe {
  let last: { startedAt: number; ready: Promise<boolean> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.startedAt >= PROBE_CACHE_MS) last = { startedAt: now, ready: probe().catch(() => false) };
    return last.ready;
  };
}

/** One readiness check per configured service, named after it. */
function upstreamProbes(upstreams: GatewayConfig['upstreams']): Record<string, ReadinessProbe> {
  return Object.fromEntries(
    (Object.entries(upstreams) as [ServiceName, string | undefined][])
      .filter((entry): entry is [ServiceName, string] => entry[1] !== undefined)
      .map(([service, url]) => [service, cachedProbe(() => upstreamReady(url))]),
  );
}

const declaredLength = (headers: IncomingHttpHeaders): number => Number(headers['content-length'] ?? 0) || 0;

/** The body as it streams, failing with 413 once it passes the limit (a chunked body declares no length). */
function limitedBody(payload: Readable, limit: number): Readable {
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limit) done(httpError(413, ERRORS.payloadTooLarge));
      else done(null, chunk);
    },
  });
  // The client's stream itself stays open: the connection must live on long enough to carry the 413.
  payload.on('error', (error) => limited.destroy(error));
  return payload.pipe(limited);
}

/**
 * Bodies over the limit are refused here with 413 and the connection closed, before any access check or
 * proxying: the services would refuse them too, but only after the gateway had streamed them.
 */
function enforceBodyLimit(app: HttpApp, limit: number): void {
  // Node answers `Expect: 100-continue` itself when nobody listens; the gateway asks for the body only when
  // it would accept it, so a client with an oversize body gets its 413 before sending a byte of it.
  app.server.on('checkContinue', (request, response) => {
    if (declaredLength(request.headers) <= limit) response.writeContinue();
    app.server.emit('request', request, response);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (declaredLength(request.headers) > limit) return refuseBodyTooLarge(reply);
  });
  app.addHook('preParsing', async (request, _reply, payload) =>
    request.headers['transfer-encoding'] === undefined ? payload : limitedBody(payload, limit),
  );
}

/**
 * The bucket a request counts against: sign-in per address (its own small budget against password guessing);
 * a signed-in user's calls per user, so a hospital's staff behind one address do not share one budget; any
 * other call per address. Only a verified token names a user: a forged one counts against its address.
 */
async function rateLimitKey(request: FastifyRequest, check: TokenCheck, claimed: ReturnType<typeof claimedPaths>) {
  const address = normalizeIP(request.ip);
  if (isLoginForm(rowOf(request, claimed))) return `login:${address}`;
  const verification = await check(request).catch(() => null);
  return verification?.ok ? `user:${verification.principal.id}` : `address:${address}`;
}

export interface GatewayOptions {
  /** `false` keeps tests quiet; the gateway's own pino logger when absent. */
  logger?: Logger | false;
  /** Deactivated users known from identity's events (main.ts starts the watch when NATS_URL is set). */
  deactivatedUsers?: Pick<DeactivatedUsers, 'isPrincipalActive' | 'isCaughtUp'>;
}

export function buildGateway(config: GatewayConfig, options: GatewayOptions = {}): HttpApp {
  const { deactivatedUsers } = options;
  const bodyLimit = config.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = createHttpApp({
    name: 'gateway',
    logger: options.logger,
    trustProxy: config.trustProxy,
    requestIds: 'generate',
    bodyLimit,
    // Ready while it can check tokens; the services behind it are reported, not gating (health.ts): with
    // clinical down, sign-in, the web app and every other service stay reachable.
    readinessProbes: {
      identityJwks: cachedProbe(() => jwksReachable(config.jwks)),
      ...(deactivatedUsers ? { identityEvents: async () => deactivatedUsers.isCaughtUp() } : {}),
    },
    reportedProbes: upstreamProbes(config.upstreams),
  });
  const claimed = claimedPaths();
  const verifier = createTokenVerifier(config.jwks, { maxLifetimeSeconds: config.tokenMaxLifetimeSeconds });
  const check = tokenCheck(verifier, deactivatedUsers?.isPrincipalActive);

  app.register(helmet, { contentSecurityPolicy: CONTENT_SECURITY_POLICY, frameguard: { action: 'deny' } });
  // after helmet, so that a 413 carries the security headers too
  app.after(() => enforceBodyLimit(app, bodyLimit));

  const { max, loginMax, userMax = max, windowMs } = config.rateLimit;
  app.register(rateLimit, {
    global: true,
    timeWindow: windowMs,
    keyGenerator: (request) => rateLimitKey(request, check, claimed),
    max: (_request, key) => (key.startsWith('login:') ? loginMax : key.startsWith('user:') ? userMax : max),
    errorResponseBuilder: (request, context) =>
      Object.assign(
        new Error(isLoginForm(rowOf(request, claimed)) ? ERRORS.tooManyLoginAttempts : ERRORS.tooManyRequests),
        { statusCode: context.statusCode },
      ),
  });

  // API answers are per user and often patient data: no browser or shared cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
  });

  app.register(upstreamProxies, {
    upstreams: config.upstreams,
    check,
    timeoutMs: config.upstreamTimeoutMs,
    claimed,
  });
  app.register(webApp, { root: config.webDist });
  return app;
}
