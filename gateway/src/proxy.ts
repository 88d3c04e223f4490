/**
 * /api: one @fastify/http-proxy per service, claiming exactly the router patterns of its rows in the route
 * table, with the access decision in preHandler. `/api` is stripped on the way (`/api/auth/login` reaches
 * identity as `/auth/login`).
 */
import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, SERVICES, type Principal, type ServiceName } from '@labline/contracts';
import { verifyActiveToken, type TokenVerification, type TokenVerifier } from '@labline/service-kit';
import { injectTraceHeaders } from '@labline/telemetry';
import { accessFor, decide } from './policy';
import { API_PREFIX, type RouteRow } from './routes';

export interface UpstreamOptions {
  /** Base URL per service; a service without one answers 503 for its rows. */
  upstreams: Partial<Record<ServiceName, string>>;
  verifier: TokenVerifier;
  /** How long an upstream may take to send its response headers, and then between body chunks. */
  timeoutMs: number;
  /** The route table as the router sees it (claimedPaths). */
  claimed: ReadonlyMap<string, RouteRow>;
  /** False for a deactivated user: their still-valid token is refused like an invalid one. */
  isPrincipalActive?: (principal: Principal) => Promise<boolean>;
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

/** The client and the proxies in front of us, as far as TRUST_PROXY lets us believe them, oldest first. */
function forwardedFor(request: Pick<FastifyRequest, 'ips' | 'ip'>): string {
  return (request.ips ? [...request.ips].reverse() : [request.ip]).join(', ');
}

export const upstreamProxies: FastifyPluginAsync<UpstreamOptions> = async (app, options) => {
  const { claimed } = options;

  async function authorize(request: FastifyRequest, reply: FastifyReply) {
    const row = rowOf(request, claimed);
    if (!row) return reply.callNotFound();
    let verification: TokenVerification | undefined;
    if (accessFor(row, request.method) !== 'public') {
      try {
        verification = await verifyActiveToken(
          options.verifier,
          request.headers.authorization,
          options.isPrincipalActive,
        );
      } catch (error) {
        // identity's keys could not be fetched: the token is neither valid nor invalid, the gateway is blind
        request.log.warn({ err: error }, 'token verification unavailable');
        return serviceUnavailable(reply);
      }
    }
    const decision = decide(row, request.method, verification);
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
            ...headers,
            'x-request-id': request.id,
            'x-forwarded-for': forwardedFor(request),
            // the gateway's own span when tracing is on; otherwise the caller's traceparent passes unchanged
            ...injectTraceHeaders({}),
          }),
          // a failed GET is not retried here: the upstream's 503 or our own reaches the caller at once
          retryDelay: () => null,
          onError: (reply, { error }) => {
            reply.log.warn({ err: error, service }, 'upstream unavailable');
            reply.code(503).send(SERVICE_UNAVAILABLE);
          },
        },
      });
    });
  }
};
