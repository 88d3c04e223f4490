/**
 * Moving through the app as one account: opening an address, following an action, checking that an action is
 * offered exactly when the policy allows it. Every step asserts the screen it reaches (outcome.ts), so a dead
 * end fails at the step that leads into it, named by account and address.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { checkAccessibility } from '../accessibility';
import { pushAddress, routeTitle, waitForTitle } from '../navigation';
import { assertOutcome, readOutcome, type Outcome } from './outcome';
import type { WalkAccount, WalkFixtures, ScopeTargets } from './fixtures';

/** What one account's walk has checked, for the summary. */
export interface WalkCount {
  /** Routes of the route table opened, and the addresses that took (an `:id` route: inside and outside scope). */
  routes: number;
  addresses: number;
  /** Addresses opened by a fresh load (typed), not in-app: the dear ones. */
  typed: number;
  /** Addresses that turn the account away (Access Denied, not found): each was typed before the walk shared them. */
  turnedAway: number;
  /**
   * Addresses of routes the policy closes to the account, decided without a browser: their Access Denied text was
   * shown in the browser already, for another route or account (walk/routes.ts, shownDenials).
   */
  decided: number;
  /** Actions offered and followed (or opened and cancelled). */
  followed: number;
  /** Actions the policy forbids, checked to be absent. */
  hidden: number;
}

export interface Walker {
  page: Page;
  account: WalkAccount;
  fixtures: WalkFixtures;
  targets: ScopeTargets;
  count: WalkCount;
}

const PAGE: Outcome = { kind: 'page' };
const path = (page: Page) => page.url().replace(/^https?:\/\/[^/]+/, '');
export const where = (walker: Walker, what = path(walker.page)) => `${walker.account.email} ${what}`;

const TITLE_WAIT_MS = 15_000;

/** The document title the route element sets for an address (routeConfig.ts titles, as the app shows them). */
const routeTitleOf = (walker: Walker, address: string) => routeTitle(address, walker.account.user);

/**
 * Waits until the app shows the route of the current address: its document title (set by the route element
 * as it renders) names that route. The URL changes before the new route renders, so the old screen would
 * otherwise be read as the new one.
 */
export async function waitForRoute(walker: Walker): Promise<void> {
  const { page } = walker;
  const title = routeTitleOf(walker, page.url());
  await waitForTitle(page, title, TITLE_WAIT_MS).catch(async (error: unknown) => {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    assert.fail(`${where(walker)}: the page title stayed "${await page.title()}", not "${title}"`);
  });
}

/**
 * Opens an address and returns what it shows. `typed`: a fresh load, as when the address is typed or
 * bookmarked (the session is read from storage again, the page's code loaded anew). `in-app`: the router is
 * told of the new address, as the app's own links do; it spares a reload of the whole app per address, and
 * axe checks the address all the same. An in-app visit to a route with the title of the current one is typed
 * instead, since the title is how the walk knows the new route has rendered.
 */
export async function visit(walker: Walker, address: string, how: 'typed' | 'in-app' = 'in-app'): Promise<Outcome> {
  const { page } = walker;
  if (how === 'in-app' && (await page.title()) !== routeTitleOf(walker, address)) {
    await pushAddress(page, address);
    await waitForRoute(walker);
    const outcome = await readOutcome(page);
    await checkAccessibility(page);
    return outcome;
  }
  walker.count.typed += 1;
  await page.goto(address);
  await waitForRoute(walker);
  return readOutcome(page);
}

/** Opens an address that must show its page. */
export async function visitPage(walker: Walker, address: string): Promise<void> {
  assertOutcome(await visit(walker, address), PAGE, where(walker, address));
}

/**
 * An accessible name ending in `label`: an antd button's name starts with its icon's label ("plus Add Patient"),
 * and nothing else may follow (so "Edit" is not "Edit User").
 */
