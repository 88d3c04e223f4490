/**
 * The web client's calls by route contract (contracts' routes/paths.ts): the method and URL come from the
 * route, the answer and body types from its contract (a type-only import: no schema reaches the bundle).
 */
import {
  fillPath,
  type AnswerOf,
  type BodyOf,
  type PathParams,
  type RouteContract,
  type RouteQuery,
} from '@labline/contracts';
import { apiRequest, type RequestOptions } from './client';

export interface RouteCallOptions<C extends RouteContract> extends Omit<RequestOptions, 'method' | 'body'> {
  query?: RouteQuery;
  body?: BodyOf<C>;
}

/**
 * Calls the route of contract `C` (given as a type: `callRoute<typeof IDENTITY_CONTRACTS.updateUser>`) with its
 * path's params; `route` is the same route from ROUTE_PATHS, which the type checks against the contract.
 */
export function callRoute<C extends RouteContract>(
  route: Pick<C, 'method' | 'path'>,
  params: PathParams<C['path']>,
  { query, ...options }: RouteCallOptions<C>,
): Promise<AnswerOf<C>> {
  return apiRequest<AnswerOf<C>>(fillPath(route.path, params, query), { ...options, method: route.method });
}
