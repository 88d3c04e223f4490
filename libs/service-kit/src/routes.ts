/**
 * A service's routes are its contracts (contracts' ROUTE_CONTRACTS) installed with `route`: the contract's
 * method, path and schemas, its guard as the route's preHandler, and the route tagged with its contract so that
 * `contractCoverage` finds routes without a contract and contracts without a route. A public contract is
 * installed among a service's `publicRoutes`, any other among its `routes` (behind the token check and the
 * caller's resolution); `route` refuses the other way round, so the contract's access is the one that applies.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorBodySchema, ERRORS, type RouteContract, type RouteGuard, type SuccessStatus } from '@labline/contracts';
import type { z } from 'zod';
import { callerOf } from './caller';
import { httpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was installed from (`route`). */
    contract?: RouteContract;
  }
}

/** Decorates the group of routes behind the token check (buildServiceApp). */
export const SIGNED_IN_GROUP = 'lablineSignedInGroup';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Answers<C extends RouteContract> =
  C['response'] extends Partial<Record<SuccessStatus, z.ZodType>>
    ? {
        [K in keyof C['response']]: C['response'][K] extends z.ZodType ? z.input<C['response'][K]> : never;
      }[keyof C['response']]
    : unknown;

/** The request of a contract's route, typed by its schemas. */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: Parsed<C['params']>;
  Querystring: Parsed<C['querystring']>;
  Body: Parsed<C['body']>;
}>;

/** A contract's handler: one of its success answers, or the reply it sent itself (a 204, a non-JSON answer). */
export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<Answers<C> | FastifyReply>;

/** The guard as a preHandler: after the token, the caller and the request's schemas, before the handler. */
function guardHandler(guard: RouteGuard) {
  return async (request: FastifyRequest) => {
    if (!guard.allows(callerOf(request))) throw httpError(403, guard.error ?? ERRORS.forbidden);
  };
}

/** The fastify schema of a contract: its request schemas, its answers and every route's error body. */
function schemaOf(contract: RouteContract): RouteOptions['schema'] | undefined {
  const { params, querystring, body, response } = contract;
  if (!params && !querystring && !body && !response) return undefined;
  return {
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body } : {}),
    ...(response ? { response: { ...response, '4xx': errorBodySchema } } : {}),
  };
}

/** Installs the contract's route with its schemas and guard; `handler` only runs for a caller the guard lets in. */
export function route<C extends RouteContract>(app: FastifyInstance, contract: C, handler: ContractHandler<C>): void {
  const signedIn = app.hasDecorator(SIGNED_IN_GROUP);
  if (signedIn === (contract.access === 'public')) {
    throw new Error(
      `${contract.method} ${contract.path} is ${contract.access === 'public' ? 'public' : 'for signed-in callers'}: ` +
        `install it among the service's ${signedIn ? 'publicRoutes' : 'routes'}`,
    );
  }
  const schema = schemaOf(contract);
  app.route({
    method: contract.method,
    url: contract.path,
    ...(schema ? { schema } : {}),
    ...(contract.guard ? { preHandler: guardHandler(contract.guard) } : {}),
    config: { contract },
    handler: handler as unknown as RouteOptions['handler'],
  });
}

/** A route as fastify registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  contract: RouteContract | undefined;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Records every route registered on the app from now on (buildServiceApp calls it before adding routes). */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      routes.push({ method, url: options.url, contract: options.config?.contract });
    }
  });
}

export interface ContractCoverage {
  /** `METHOD /path` of routes registered without a contract, or not at their contract's method and path. */
  withoutContract: string[];
  /** `METHOD /path` of contracts that no registered route installs. */
  withoutRoute: string[];
}

const lineOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/**
 * The app's routes against its contracts. HEAD routes fastify adds beside GET ones count as their GET route;
 * the health routes (`/healthz`, `/readyz`) come before the recording and are not the service's.
 */
export function contractCoverage(app: FastifyInstance, contracts: readonly RouteContract[]): ContractCoverage {
  const routes = registered.get(app);
  if (!routes) throw new Error('contractCoverage: the app does not record its routes (recordRoutes)');
  const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
  const installed = new Set<RouteContract>();
  const withoutContract: string[] = [];
  for (const { method, url, contract } of routes) {
    if (method === 'HEAD' && gets.has(url)) continue;
    if (contract && contracts.includes(contract) && contract.method === method && contract.path === url) {
      installed.add(contract);
    } else {
      withoutContract.push(lineOf({ method, path: url }));
    }
  }
  const withoutRoute = contracts.filter((contract) => !installed.has(contract)).map(lineOf);
  return { withoutContract, withoutRoute };
}
