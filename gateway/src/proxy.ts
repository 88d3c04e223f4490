/**
 * /api: one @fastify/http-proxy per service, claiming exactly the router patterns of its rows in the route
 * table (routes.ts, from the contracts), with the access decision in preHandler. `/api` is stripped on the way (`/api/auth/login` reaches
 * identity as `/auth/login`).
 */
import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, SERVICES, type Principal, type ServiceName } from '@labline/contracts';
import {
  HttpError,
  traceContextOf,
  verifyActiveToken,
  type TokenVerification,
  type TokenVerifier,
} from '@labline/service-kit';
import { injectTraceHeaders } from '@labline/telemetry';
import { decide } from './policy';
import { API_PREFIX, gateOf, type RouteRow } from './routes';

/**
 * The request's bearer token, checked once however often it is asked about (the rate limit, then the access
 * decision). Rejects, as the verifier does, when identity's keys cannot be had.
 */
export type TokenCheck = (request: FastifyRequest) => Promise<TokenVerification>;

/** `isPrincipalActive`: false for a deactivated user, whose still-valid token is refused like an invalid one. */
export function tokenCheck(
  verifier: TokenVerifier,
  isPrincipalActive?: (principal: Principal) => Promise<boolean>,
): TokenCheck {
  const checked = new WeakMap<FastifyRequest, Promise<TokenVerification>>();
  return (request) => {
    let verification = checked.get(request);
    if (!verification) {
      verification = verifyActiveToken(verifier, request.headers.authorization, isPrincipalActive);
      checked.set(request, verification);
    }
    return verification;
  };
}

export interface UpstreamOptions {
  /** Base URL per service; a service without one answers 503 for its rows. */
  upstreams: Partial<Record<ServiceName, string>>;
  check: TokenCheck;
  /** How long an upstream may take to send its response headers, and then between body chunks. */
  timeoutMs: number;
  /** The route table as the router sees it (claimedPaths). */
  claimed: ReadonlyMap<string, RouteRow>;
}

const PROXIED_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;
/** A service that does not accept a connection within this is down as far as the caller is concerned. */
const CONNECT_TIMEOUT_MS = 5_000;

/** The route-table row of the request, found by the router pattern it matched. */
export function rowOf(request: FastifyRequest, claimed: ReadonlyMap<string, RouteRow>): RouteRow | undefined {
  return claimed.get(request.routeOptions.url ?? '');
}

const SERVICE_UNAVAILABLE = { error: ERRORS.serviceUnavailable };
const serviceUnavailable = (reply: FastifyReply) => reply.code(503).send(SERVICE_UNAVAILABLE);
const PAYLOAD_TOO_LARGE = { error: ERRORS.payloadTooLarge };

/**
 * 413, and the connection closed: the client may still be sending the body, and a kept-open connection would
 * have to read all of it before it could serve the client's next request.
 */
export const refuseBodyTooLarge = (reply: FastifyReply) =>
  reply.code(413).header('connection', 'close').send(PAYLOAD_TOO_LARGE);

/** The request body outgrew the gateway's limit while it streamed to the service (app.ts limitedBody). */
function bodyOutgrewLimit(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof HttpError && cause.statusCode === 413) return true;
  }
  return false;
}

/** Request headers that end at the gateway: it met `Expect: 100-continue` itself (and undici refuses it). */
const HOP_HEADERS = new Set(['expect']);

export const upstreamProxies: FastifyPluginAsync<UpstreamOptions> = async (app, options) => {
  const { claimed } = options;

  async function authorize(request: FastifyRequest, reply: FastifyReply) {
    const row = rowOf(request, claimed);
    const gate = row && gateOf(row, request.method);
    if (!gate) return reply.callNotFound();
    let verification: TokenVerification | undefined;
    if (gate.access !== 'public') {
      try {
        verification = await options.check(request);
      } catch (error) {
        // identity's keys could not be fetched: the token is neither valid nor invalid, the gateway is blind
        request.log.warn({ err: error }, 'token verification unavailable');
        return serviceUnavailable(reply);
      }
    }
    const decision = decide(gate, verification);
    if (!decision.allow) return reply.code(decision.status).send({ error: decision.error });
  }

  for (const service of SERVICES) {
    const patterns = [...claimed].filter(([, row]) => row.service === service).map(([pattern]) => pattern);
    if (patterns.length === 0) continue;
    const upstream = options.upstreams[service];
    await app.register(async (scope) => {
      // Bodies pass through as streams: the service parses them and enforces its own limits, so the
      // gateway neither buffers them nor answers a body error before the access check.
      scope.removeAllContentTypeParsers();
      scope.addHook('preHandler', authorize);
      if (!upstream) {
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        for (const url of patterns)
          scope.route({ method: [...PROXIED_METHODS], url, handler: (_request, reply) => serviceUnavailable(reply) });
        return;
      }
      await scope.register(httpProxy, {
        upstream,
        prefix: API_PREFIX,
        rewritePrefix: '/',
        routes: patterns.map((pattern) => pattern.slice(API_PREFIX.length)),
        httpMethods: [...PROXIED_METHODS],
        disableRequestLogging: true,
        undici: {
          connectTimeout: CONNECT_TIMEOUT_MS,
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
          // reply-from skips certificate checks unless told otherwise; a service behind TLS must prove itself
          connect: { rejectUnauthorized: true },
        },
        replyOptions: {
          rewriteRequestHeaders: (request, headers) => ({
            ...Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name))),
            'x-request-id': request.id,
            // the client as the gateway determined it (TRUST_PROXY): services trust this one hop, the gateway
            'x-forwarded-for': request.ip,
            // The gateway's request span, explicitly rather than undici's instrumentation (off, sdk.ts): the
            // service's request span is its child. With tracing off this is the caller's valid traceparent
            // (or, without a propagator, nothing, and the caller's header passes unchanged).
            ...injectTraceHeaders({}, traceContextOf(request)),
          }),
          // a failed GET is not retried here: the upstream's 503 or our own reaches the caller at once
          retryDelay: () => null,
          onError: (reply, { error }) => {
            if (bodyOutgrewLimit(error)) return reply.code(413).header('connection', 'close').send(PAYLOAD_TOO_LARGE);
            reply.log.warn({ err: error, service }, 'upstream unavailable');
            reply.code(503).send(SERVICE_UNAVAILABLE);
          },
        },
      });
    });
  }
};
