/**
 * Shared helpers of the browser tests: the running system, a browser, sign-in and page readers. Every page from
 * `newPage()` is checked with axe as the test goes (see accessibility.ts).
 */
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { afterAll, beforeAll } from 'vitest';
import { loginResponseSchema, sessionUserSchema, type SessionUser } from '@labline/contracts';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { describeExit, startStack } from '../../deploy/dev/stack';
import { STORAGE_KEYS } from '../src/app/session/storage';
import { checkAccessibilityOnClose, watchAccessibility } from './accessibility';

export const DEMO_PASSWORD = 'labline-demo';

export interface DemoAccount {
  email: string;
  role: string;
  /** The institution the seed gives the account, when the brief names it; null for system level. */
  institutionName?: string | null;
}

export const DEMO_ACCOUNTS = {
  superAdmin: { email: 'super@labline.test', role: 'super_admin', institutionName: null },
  northwindAdmin: {
    email: 'admin@northwind.labline.test',
    role: 'institution_admin',
    institutionName: 'Northwind General Hospital',
  },
  clinician: { email: 'clinician@northwind.labline.test', role: 'clinician' },
  clientAdmin: { email: 'client@northwind.labline.test', role: 'client_admin' },
  fulfillmentAgent: { email: 'fulfillment@labline.test', role: 'fulfillment_agent' },
  labUser: { email: 'lab@northwind.labline.test', role: 'lab_user' },
  riversideAdmin: {
    email: 'admin@riverside.labline.test',
    role: 'institution_admin',
    institutionName: 'Riverside Clinic',
  },
} as const satisfies Record<string, DemoAccount>;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface System {
  url: string;
  /** The sandbox peers' web addresses: the SMTP inbox and the SMS API, each with GET /messages. */
  sandboxes: { smtp: string; sms: string };
  /** A page in a fresh browser context (empty storage), closed by stop(); axe checks each page it arrives at. */
  newPage(): Promise<Page>;
  stop(): Promise<void>;
}

/** Starts the whole system on a fresh database with the demo seed (web/dist must be built) and a browser. */
export async function startSystem(): Promise<System> {
  const stack = await startStack({});
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  // A process that exits mid-run fails the test at hand and every later one at once, saying which it was,
  // instead of each waiting out its timeouts against half a system.
  let failure: string | undefined;
  void stack.exited.then(async (exit) => {
    failure = `the system stopped: ${describeExit(exit)}`;
    console.error(failure);
    await browser.close();
  });
  return {
    url: stack.url,
    sandboxes: stack.sandboxes,
    async newPage() {
      if (failure !== undefined) throw new Error(failure);
      const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1440, height: 900 } });
      context.setDefaultTimeout(15_000);
      checkAccessibilityOnClose(context);
      const page = await context.newPage();
      watchAccessibility(page);
      return page;
    },
    async stop() {
      await browser.close();
      await stack.stop();
    },
  };
}

export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByTestId('greeting').waitFor();
}

/** Where the app keeps the session, and a mark that this tab has had it stored. */
const SESSION_KEYS = { ...STORAGE_KEYS, stored: 'e2e-session-stored' } as const;

/**
 * Signs `page` in as `email` through the API, stores the session where the app keeps it, and opens `path`: for
 * tests about what comes after sign-in (the sign-in form is session.e2e's subject). It spares each such test a load
 * of /login and of the dashboard. The session is stored once per tab, before the app's first load, so signing
 * out later stays signed out.
 */
export async function openSignedIn(page: Page, email: string, path: string, password: string = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  assert.equal(response.status(), 200, `sign-in of ${email}: ${response.status()} ${await response.text()}`);
  const { token, user } = loginResponseSchema.parse(await response.json());
  await page.addInitScript(
    ({ keys, token, user }) => {
      if (sessionStorage.getItem(keys.stored) !== null) return;
      sessionStorage.setItem(keys.stored, 'yes');
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, user);
    },
    { keys: SESSION_KEYS, token, user: JSON.stringify(user) },
  );
  await page.goto(path);
}

/** The side navigation entries, top to bottom. */
export async function navigationEntries(page: Page): Promise<string[]> {
  const entries = await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('menuitem').allInnerTexts();
  return entries.map((text) => text.trim());
}

export interface StoredSession {
  token: string | null;
  user: SessionUser | null;
}

export async function storedSession(page: Page): Promise<StoredSession> {
  const { token, user } = await page.evaluate(
    (keys) => ({
      token: localStorage.getItem(keys.token),
      user: localStorage.getItem(keys.user),
    }),
    STORAGE_KEYS,
  );
  return { token, user: user === null ? null : sessionUserSchema.parse(JSON.parse(user)) };
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
}

