/**
 * axe on every page the browser tests visit: a page arrived at (a load or an in-app navigation) is checked once it
 * has settled, at the test's next step on it (an action, goto, waitForURL, closing its context), so the check sees
 * the page as the test left it and never races the test's own clicks. Each route is checked once per window width in
 * the whole run, by whichever test reaches it first (see `checked` and firstInRun). Serious and critical violations
 * fail the test at that step with a readable list. With E2E_AXE_REPORT set to a file, they are listed there instead,
 * and the tests go on (to survey a change that touches many pages).
 */
import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { NodeResult, Result } from 'axe-core';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { inject } from 'vitest';
import { z } from 'zod';
import type { SystemInfo as _SystemInfo } from './systems';

const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);
/** Longest wait for the page to settle; it is checked as it is after that. */
const SETTLE_TIMEOUT_MS = 5_000;
/** How long the page must stay still to count as settled, and how often it is looked at. */
const QUIET_MS = 250;
const POLL_MS = 50;
/** The locator methods that act on a page: each first checks the page arrived at before it. */
const LOCATOR_ACTIONS = [
  'blur',
  'check',
  'clear',
  'click',
  'dblclick',
  'dispatchEvent',
  'dragTo',
  'fill',
  'focus',
  'hover',
  'press',
  'pressSequentially',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;
const KEYBOARD_ACTIONS = ['down', 'insertText', 'press', 'type', 'up'] as const;

const checkers = new WeakMap<Page, () => Promise<void>>();

/** What marks a part of the page as still loading: a spinner, a skeleton, or a place marked busy (shared/Result.tsx). */
export const BUSY_SELECTOR = '.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]';

/** Checks the page if it changed address since its last check; a no-op otherwise. */
export async function checkAccessibility(page: Page): Promise<void> {
  await checkers.get(page)?.();
}

/**
 * Runs in the page (a string: this file is type-checked without the DOM's types): whether something still loads
 * or moves (spinners, skeletons, finite animations and transitions; endless ones are spinners), and a count of
 * the DOM's changes so far.
 */
const PAGE_STATE = `(() => {
  if (window.__axeMutations === undefined) {
    window.__axeMutations = 0;
    new MutationObserver((records) => { window.__axeMutations += records.length; })
      .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }
  const loading = document.querySelector(${JSON.stringify(BUSY_SELECTOR)}) !== null;
  const moving = document.getAnimations().some((animation) =>
    animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
  return { busy: loading || moving, mutations: window.__axeMutations };
})()`;

/**
 * The page's API calls and code chunks still loading, counted from the browser's events for every page from
 * newPage(). A screen can be still without a spinner while one loads (a lazy part, its place empty until it comes).
 */
const openRequests = new WeakMap<Page, Set<Request>>();
const LOADING_TYPES: ReadonlySet<string> = new Set(['fetch', 'xhr', 'script', 'stylesheet']);

/** A server-sent event stream (the live dashboard's) stays open by design: it is never "still loading". */
const isEventStream = (request: Request) => request.headers()['accept'] === 'text/event-stream';

function countOpenRequests(page: Page): void {
  const open = new Set<Request>();
  openRequests.set(page, open);
  page.on(
    'request',
    (request) => void (LOADING_TYPES.has(request.resourceType()) && !isEventStream(request) && open.add(request)),
  );
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/** The requests of `page` still loading (see openRequests). */
export const loadingRequests = (page: Page): ReadonlySet<Request> => openRequests.get(page) ?? new Set();

/**
 * Waits until the page has been still for a while: no API call open, nothing loading or moving, the DOM
 * unchanged. A check in mid-transition would measure the contrast of half-faded text.
 */
async function settle(page: Page): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let lastMutations = -1;
  let stillSince = Date.now();
  while (Date.now() < deadline) {
    const { busy, mutations } = await page.evaluate<{ busy: boolean; mutations: number }>(PAGE_STATE);
    const still = !busy && mutations === lastMutations && loadingRequests(page).size === 0;
    if (!still) stillSince = Date.now();
    else if (Date.now() - stillSince >= QUIET_MS) return;
    lastMutations = mutations;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const serious = (violations: Result[]): Result[] =>
  violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));

/** The violations of `first` whose rule and element `second` has too (each node keyed by rule and target). */
function inBoth(first: Result[], second: Result[]): Result[] {
  const key = (rule: string, node: NodeResult) => `${rule} ${JSON.stringify(node.target)}`;
  const again = new Set(second.flatMap((violation) => violation.nodes.map((node) => key(violation.id, node))));
  return first
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => again.has(key(violation.id, node))) }))
    .filter((violation) => violation.nodes.length > 0);
}

