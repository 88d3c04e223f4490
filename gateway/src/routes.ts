/**
 * The gateway's route table, derived from the route contracts (contracts' ROUTE_PATHS and PLANNED_PREFIXES):
 * which service answers an /api path and who may pass the gateway to reach it. A path no contract names
 * answers 404 at the gateway, as does a method its path's contracts do not name (docs/architecture.md §2).
 *
 * Each route of a built service is its own router pattern (`/api` + its path), with a gate per method. A
 * service that is not built yet claims its prefixes and everything below them (`prefix/*`), with its read and
 * write access, and answers 503 until it has a URL. The router prefers static segments over `:params` over
 * wildcards, so `/api/institutions/:id/labs` (clinical) wins over `/api/institutions/:id` (identity).
 *
 * Access is the first gate only: every service verifies the token again and enforces roles per action,
 * tenancy and object-level rules itself (docs/architecture.md §5).
 */
import {
  allRoutes,
  API_PREFIX,
  PLANNED_PREFIXES,
  type GatewayAccess,
  type HttpMethod,
  type NamedRoute,
  type PlannedPrefix,
  type Role,
  type ServiceName,
} from '@labline/contracts';

export { API_PREFIX };

/** What the gateway checks for one method of a path. */
export interface Gate {
  access: GatewayAccess;
  /** Roles the spec grants this route outside the section policy; they pass section access. */
  alsoRoles?: readonly Role[];
}

/** The routes of a built service at one path: a gate per method the path answers. */
export interface RoutesRow {
  kind: 'routes';
  /** The router pattern, under /api. */
  path: string;
  service: ServiceName;
  methods: Partial<Record<HttpMethod, Gate>>;
  /** The sign-in form: a stricter per-IP rate limit against password guessing. */
  loginRateLimit?: true;
}

/** A planned service's prefix: every method, reads with `access`, writes with `writeAccess` when given. */
export interface PrefixRow extends Omit<PlannedPrefix, 'prefix'> {
  kind: 'prefix';
  /** The prefix under /api; the row claims it and everything below it. */
  path: string;
}

export type RouteRow = RoutesRow | PrefixRow;

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The gate of a request's method on its row; undefined when the path does not answer the method. */
export function gateOf(row: RouteRow, method: string): Gate | undefined {
  const upper = method.toUpperCase();
  if (row.kind === 'prefix') {
    const access = !READ_METHODS.has(upper) && row.writeAccess ? row.writeAccess : row.access;
    return row.alsoRoles ? { access, alsoRoles: row.alsoRoles } : { access };
  }
  // fastify answers HEAD with the GET route
  return row.methods[(upper === 'HEAD' ? 'GET' : upper) as HttpMethod];
}

/** The rows of the built services' routes, one per path; identity's key set is not routed. */
export function routeRows(routes: readonly NamedRoute[] = allRoutes()): RoutesRow[] {
  const rows = new Map<string, RoutesRow>();
  for (const { service, name, route } of routes) {
    if (route.internal) continue;
    const path = `${API_PREFIX}${route.path}`;
    const row = rows.get(path) ?? { kind: 'routes', path, service, methods: {} };
    if (row.service !== service) throw new Error(`${path} is claimed by ${row.service} and ${service} (${name})`);
    if (row.methods[route.method]) throw new Error(`${route.method} ${path} is declared twice (${name})`);
    row.methods[route.method] = route.alsoRoles
      ? { access: route.access, alsoRoles: route.alsoRoles }
      : { access: route.access };
    if (route.loginRateLimit) row.loginRateLimit = true;
    rows.set(path, row);
  }
  return [...rows.values()];
}

export const prefixRows = (prefixes: readonly PlannedPrefix[] = PLANNED_PREFIXES): PrefixRow[] =>
  prefixes.map(({ prefix, ...rest }) => ({ kind: 'prefix', path: `${API_PREFIX}${prefix}`, ...rest }));

/** The row is the sign-in form's (or the set-password page's): the stricter per-address rate limit applies. */
export const isLoginForm = (row: RouteRow | undefined): boolean =>
  row?.kind === 'routes' && row.loginRateLimit === true;

/** The router patterns a row claims. */
export function routerPaths(row: RouteRow): string[] {
  return row.kind === 'routes' ? [row.path] : [row.path, `${row.path}/*`];
}

/** Router pattern → the row that claims it; two rows claiming one pattern is an error in the contracts. */
export function claimedPaths(rows: readonly RouteRow[] = [...routeRows(), ...prefixRows()]): Map<string, RouteRow> {
  const claimed = new Map<string, RouteRow>();
  for (const row of rows) {
    for (const pattern of routerPaths(row)) {
      const earlier = claimed.get(pattern);
      if (earlier) throw new Error(`${pattern} is claimed by ${earlier.service} and ${row.service}`);
      claimed.set(pattern, row);
    }
  }
  return claimed;
}
