/**
 * Shared helpers of the browser tests: the running system, a browser, sign-in and page readers. Every page from
 * `newPage()` is checked with axe as the test goes (see accessibility.ts).
 */
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  defaultPermissionsForRole,
  institutionListResponseSchema,
  loginResponseSchema,
  sessionUserSchema,
  userResponseSchema,
  type SessionUser,
} from '@labline/contracts';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { STORAGE_KEYS } from '../src/app/session/storage';
import { checkAccessibilityOnClose, watchAccessibility } from './accessibility';
import { routeTitle, waitForTitle } from './navigation';
import { systemInfoSchema, type SystemInfo } from './systems';

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
  /**
   * A page in a fresh browser context (empty storage, reduced motion), closed with the file's browser; axe checks each
   * page it arrives at.
   */
  newPage(): Promise<Page>;
}

/** Asks for this worker's running system (systems.ts): the same one for every file the worker runs. */
async function workerSystem(): Promise<SystemInfo> {
  const response = await fetch(`${inject('e2eSystems')}/system?worker=${process.env.VITEST_POOL_ID ?? '1'}`);
  if (!response.ok) throw new Error(await response.text());
  const info = systemInfoSchema.parse(await response.json());
  if (info.stopped !== null) throw new Error(info.stopped);
  return info;
}

/**
 * The worker's running system (shared with the files before and after this one, see systems.ts) and a browser of
 * this file's own, launched before its tests and closed after them. A system process that exits mid-run fails the
 * next page asked for, saying which it was, instead of each test waiting out its timeouts against half a system.
 */
