/// <reference types="node" />
/**
 * Every route of the route config, as every role with its default permissions, rendered through the router's one
 * route element (RouteElement) on the server: a route the policy closes shows Access Denied with the route's own
 * text and nothing of its page; a route it opens shows the page and no Access Denied. The access walk (web/e2e)
 * shows each Access Denied text in the browser once and leaves the other closed routes to this test.
 */
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import {
  ERRORS,
  ROLES,
  callerFromUser,
  defaultPermissionsForRole,
  type Role,
  type SessionUser,
} from '@labline/contracts';
import { describe, test } from 'vitest';
import { SessionContext, type SessionContextValue } from '../session/SessionContext';
import { RouteElement } from './RouteElement';
import { ROUTES, canOpenRoute, type RouteAccess } from './routeConfig';

const PAGE_MARK = 'the page of this route';

function userOf(role: Role): SessionUser {
  return {
    id: 10,
    email: `${role}@example.test`,
    first_name: 'Route',
    last_name: 'Guard',
    phone: null,
    role,
    institution_id: role === 'super_admin' ? null : 1,
    institution_name: role === 'super_admin' ? null : 'Northwind General Hospital',
    clinician_institution_ids: role === 'clinician' ? [1] : [],
    permissions: defaultPermissionsForRole(role),
    is_active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

/** The route rendered as `user` would see it, with a stand-in page, once everything it loads has loaded. */
async function render(route: RouteAccess, user: SessionUser): Promise<string> {
  const session: SessionContextValue = {
    user,
    signedOutByUser: false,
    login: () => Promise.resolve(),
    logout: () => undefined,
    updateUser: () => undefined,
  };
  const Page = () => createElement('p', null, PAGE_MARK);
  const element = createElement(
    MemoryRouter,
    { initialEntries: [route.path.replace(':id', '1')] },
    createElement(
      SessionContext.Provider,
      { value: session },
      createElement(RouteElement, { route: { ...route, Page } }),
    ),
  );
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#x27;');

describe('the route guard: each route as each role', () => {
  const signedInRoutes: readonly RouteAccess[] = ROUTES.filter((route) => !('public' in route && route.public));
  for (const role of ROLES) {
    test(`${role}: closed routes show their Access Denied text and no page, open ones their page`, async () => {
      const user = userOf(role);
      const caller = callerFromUser(user);
      const wrong: string[] = [];
      for (const route of signedInRoutes) {
        const html = await render(route, user);
        const open = canOpenRoute(caller, route);
        const showsPage = html.includes(PAGE_MARK);
        const deniedText = escaped(route.deniedMessage ?? ERRORS.forbidden);
        const showsDenied = html.includes(escaped(ERRORS.accessDenied)) && html.includes(deniedText);
        if (open && (!showsPage || showsDenied)) wrong.push(`${route.path}: open to ${role}, yet not shown`);
        if (!open && (showsPage || !showsDenied)) {
          wrong.push(`${route.path}: closed to ${role}, yet ${showsPage ? 'its page shows' : 'not its denied text'}`);
        }
      }
      assert.deepEqual(wrong, []);
    });
  }
});