/** How long Sign Out may take to reach /login before the press is looked at again. */
const SIGN_OUT_MS = 10_000;

/**
 * Signs out through the user menu and waits for /login. A press that lands while the menu is still opening can be
 * lost on a busy machine (a CI run saw the page stay signed in 15 s): once the menu has closed with the page still
 * signed in, Sign Out is pressed once more. A second press does no harm: signing out twice is signing out.
 */
export async function signOut(page: Page): Promise<void> {
  const item = page.getByRole('menuitem', { name: 'Sign Out' });
  await openUserMenu(page);
  await item.click();
  try {
    await page.waitForURL('**/login', { timeout: SIGN_OUT_MS });
  } catch {
    if (!new URL(page.url()).pathname.endsWith('/login') && !(await item.isVisible())) {
      await openUserMenu(page);
      await item.click();
    }
    await page.waitForURL('**/login');
  }
}

/** Saves a full-page screenshot when E2E_SCREENSHOT_DIR is set (for looking at the screens, not asserted). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const directory = process.env.E2E_SCREENSHOT_DIR;
  if (directory === undefined || directory === '') return;
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

/** One running system for the calling test file: started before its tests, stopped after them. */
export function useSystem(): System {
  let started: System | undefined;
  beforeAll(async () => {
    started = await startSystem();
  });
  afterAll(async () => {
    await started?.stop();
  });
  const current = (): System => {
    if (!started) throw new Error('the system is not started yet (use it inside a test)');
    return started;
  };
  return {
    get url() {
      return current().url;
    },
    get sandboxes() {
      return current().sandboxes;
    },
    newPage: () => current().newPage(),
    stop: () => current().stop(),
  };
}

/** Calls the API as a demo account, for the records a test starts from (set-up, not the thing under test). */
export async function apiAs(system: System, email: string, password: string = DEMO_PASSWORD) {
  const login = await fetch(`${system.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(login.status, 200);
  const { token, user } = loginResponseSchema.parse(await login.json());
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${system.url}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: body === undefined ? null : JSON.stringify(body),
    });
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
    return response.json();
  };
  return { user, call };
}

/**
 * Retries a set-up call that depends on a projection another service fills from NATS (a new clinician, an
 * institution's stats) until it succeeds or the time is up; the last failure is thrown then.
 */
export async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Matches exactly `text` (an option's whole label). */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * The options of the antd Select labelled `label` (within `scope`, the page by default), once its dropdown is open:
 * the dropdown that holds the select's own list, so a dropdown still closing beside it is not read.
 */
async function openOptions(page: Page, label: string, scope: Page | Locator): Promise<Locator> {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  const list = await select.getAttribute('aria-controls');
  return page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .filter({ has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option');
}

/** Opens the antd Select labelled `label` (within `scope`, the page by default) and picks the option `option`. */
export async function pickOption(page: Page, label: string, option: string, scope: Page | Locator = page) {
  const options = await openOptions(page, label, scope);
  await options.filter({ hasText: exactly(option) }).click();
}

/**
 * Picks `choices` in the antd multiple Select labelled `label` (within `scope`) and closes its dropdown. Each pick is
 * waited for as a chosen tag before the next, and a click that did not take (it can land while the list is still
 * opening on a busy machine) is made once more. Escape closes the list only once it is sure to be open: with the
 * list closed, Escape would close a modal around the select instead.
 */
export async function pickChoices(page: Page, label: string, choices: string[], scope: Page | Locator = page) {
  // (a `has` locator is looked up inside each candidate: it starts from the page, not from `scope`)
  const field = scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  const options = await openOptions(page, label, scope);
  for (const choice of choices) {
    const tag = field.locator('.ant-select-selection-item').filter({ hasText: choice });
    const option = options.filter({ hasText: exactly(choice) });
    await option.click();
    await tag.waitFor({ timeout: 5_000 }).catch(async () => {
      await option.click();
      await tag.waitFor();
    });
  }
  await options.first().waitFor();
  await page.keyboard.press('Escape');
  await options.first().waitFor({ state: 'hidden' });
}

/**
 * The options the antd Select labelled `label` offers, as shown; the dropdown is closed again with Escape, which the
 * open select takes for itself (a modal around it stays). Tab would not do: it toggles the highlighted option.
 */
export async function offeredOptions(page: Page, label: string, scope: Page | Locator = page): Promise<string[]> {
  const options = await openOptions(page, label, scope);
  await options.first().waitFor();
  const texts = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  return texts.map((text) => text.trim());
}

/** The errors shown under the form field labelled `label` (within `scope`, e.g. a modal). */
export const formFieldErrors = (page: Page, label: string, scope: Page | Locator = page) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

/** Waits for the antd message (toast) saying `text`. */
export async function messageShown(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text, { exact: true }).waitFor();
}
