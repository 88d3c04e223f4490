/**
 * Every route of the route table, opened by address as one account: each `:id` route with a record inside the
 * account's scope and one outside it. A route the policy denies must say so at once, with the area's text and
 * without asking the API for the page's data first; any other route must show what the policy expects.
 */
import assert from 'node:assert/strict';
import type { Request } from 'playwright-core';
import { ROUTES as ROUTE_TABLE, canOpenRoute, type RouteAccess } from '../../src/app/routing/routeConfig';
import { MISSING_ID } from './fixtures';
import { assertOutcome, expectedOutcome, type RouteTarget } from './outcome';
import { visit, where, type Walker } from './browse';

/** An address no route names: the catch-all route's page. */
export const UNKNOWN_ADDRESS = '/no-such-page';

/** The records an `:id` route is opened with, per area of the route. */
function targetsFor(walker: Walker, route: RouteAccess): RouteTarget[] {
  const { patients, users, institutions, testRequests, fulfillment, results } = walker.targets;
  const area = route.path.split('/')[1];
  if (!route.path.includes(':id')) return [];
  switch (area) {
    case 'patients':
      return [patients.inside, patients.outside].map((patient) =>
        patient === null
          ? { kind: 'patient', id: MISSING_ID, patient: null }
          : { kind: 'patient', id: patient.id, patient },
      );
    case 'users':
      return [users.inside, users.outside].map((user) =>
        user === null ? { kind: 'user', id: MISSING_ID, user: null } : { kind: 'user', id: user.id, user },
      );
    case 'institutions':
      return [
        { kind: 'institution', id: institutions.inside.id, exists: true },
        institutions.outside === null
          ? { kind: 'institution', id: MISSING_ID, exists: false }
          : { kind: 'institution', id: institutions.outside.id, exists: true },
      ];
    case 'tests':
      return [testRequests.inside, testRequests.outside].map((request) =>
        request === null
          ? { kind: 'testRequest', id: MISSING_ID, request: null, listed: false }
          : {
              kind: 'testRequest',
              id: request.id,
              request,
              listed: walker.account.visibleTestRequestIds.has(request.id),
            },
      );
    case 'fulfillment':
      return [fulfillment.inside, fulfillment.outside].map((id) => ({
        kind: 'fulfillmentRequest',
        id: id ?? MISSING_ID,
        listed: id !== null && walker.account.visibleFulfillmentIds.has(id),
      }));
    case 'results':
      return [results.inside, results.outside].map((id) => ({
        kind: 'result',
        id: id ?? MISSING_ID,
        listed: id !== null && walker.account.visibleResultIds.has(id),
      }));
    default:
      // Screens of later issues: no records exist yet, any id shows the placeholder (or Access Denied).
      return [{ kind: 'other', id: 1 }];
  }
}

/** API calls a denied screen may make: the session's own (profile, renewal), never the page's data. */
const isPageData = (request: Request) => {
  const { pathname } = new URL(request.url());
  return pathname.startsWith('/api/') && !pathname.startsWith('/api/auth/');
};

/** The deep links typed so far, as route and expected answer: each is typed once, whoever's walk comes first. */
const typedDeepLinks = new Set<string>();

/**
 * The Access Denied texts the browser has shown for a route the policy closes to the account. Every route renders
 * through one element (RouteElement: the guard asks `canOpenRoute` of the route config, shows the route's denied
 * text, and loads nothing of the page), so a route closed by the policy answers alike on every page: each text is
 * shown in the browser once (typed, with the check that the page's data is never asked for), and every other
 * route × account it closes is decided by the policy without a browser (routeGuard.test.ts holds the router to it).
 */
const shownDenials = new Set<string>();

/** Walks every route of the table. */
export async function walkRoutes(walker: Walker): Promise<void> {
  const { page, account } = walker;
  for (const route of ROUTE_TABLE) {
    if ('public' in route) continue;
    const targets = targetsFor(walker, route);
    for (const target of targets.length === 0 ? [null] : targets) {
      const address: string =
        route.path === '/*' ? UNKNOWN_ADDRESS : route.path.replace(':id', String(target?.id ?? MISSING_ID));
      const deniedByRoute = !canOpenRoute(account.caller, route);
      const expected = expectedOutcome(account.caller, route, target);
      if (deniedByRoute) {
        const text = JSON.stringify(expected);
        if (shownDenials.has(text)) {
          walker.count.decided += 1;
          continue;
        }
        shownDenials.add(text);
      }
      const requests: Request[] = [];
      const record = (request: Request) => void (isPageData(request) && requests.push(request));
      page.on('request', record);
      // A screen that turns the caller away is opened as typed (a fresh load, where a form that flashed while the
      // session is read back would show) once per route and answer, by whichever account of the group of roles it
      // answers alike comes first; the others reach it in-app, as a page they may see, which costs half as much.
      const typedKey = `${route.path} ${JSON.stringify(expected)}`;
      const typed = expected.kind !== 'page' && !typedDeepLinks.has(typedKey);
      typedDeepLinks.add(typedKey);
      if (expected.kind !== 'page') walker.count.turnedAway += 1;
      const outcome = await visit(walker, address, typed ? 'typed' : 'in-app');
      page.off('request', record);
      assertOutcome(outcome, expected, where(walker, address));
      if (deniedByRoute) {
        const asked = requests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
        assert.deepEqual(asked, [], `${where(walker, address)}: denied, yet the page's data was requested`);
      }
      walker.count.addresses += 1;
    }
    walker.count.routes += 1;
  }
}
