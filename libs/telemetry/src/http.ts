/**
 * The HTTP server side of a service or the gateway: a SERVER span per request that continues the caller's
 * W3C trace context (the browser's at the gateway, the gateway's at a service), and the
 * `http.server.request.duration` histogram. Both carry the route pattern (`/patients/:id`), the method and the
 * status: never the URL, whose path holds ids and whose query holds search terms.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_SCHEME,
  METRIC_HTTP_SERVER_REQUEST_DURATION,
} from './semconv';
import { contextInService, meterFor, tracerFor } from './services';

export interface ServerRequest {
  method: string;
  /** The pattern of the route that matched; undefined when none did (a 404). */
  route: string | undefined;
  scheme: string;
  headers: IncomingHttpHeaders;
  /** False for probes (/healthz, /readyz): measured but not traced, or they would fill the traces. */
  traced?: boolean;
}

export interface ServerExchange {
  /** The request's context: its span, and its service for code beneath that starts spans of its own. */
  readonly context: Context;
  /** Runs `fn` with the request's context active. */
  run<T>(fn: () => T): T;
  /** Records the response (null: the client left before one was sent); only the first call counts. */
  end(statusCode: number | null): void;
}

/** Methods outside this set are `_OTHER` (semantic conventions): the method must not grow the series. */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);
/** The semantic conventions' advice for this histogram, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

function outcomeAttributes(statusCode: number | null): Attributes {
  if (statusCode === null) return { [ATTR_ERROR_TYPE]: 'aborted' };
  return {
    [ATTR_HTTP_RESPONSE_STATUS_CODE]: statusCode,
    ...(statusCode >= 500 ? { [ATTR_ERROR_TYPE]: String(statusCode) } : {}),
  };
}

/** Create once per app: the histogram is looked up when created. */
export function httpServerTelemetry(service: string): { start(request: ServerRequest): ServerExchange } {
  const tracer = tracerFor(service);
  const duration = meterFor(service).createHistogram(METRIC_HTTP_SERVER_REQUEST_DURATION, {
    unit: 's',
    description: 'Duration of HTTP server requests, by route pattern, method and status.',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  return {
    start(request) {
      const startedAt = performance.now();
      const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
      const attributes: Attributes = {
        [ATTR_HTTP_REQUEST_METHOD]: method,
        [ATTR_URL_SCHEME]: request.scheme,
        ...(request.route ? { [ATTR_HTTP_ROUTE]: request.route } : {}),
      };
      // The caller's traceparent is the parent, and nothing else of whatever context the server runs in.
      const parent = contextInService(service, propagation.extract(ROOT_CONTEXT, request.headers));
      const name = `${method === '_OTHER' ? 'HTTP' : method}${request.route ? ` ${request.route}` : ''}`;
      const span =
        request.traced === false ? undefined : tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
      const active = span ? trace.setSpan(parent, span) : parent;
      let ended = false;
      return {
        context: active,
        run: (fn) => context.with(active, fn),
        end(statusCode) {
          if (ended) return;
          ended = true;
          const outcome = { ...attributes, ...outcomeAttributes(statusCode) };
          duration.record((performance.now() - startedAt) / 1000, outcome);
          if (!span) return;
          span.setAttributes(outcome);
          if (statusCode === null || statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
  };
}
