/**
 * Moving through the app as its own links do: the router is told of the new address and renders its route, with no
 * reload of the app. A typed `page.goto` loads and parses the whole app again (about twice the CPU of an in-app
 * move); the browser tests type an address only where a fresh load is the subject (a deep link, a bookmark).
 */
import assert from 'node:assert/strict';
import type { SessionUser } from '@labline/contracts';
import type { Page } from 'playwright-core';
import { ROUTES as ROUTE_TABLE, type RouteAccess } from '../src/app/routing/routeConfig';
import { STORAGE_KEYS } from '../src/app/session/storage';

/**
 * The route the router renders for a path, ranked as react-router ranks them: static segments before `:id`,
 * the catch-all last.
 */
export function routeAt(pathname: string): RouteAccess {
  const rank = (route: RouteAccess) => (route.path === '/*' ? 2 : route.path.includes(':') ? 1 : 0);
  const matches = ROUTE_TABLE.filter(
    (route) => route.path === '/*' || new RegExp(`^${route.path.replace(/:id/g, '[^/]+')}$`).test(pathname),
  );
  return [...matches].sort((a, b) => rank(a) - rank(b))[0]!;
}

/** The document title the app sets at `address` for `user` (routeConfig's titles, as the app shows them). */
export function routeTitle(address: string, user: SessionUser): string {
  const route = routeAt(new URL(address, 'http://app').pathname);
  return `${typeof route.title === 'string' ? route.title : route.title(user)} | Labline`;
}

/**
 * The little of the page's DOM a wait looks at, typed here (this file is type-checked without the DOM's types). A
 * wait's predicate is a function, never a string: the app's Content-Security-Policy forbids evaluating strings.
 */
interface InPage {
  document: { title: string };
}

/** Waits until the document title is `title`: the route element sets it as it renders. */
export async function waitForTitle(page: Page, title: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((expected) => (globalThis as unknown as InPage).document.title === expected, title, {
    polling: 50,
    timeout,
  });
}

/** Tells the app's router to show `address`, as a link of the app does (no reload). */
export async function pushAddress(page: Page, address: string): Promise<void> {
  const to = JSON.stringify(address);
  await page.evaluate(`history.pushState(null, '', ${to}); dispatchEvent(new PopStateEvent('popstate'))`);
}

/**
 * Moves a signed-in page to `address` in-app and waits until its route has rendered (its title shows). Between two
 * addresses of the same route (one patient, then another) the title does not change: the caller then waits for
 * what the new record shows.
 */
export async function navigateInApp(page: Page, address: string): Promise<void> {
  const stored = await page.evaluate(
    (key) => (globalThis as unknown as Stored).localStorage.getItem(key),
    STORAGE_KEYS.user,
  );
  assert.ok(stored !== null, `moving in-app to ${address} needs a signed-in page`);
  const title = routeTitle(address, JSON.parse(stored) as SessionUser);
  await pushAddress(page, address);
  await waitForTitle(page, title);
}

interface Stored {
  localStorage: { getItem(key: string): string | null };
}

/**
 * Types into a list's search box (found by its accessible name) and waits until the list shows the answer to that
 * search: the list is aria-busy from the first key until its rows answer (listBusy). Acting on the rows before
 * then may hit a row that the answer replaces between the press and the release of the mouse button.
 */
export async function searchList(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.getByRole('main').locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
}