export function useSystem(): System {
  let info: SystemInfo | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    info = await workerSystem();
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const current = (): SystemInfo => {
    if (!info) throw new Error('the system is not started yet (use it inside a test)');
    return info;
  };
  return {
    get url() {
      return current().url;
    },
    get sandboxes() {
      return current().sandboxes;
    },
    async newPage() {
      const { url } = await workerSystem();
      if (!browser) throw new Error('the browser is not launched yet (use it inside a test)');
      // Reduced motion, as a person may ask of their system: the app then draws antd without animations, so no
      // test waits for a menu or dialog to finish moving, and the browser draws no frames in between. No test
      // here is about the motion itself.
      const context = await browser.newContext({
        baseURL: url,
        viewport: { width: 1440, height: 900 },
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(15_000);
      checkAccessibilityOnClose(context);
      const page = await context.newPage();
      watchAccessibility(page);
      return page;
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
 * out later stays signed out. It returns once the route of `path` has rendered (its title shows).
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
  await waitForTitle(page, routeTitle(path, user));
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

/** The little of the page's DOM `motionEnded` looks at (this file is type-checked without the DOM's types). */
interface Animated {
  document: {
    getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null }[];
  };
}

/** Runs in the page: no finite animation is running (endless ones are spinners). A function: the CSP forbids strings. */
function motionEnded(): boolean {
  return !(globalThis as unknown as Animated).document
    .getAnimations()
    .some(
      (animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
    );
}

/**
 * Opens the user menu and waits until it has finished opening. A click on an item while the menu still zooms in
 * can land beside the item (the item is drawn smaller and higher than where it will stand), which opens nothing:
 * profile.e2e's Sign Out once stayed unanswered 15 s that way, the menu open, no request sent.
 */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
  await page.waitForFunction(motionEnded, undefined, { polling: 50 });
}

/**
 * Signs out through the user menu and waits for /login. The page signs out at once, without waiting for the server's
 * answer (a CI run once waited 15 s here: Sign Out's move to /login bounced to the home page while the sign-out
 * request was pending, and only the answer sent the page on); the request is still sent, and a test that depends on
 * the server having ended the session waits for its answer.
 */
export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  const item = page.getByRole('menuitem', { name: 'Sign Out' });
  const requests: string[] = [];
  page.on('request', (request) => void requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await item.click();
  await page
    .waitForURL((url) => url.pathname === '/login' && url.search === '')
    .catch(async (error: unknown) => {
      const { token } = await storedSession(page);
      throw new Error(
        `Sign Out did not lead to /login: the page stayed at ${page.url()} (session ${token === null ? 'cleared' : 'kept'}, ` +
          `menu item ${(await item.isVisible()) ? 'visible' : 'gone'}, requests since the click: ${requests.join(', ') || 'none'})`,
        { cause: error },
      );
    });
}

/** Saves a full-page screenshot when E2E_SCREENSHOT_DIR is set (for looking at the screens, not asserted). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const directory = process.env.E2E_SCREENSHOT_DIR;
  if (directory === undefined || directory === '') return;
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
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

/**
 * Makes the next GET of the API path `path` (`/patients`: a list's call, whatever its query) fail, as a server that
 * refuses it for now (429, which the app does not retry on its own), and lets the calls after it through: for a
 * list's error with Retry (issue 22). Set it up before the page makes the call.
 */
export async function failNextLoad(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api${path}`,
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 429, contentType: 'application/json', body: '{}' })
        : route.fallback(),
    { times: 1 },
  );
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

/**
 * How long a message may take through the services, NATS and the sandboxes (the history and the monitoring are
 * projections of it): moments on an idle machine, much longer when the suite's other file loads both cores.
 */
export const DELIVERY_WAIT_MS = 90_000;

/** What the tests read of a message the SMTP sandbox received (deploy/sandboxes/smtp). */
export interface ReceivedMail {
  envelope: { to: string[] };
  subject: string;
  text: string;
  headers: Record<string, string>;
  receivedAt: string;
}

/** The e-mails to `address` the SMTP sandbox holds now, oldest first. */
export async function sandboxMail(system: System, address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${system.sandboxes.smtp}/messages`);
  assert.equal(response.status, 200);
  const { messages } = (await response.json()) as { messages: ReceivedMail[] };
  return messages.filter((mail) => mail.envelope.to.includes(address));
}

/** What the tests read of an SMS the SMS sandbox accepted (deploy/sandboxes/sms). */
export interface ReceivedText {
  to: string;
  body: string;
  status: string;
}

/** The SMS to `number` (E.164) the SMS sandbox holds now. */
export async function sandboxTexts(system: System, number: string): Promise<ReceivedText[]> {
  const response = await fetch(`${system.sandboxes.sms}/messages`);
  assert.equal(response.status, 200);
  const { messages } = (await response.json()) as { messages: ReceivedText[] };
  return messages.filter((text) => text.to === number);
}

let uniqueCount = 0;
/**
 * A name (or e-mail local part) no other file or run on the shared system uses: the worker, the moment and a
 * count. The browser files share one running system per worker (systems.ts), so a record a test changes is one it
 * made under such a name, never a demo account.
 */
export const uniqueName = (prefix: string): string =>
  `${prefix}${process.env.VITEST_POOL_ID ?? '1'}${Date.now().toString(36)}${(uniqueCount += 1)}`;

export const NORTHWIND = 'Northwind General Hospital';

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A user of the test's own, made by super_admin through the API in a demo institution (Northwind by default),
 * for a test that changes its account (its password, its name, its deactivation): the demo accounts stay as the
 * seed made them for every file after it. Letters only in the names (a first name is shown as typed).
 */
export async function createAccount(
  system: System,
  role: 'lab_user' | 'clinician' | 'client_admin' | 'institution_admin',
  { firstName = 'Test', lastName = 'Account', institution = NORTHWIND } = {},
): Promise<TestAccount> {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
  const { institutions } = institutionListResponseSchema.parse(await call('GET', '/institutions'));
  const home = institutions.find((candidate) => candidate.name === institution);
  assert.ok(home, `the demo seed has ${institution}`);
  const email = `${uniqueName(role.replace('_', ''))}@e2e.labline.test`;
  const password = 'e2e-account-password';
  const { user } = userResponseSchema.parse(
    await call('POST', '/users', {
      email,
      first_name: firstName,
      last_name: lastName,
      role,
      password,
      institution_id: home.id,
      clinician_institution_ids: role === 'clinician' ? [home.id] : [],
      permissions: defaultPermissionsForRole(role),
    }),
  );
  return { id: user.id, email, password, firstName, lastName };
}
