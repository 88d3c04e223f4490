/**
 * What a screen of the walk shows (a page, Access Denied with its text, a not-found card, or an error) and
 * what the policy says it should show. The expectation is asked of @labline/contracts (the route table's
 * section and rule, then the record rules); the texts are the spec's, per area.
 */
import assert from 'node:assert/strict';
import {
  ERRORS,
  canEditInstitution,
  canEditPatient,
  canManageUser,
  canReadPatient,
  canReadUser,
  canEditTestRequest,
  isEditableStatus,
  type Caller,
  type Patient,
  type TestRequest,
  type User,
} from '@labline/contracts';
import type { Page } from 'playwright-core';
import { canOpenRoute, type RouteAccess } from '../../src/app/routing/routeConfig';
import { BUSY_SELECTOR, loadingRequests } from '../accessibility';
import { accessFactsOf } from '../../src/features/tests/access';

export type Outcome =
  { kind: 'page' } | { kind: 'denied'; message: string } | { kind: 'notFound' } | { kind: 'error'; message: string };

/** The record an `:id` route is opened with; null facts: no such record. */
export type RouteTarget =
  | { kind: 'patient'; id: number; patient: Patient | null }
  | { kind: 'user'; id: number; user: User | null }
  | { kind: 'institution'; id: number; exists: boolean }
  /** `listed`: the server lists it for the caller (its scope, which the page follows). */
  | { kind: 'testRequest'; id: number; request: TestRequest | null; listed: boolean }
  /** `listed`: the server lists it for the caller (its scope, which the page follows). */
  | { kind: 'fulfillmentRequest'; id: number; listed: boolean }
  /** `listed`: the server lists it for the caller (its institutions, which the page follows). */
  | { kind: 'result'; id: number; listed: boolean }
  | { kind: 'other'; id: number };

const denied = (message: string): Outcome => ({ kind: 'denied', message });

/** What the policy lets the caller see at this route with this record. */
export function expectedOutcome(caller: Caller, route: RouteAccess, target: RouteTarget | null): Outcome {
  if (!canOpenRoute(caller, route)) return denied(route.deniedMessage ?? ERRORS.forbidden);
  if (route.path === '/*') return { kind: 'notFound' };
  const editing = route.path.endsWith('/edit');
  switch (target?.kind) {
    case 'patient':
      // Another tenant's patient answers as a missing one does (the server says 404, not 403).
      if (target.patient === null || !canReadPatient(caller, target.patient)) return { kind: 'notFound' };
      return editing && !canEditPatient(caller, target.patient) ? denied(ERRORS.forbidden) : { kind: 'page' };
    case 'user':
      if (target.user === null || !canReadUser(caller, target.user)) return { kind: 'notFound' };
      return editing && !canManageUser(caller, target.user) ? denied(ERRORS.noPermissionManageUsers) : { kind: 'page' };
    case 'institution':
      if (!canEditInstitution(caller, target.id)) return denied(ERRORS.noPermissionManageInstitutions);
      return target.exists ? { kind: 'page' } : { kind: 'notFound' };
    case 'testRequest':
      // Another tenant's request answers as a missing one does; the edit form asks the same rule as its button.
      if (target.request === null || !target.listed) return { kind: 'notFound' };
      // A completed or cancelled request's form says it can no longer be edited (a warning on the page).
      if (editing && !isEditableStatus(target.request.status)) return { kind: 'page' };
      return editing && !canEditTestRequest(caller, accessFactsOf(target.request))
        ? denied(ERRORS.forbidden)
        : { kind: 'page' };
    case 'fulfillmentRequest':
    case 'result':
      // Another tenant's request or result answers as a missing one does (the edit form too).
      return target.listed ? { kind: 'page' } : { kind: 'notFound' };
    default:
      return { kind: 'page' };
  }
}

const WAIT_MS = 15_000;
const POLL_MS = 50;

/** The little of the page's DOM `showsSettled` uses (this file is type-checked without the DOM's types). */
interface Queryable {
  querySelector(selector: string): Queryable | null;
}

/**
 * Whether the main area shows something settled: nothing `busy` (BUSY_SELECTOR), and a page title or a result card.
 * It runs in the page, polled there by waitForFunction, so a wait costs no round trip to the browser per look. A
 * function, never a string: the app's Content-Security-Policy forbids evaluating strings.
 */
function showsSettled(busy: string): boolean {
  const main = (globalThis as unknown as { document: Queryable }).document.querySelector('main, [role="main"]');
  return (
    main !== null && main.querySelector(busy) === null && main.querySelector('h1, h2, h3, .ant-result-title') !== null
  );
}

/**
 * What the main area shows once it has settled: no skeleton or spinner, nothing loading, and a page title or a
 * result card, twice in a row (a response just in renders a moment later). A page that keeps loading fails here,
 * as a dead end too.
 */
export async function readOutcome(page: Page): Promise<Outcome> {
  const main = page.getByRole('main');
  const loading = loadingRequests(page);
  const deadline = Date.now() + WAIT_MS;
  const stillLoading = () => {
    const open = [...loading].map((request) => new URL(request.url()).pathname);
    return new Error(
      `${page.url()} is still loading after ${WAIT_MS} ms${open.length > 0 ? ` (${open.join(', ')})` : ''}`,
    );
  };
  let still = 0;
  while (still < 2) {
    const left = deadline - Date.now();
    if (left <= 0) throw stillLoading();
    await page
      .waitForFunction(showsSettled, BUSY_SELECTOR, { polling: POLL_MS, timeout: left })
      .catch((error: unknown) => {
        throw error instanceof Error && error.name === 'TimeoutError' ? stillLoading() : error;
      });
    still = loading.size === 0 ? still + 1 : 0;
    if (still < 2) await page.waitForTimeout(POLL_MS);
  }
  const result = main.locator('.ant-result').first();
  const subtitle = async () => (await result.locator('.ant-result-subtitle').allInnerTexts()).join(' ').trim();
  if ((await main.locator('.ant-result-403').count()) > 0) return denied(await subtitle());
  if ((await main.locator('.ant-result-404').count()) > 0) return { kind: 'notFound' };
  const failure = main.locator('.ant-result-500, .ant-result-error, .ant-alert-error');
  if ((await failure.count()) > 0) return { kind: 'error', message: (await failure.first().innerText()).trim() };
  const text = await main.innerText();
  const failed = /Failed to [^\n]*/.exec(text) ?? /Unexpected Application Error![^\n]*/.exec(text);
  if (failed !== null) return { kind: 'error', message: failed[0] };
  return { kind: 'page' };
}

/** The screen shows what the policy expects; `where` names the account and the address in the failure. */
export function assertOutcome(actual: Outcome, expected: Outcome, where: string): void {
  assert.deepEqual(actual, expected, `${where}: expected ${describeOutcome(expected)}, got ${describeOutcome(actual)}`);
}

function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'page':
      return 'its page';
    case 'notFound':
      return 'a not-found card';
    case 'denied':
      return `Access Denied "${outcome.message}"`;
    case 'error':
      return `an error "${outcome.message}"`;
  }
}