export const named = (label: string) => new RegExp(`(^|\\s)${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A button or link in the main area (or `within`), by its label. */
export function action(walker: Walker, label: string, within?: Locator): Locator {
  const scope = within ?? walker.page.getByRole('main');
  const name = named(label);
  return scope.getByRole('button', { name }).or(scope.getByRole('link', { name })).first();
}

/**
 * Checks that the action is offered exactly when `allowed` (the policy's answer); returns it when it is.
 * `what` names it in a failure.
 */
export async function offered(walker: Walker, target: Locator, allowed: boolean, what: string) {
  const shown = (await target.count()) > 0 && (await target.isVisible());
  assert.equal(
    shown,
    allowed,
    `${where(walker)}: "${what}" ${allowed ? 'is missing although the policy allows it' : 'is offered although the policy forbids it'}`,
  );
  if (!allowed) walker.count.hidden += 1;
  return shown ? target : null;
}

/**
 * Follows an action that leads to another address, asserts that it shows its page (not Access Denied, not
 * found, not an error), and returns to where it started unless `stay`.
 */
export async function follow(walker: Walker, target: Locator, what: string, stay = false): Promise<void> {
  const { page } = walker;
  const from = page.url();
  await target.click();
  await page.waitForURL((url) => url.href !== from);
  await waitForRoute(walker);
  assertOutcome(await readOutcome(page), PAGE, `${where(walker)} (from "${what}")`);
  walker.count.followed += 1;
  if (stay) return;
  await page.goBack();
  await page.waitForURL(from);
  await waitForRoute(walker);
  assertOutcome(await readOutcome(page), PAGE, where(walker));
}

/** Checks the action against the policy and follows it when offered. */
export async function checkAndFollow(walker: Walker, name: string, allowed: boolean, within?: Locator) {
  const target = await offered(walker, action(walker, name, within), allowed, name);
  if (target !== null) await follow(walker, target, name);
}

/** The button labelled `label` in the open confirmation (a modal confirm or a popconfirm). */
const dialogButton = (walker: Walker, label: RegExp) =>
  walker.page
    .locator('.ant-modal-confirm, .ant-popover')
    .locator('button')
    .filter({ hasText: label, visible: true })
    .first();

/** Opens a confirmation (a modal or a popconfirm) and cancels it: the record stays as it was. */
export async function openAndCancel(walker: Walker, target: Locator, what: string): Promise<void> {
  const before = walker.page.url();
  await target.click();
  const cancel = dialogButton(walker, /^(Cancel|No)$/);
  await cancel.click();
  await cancel.waitFor({ state: 'hidden' });
  assert.equal(walker.page.url(), before, `${where(walker)}: cancelling "${what}" left the page`);
  walker.count.followed += 1;
}

/** How long a confirmation may take to close after its button is pressed before the press is looked at again. */
const CONFIRM_CLOSE_MS = 10_000;

/**
 * Confirms a destructive action in its dialog (only on records made for the test). A press that lands while a
 * popconfirm is still opening can be lost on a busy machine (CI saw the dialog stay open 15 s with its button
 * idle): a button still there, idle, after a while is pressed once more; a busy one (loading) is saving.
 */
export async function confirm(walker: Walker, target: Locator, confirmLabel: string): Promise<void> {
  await target.click();
  const ok = dialogButton(walker, new RegExp(`^${confirmLabel}$`));
  await ok.click();
  try {
    await ok.waitFor({ state: 'hidden', timeout: CONFIRM_CLOSE_MS });
  } catch {
    const busy = (await ok.getAttribute('class').catch(() => null))?.includes('ant-btn-loading') ?? false;
    if (!busy && (await ok.isVisible())) await ok.click();
    await ok.waitFor({ state: 'hidden', timeout: 3 * CONFIRM_CLOSE_MS });
  }
  walker.count.followed += 1;
}

/**
 * Saves a form unchanged and asserts that it lands on `landing` showing its page: the server accepted what
 * the form offered to this account.
 */
export async function saveUnchanged(walker: Walker, submitLabel: string, landing: string): Promise<void> {
  const { page } = walker;
  await action(walker, submitLabel).click();
  await page
    .waitForURL((url) => url.pathname === landing, { timeout: 15_000 })
    .catch(async () => {
      const outcome = await readOutcome(page);
      assert.fail(`${where(walker)}: "${submitLabel}" did not save (${JSON.stringify(outcome)})`);
    });
  await waitForRoute(walker);
  assertOutcome(await readOutcome(page), PAGE, `${where(walker)} (after "${submitLabel}")`);
  walker.count.followed += 1;
}

/** Controls that act on the list itself (its pages), not actions that lead anywhere. */
const IN_PAGE_CONTROLS = /^(Previous|Next)$/;
const OUTSIDE_ROWS = ':not(.ant-table *):not(.ant-pagination *):not(.ant-tabs-nav *):not(.ant-select *)';

/**
 * Every action the main area shows outside table rows, tabs and pagination must be one the walk checks on
 * this page (`known`): a button added later fails here until the walk follows it too.
 */
export async function assertOnlyKnownActions(walker: Walker, known: readonly string[]): Promise<void> {
  const main = walker.page.getByRole('main');
  const controls = main.locator(`button${OUTSIDE_ROWS}, a[href]${OUTSIDE_ROWS}`).filter({ visible: true });
  const labels: string[] = [];
  for (const control of await controls.all()) {
    labels.push(((await control.getAttribute('aria-label')) ?? (await control.innerText())).trim());
  }
  const unknown = labels.filter(
    (label) => !IN_PAGE_CONTROLS.test(label) && !known.some((name) => named(name).test(label)),
  );
  assert.deepEqual(unknown, [], `${where(walker)}: actions the walk does not check`);
}
