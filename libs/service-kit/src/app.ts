import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERRORS } from '@labline/contracts';
import {
  createLogger,
  httpServerTelemetry,
  type Logger,
  type ServerExchange,
  type TraceContext,
} from '@labline/telemetry';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import {
  acceptableRequestId,
  queryParameterNames,
  requestIdFor,
  runWithRequestContext,
  traceparentFor,
} from './context';
import { errorHandler, httpError } from './errors';
import { registerHealthRoutes, type ReadinessProbes } from './health';

/** A Labline service's Fastify instance: zod schemas type its routes. */
export type HttpApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface HttpAppOptions {
  /** The service name, used for the default logger. */
  name: string;
  /** A pino logger; the service's default one when absent; false for none (tests). */
  logger?: Logger | false;
  /** Largest accepted request body in bytes (Fastify's default 1 MiB when absent). */
  bodyLimit?: number;
  /** Trust X-Forwarded-* from these proxies (the gateway sits behind a load balancer). */
  trustProxy?: boolean | string | string[];
  /** Checked by /readyz, e.g. `{ postgres: postgresProbe(pool), nats: natsProbe(connection) }`. */
  readinessProbes?: ReadinessProbes;
  /** Listed by /readyz but not gating it (health.ts): the services behind the gateway. */
  reportedProbes?: ReadinessProbes;
  /**
   * 'accept' (a service): the `x-request-id` the gateway set is the request id. 'generate' (the gateway, where
   * callers arrive): the request id stored on events is always generated; an acceptable id the caller sent is
   * kept apart as `x-client-request-id`, for the caller's own correlation.
   */
  requestIds?: 'accept' | 'generate';
}

/** The probes of health.ts: measured, but a span for every probe of every replica would fill the traces. */
const PROBE_ROUTES = new Set(['/healthz', '/readyz']);

// Keyed by the Fastify request object (any of its server-type variants, hence `object`).
const exchanges = new WeakMap<object, ServerExchange>();

/**
 * The request's trace context (its server span), for what leaves the process on its behalf: the gateway's
 * proxied request carries it to the service.
 */
export function traceContextOf(request: object): TraceContext | undefined {
  return exchanges.get(request)?.context;
}

/** A JSON Content-Type's charset parameter, when it has one, names UTF-8. */
function declaresUtf8OrNothing(contentType: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '');
  return !charset || /^utf-?8$/i.test(charset[2]!);
}

/**
 * The base every service and the gateway build on: request ids, the request context, `{ error }` failures
 * for every path (validation, bad JSON, oversize bodies, conflicts, unknown routes, crashes), health and
 * readiness. Register routes as `FastifyPluginAsyncZod` so child contexts keep the zod types.
 */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const logger: FastifyBaseLogger | undefined =
    options.logger === false ? undefined : (options.logger ?? createLogger(options.name));
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    genReqId: options.requestIds === 'generate' ? () => randomUUID() : requestIdFor,
    // Fastify's own request lines log the URL with its query values (search terms are patient names): the
    // hook below logs the route pattern and the query's parameter names instead.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  app.decorateRequest('caller', null);

  // An empty JSON body counts as no body: a route that needs one says "body: Required" through its schema,
  // and a bodyless POST (token refresh) works whatever Content-Type the client sends. A body is read as UTF-8,
  // the one encoding of JSON (RFC 8259): one declared in another charset would be misread, so it is refused
  // (415), and bytes that are not UTF-8 are not JSON (400) rather than being replaced by U+FFFD.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    if (!declaresUtf8OrNothing(request.headers['content-type'])) {
      return done(httpError(415, ERRORS.unsupportedMediaType));
    }
    if (!isUtf8(bytes)) return done(httpError(400, ERRORS.malformedJson));
    parseJson(request, bytes.toString('utf8'), done);
  });

  // The request's server span continues the caller's trace (telemetry/http.ts); its traceparent is the one
  // the request's events store. The callback form keeps the rest of the request's lifecycle inside both the
  // trace context and the request context (AsyncLocalStorage scopes).
  const telemetry = httpServerTelemetry(options.name);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const clientRequestId = options.requestIds === 'generate' ? acceptableRequestId(request.raw) : null;
    if (clientRequestId) reply.header('x-client-request-id', clientRequestId);
    const route = request.routeOptions.url;
    const exchange = telemetry.start({
      method: request.method,
      route,
      scheme: request.protocol,
      headers: request.headers,
      traced: !PROBE_ROUTES.has(route ?? ''),
    });
    exchanges.set(request, exchange);
    exchange.run(() =>
      runWithRequestContext(
        { correlationId: request.id, principal: null, traceparent: traceparentFor(request.raw) },
        () => done(),
      ),
    );
  });
  app.addHook('onRequestAbort', async (request) => exchanges.get(request)?.end(null));

  app.addHook('onResponse', async (request, reply) => {
    exchanges.get(request)?.end(reply.statusCode);
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        query: queryParameterNames(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  // Every answer is for one caller and many carry patient data: no browser or shared cache keeps it, unless
  // a route says otherwise (identity's public keys).
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // A service's route declares every input it takes: a body or query parameters sent to a route that
  // declares none are refused as unknown fields are (the gateway, which proxies, declares nothing itself).
  if (options.requestIds !== 'generate') {
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema;
      if (request.body !== undefined && request.body !== null && !schema?.body) {
        throw httpError(400, 'body: is not allowed');
      }
      const unknownQuery = schema?.querystring ? [] : queryParameterNames(request.url);
      if (unknownQuery.length > 0)
        throw httpError(400, unknownQuery.map((name) => `${name}: is not allowed`).join('; '));
    });
  }

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ error: ERRORS.routeNotFound });
  });
  registerHealthRoutes(app, options.readinessProbes ?? {}, options.reportedProbes);
  return app;
}
