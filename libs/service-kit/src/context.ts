import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR, type Actor, type Principal } from '@labline/contracts';
import type { AppendMetadata } from '@labline/eventstore';
import { currentTraceparent } from '@labline/telemetry';

/** What code deep in a request (repositories, event appends, logs) needs without threading it through calls. */
export interface RequestContext {
  /** The request id: the caller's `x-request-id` when acceptable, else generated. */
  correlationId: string;
  /** Filled by the authentication hook of an authenticated route group. */
  principal: Principal | null;
  /** The W3C traceparent of the request, null when neither tracing nor the caller supplied one. */
  traceparent: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Decorated as null by createHttpApp; set by the authentication hook of an authenticated group. */
    principal: Principal | null;
  }
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request being handled, or null outside a request (start-up, consumers). */
export function requestContext(): RequestContext | null {
  return storage.getStore() ?? null;
}

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

// Ids end up in logs and event envelopes: accept only plain tokens, so a caller cannot inject log lines.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The `x-request-id` a request carries when it is a plain token, else null. */
export function acceptableRequestId(request: IncomingMessage): string | null {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && ACCEPTABLE_REQUEST_ID.test(header) ? header : null;
}

export function requestIdFor(request: IncomingMessage): string {
  return acceptableRequestId(request) ?? randomUUID();
}

/** The names of a URL's query parameters, never their values (logs carry no search terms). */
export function queryParameterNames(url: string): string[] {
  const query = url.indexOf('?');
  if (query < 0) return [];
  return [...new Set(new URLSearchParams(url.slice(query + 1)).keys())].sort();
}

/** The active span's traceparent when tracing is on; otherwise the caller's, so the trace id still travels. */
export function traceparentFor(request: IncomingMessage): string | null {
  const active = currentTraceparent();
  if (active) return active;
  const header = request.headers.traceparent;
  return typeof header === 'string' && TRACEPARENT.test(header) ? header : null;
}

export function actorOf(principal: Pick<Principal, 'id' | 'role' | 'institution_id'> | null): Actor {
  if (!principal) return SYSTEM_ACTOR;
  return { userId: principal.id, role: principal.role, institutionId: principal.institution_id };
}

/**
 * Metadata for the events a request appends: who (the principal, or `actor` when the request itself
 * establishes who acts, as sign-in does), from which request and trace.
 */
export function appendMetadata(request: FastifyRequest, options: { actor?: Actor } = {}): AppendMetadata {
  const context = requestContext();
  return {
    actor: options.actor ?? actorOf(request.principal),
    correlationId: request.id,
    causationId: null,
    traceparent: context?.traceparent ?? traceparentFor(request.raw),
  };
}
