import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ERRORS, type Caller, type Principal } from '@labline/contracts';
import { principalOf } from './auth';
import { httpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller as the service knows them now; set in an authenticated group by `resolveCallerHook`. */
    caller: Caller | null;
  }
}

/**
 * How a service knows its caller: current role and institutions from its read model (not the token's possibly
 * stale copy). null when the user is unknown or no longer active: the request answers 401.
 */
export type CallerResolver = (principal: Principal) => Promise<Caller | null>;

/** The preHandler of an authenticated group that resolves the caller once per request. */
export function resolveCallerHook(resolve: CallerResolver): preHandlerAsyncHookHandler {
  return async (request) => {
    const caller = await resolve(principalOf(request));
    if (!caller) throw httpError(401, ERRORS.invalidToken);
    request.caller = caller;
  };
}

/** The caller of a route in an authenticated group. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw httpError(401, ERRORS.authenticationRequired);
  return request.caller;
}