function describeViolation(violation: Result): string {
  const targets = violation.nodes.slice(0, 5).map((node) => {
    const [why] = [...node.any, ...node.all, ...node.none].map((check) => check.message);
    return `      at ${node.target.join(' >> ')}${why === undefined ? '' : `: ${why}`}`;
  });
  const more = violation.nodes.length > 5 ? [`      … and ${violation.nodes.length - 5} more`] : [];
  return [
    `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...targets,
    ...more,
  ].join('\n');
}

/** The page navigated or closed while being checked: its new address gets a check of its own. */
const leftDuringCheck = (error: unknown): boolean =>
  error instanceof Error && /Execution context was destroyed|has been closed|navigat/i.test(error.message);

/**
 * axe's serious and critical violations on the settled page (or the part of it `include` selects); none when the
 * page moved on meanwhile.
 */
async function seriousViolations(page: Page, include?: string): Promise<Result[]> {
  try {
    await settle(page);
    const builder = new AxeBuilder({ page }).setLegacyMode();
    return serious((await (include === undefined ? builder : builder.include(include)).analyze()).violations);
  } catch (error) {
    if (leftDuringCheck(error)) return [];
    throw error;
  }
}

/**
 * The serious and critical violations in the part of the page `include` selects (a dialog the automatic checks do not
 * reach: it opens without a change of address), once it is still, as `id: help` lines. Only what a second look finds
 * too counts, as in the automatic checks: a dialog still fading in has a passing contrast problem.
 */
export async function seriousViolationsIn(page: Page, include: string): Promise<string[]> {
  const found = await seriousViolations(page, include);
  const failing = found.length === 0 ? [] : inBoth(found, await seriousViolations(page, include));
  return failing.map((violation) => `${violation.id}: ${violation.help}`);
}

/**
 * Whether no other file of this run has checked `visit` yet: the run's list is kept by the browser tests' systems
 * endpoint (systems.ts), so each route is checked once per width in the whole run. Without the endpoint
 * (a file run outside the e2e project), every visit is a first.
 */
async function firstInRun(visit: string): Promise<boolean> {
  const endpoint = inject('e2eSystems') as string | undefined;
  if (endpoint === undefined) return true;
  const response = await fetch(`${endpoint}/checked?visit=${encodeURIComponent(visit)}`);
  return z.object({ first: z.boolean() }).parse(await response.json()).first;
}

/**
 * The pages checked so far in this test file, per window width: a page is its route (ids stand as `:id`, the query
 * and hash are left out), so a second record of the same kind, or the same page as another account, is not checked
 * again. An axe check costs some 2.5 s of a core on CI's machine (half a short test's time), and the roles' versions
 * of a page are made of the same components (what differs is which buttons and cards show), so one check per route
 * and width buys nearly all of it: checked per role, the suite ran some 150 checks more. The access walk, which
 * starts first, opens every route, so the routes' plain pages are checked there; the other files' first visits of a
 * route in a width the walk does not use (390 px, 1280 px) are checked where they come. Dialogs opened without a
 * change of address are checked where a test opens them (seriousViolationsIn).
 */
const checked = new Set<string>();

/** Who the page is signed in as (the role of the stored session), in the page's words. */
const SIGNED_IN_AS = `(() => {
  try {
    return JSON.parse(localStorage.getItem('user')).role;
  } catch {
    return 'signed out';
  }
})()`;

const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The route an address shows: its path with every id segment as `:id`. */
export function routeOf(address: string): string {
  const { pathname } = new URL(address);
  return pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
}

async function analyze(page: Page): Promise<void> {
  const address = page.url();
  // Per window width too: a page can break at 390 px only (a table that scrolls sideways).
  const visit = `${page.viewportSize()?.width ?? 0}px ${routeOf(address)}`;
  if (checked.has(visit)) return;
  checked.add(visit);
  if (!(await firstInRun(visit))) return;
  const found = await seriousViolations(page);
  // Only what a second look, once the page is still again, finds too: not a state the page was passing through.
  const failing = found.length === 0 || page.url() !== address ? [] : inBoth(found, await seriousViolations(page));
  if (failing.length === 0) return;
  const who = await page.evaluate<string>(SIGNED_IN_AS).catch(() => 'signed out');
  const list = failing.map(describeViolation).join('\n');
  const reportFile = process.env.E2E_AXE_REPORT;
  if (reportFile !== undefined && reportFile !== '') {
    appendFileSync(reportFile, `${address} (${who})\n${list}\n`);
    return;
  }
  throw new Error(
    `axe: ${failing.length} serious or critical accessibility violation(s) on ${address} (${who}):\n${list}`,
  );
}

/** Checks `page` after each change of address, at the test's next step on it. */
export function watchAccessibility(page: Page): void {
  countOpenRequests(page);
  let changed = false;
  let running: Promise<void> | null = null;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith('http')) changed = true;
  });
  const check = async (): Promise<void> => {
    if (running !== null) return running;
    if (!changed || page.isClosed()) return;
    changed = false;
    running = analyze(page).finally(() => (running = null));
    return running;
  };
  checkers.set(page, check);

  const { goto, reload, waitForURL } = page;
  page.goto = async (...args) => {
    await check();
    const response = await goto.apply(page, args);
    await check();
    return response;
  };
  page.reload = async (...args) => {
    await check();
    const response = await reload.apply(page, args);
    await check();
    return response;
  };
  page.waitForURL = async (...args) => {
    await waitForURL.apply(page, args);
    await check();
  };
  const keyboard = page.keyboard;
  for (const name of KEYBOARD_ACTIONS) {
    const action = keyboard[name] as (...args: unknown[]) => Promise<void>;
    Object.assign(keyboard, {
      [name]: async (...args: unknown[]) => {
        await check();
        return action.apply(keyboard, args);
      },
    });
  }
  patchLocatorActions(Object.getPrototypeOf(page.locator('html')) as Locator);
}

/** Closing the context checks its pages first (closing still happens when a check fails). */
export function checkAccessibilityOnClose(context: BrowserContext): void {
  const close = context.close;
  context.close = async (...args) => {
    try {
      for (const page of context.pages()) await checkAccessibility(page);
    } finally {
      await close.apply(context, args);
    }
  };
}

const patchedPrototypes = new WeakSet<object>();

/** Locators share one prototype: its actions are wrapped once, for every page. */
function patchLocatorActions(prototype: Locator): void {
  if (patchedPrototypes.has(prototype)) return;
  patchedPrototypes.add(prototype);
  for (const name of LOCATOR_ACTIONS) {
    const action = prototype[name] as (this: Locator, ...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value: async function (this: Locator, ...args: unknown[]) {
        await checkAccessibility(this.page());
        return action.apply(this, args);
      },
    });
  }
}
