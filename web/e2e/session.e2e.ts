/** Sign-in, layout, navigation per role, sign-out and the 401 rule (spec 1 §2, §4, §6, §8). */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ERRORS, type SessionUser } from '@labline/contracts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  navigationEntries,
  openUserMenu,
  screenshot,
  signIn,
  signOut,
  useSystem,
  storedSession,
  type DemoAccount,
} from './support';

/*
 * Spec 1 §6 written out here on purpose, not taken from @labline/contracts, so that a policy bug there
 * shows up as a wrong navigation.
 */
const ALL_SECTIONS = [
  'dashboard',
  'patients',
  'tests',
  'results',
  'inventory',
  'fulfillment',
  'analytics',
  'users',
  'institutions',
  'cms',
];
const SPEC_DEFAULT_SECTIONS: Record<string, string[]> = {
  super_admin: ALL_SECTIONS,
  institution_admin: ['dashboard', 'patients', 'tests', 'results', 'analytics', 'users', 'cms'],
  clinician: ['dashboard', 'patients', 'tests', 'results'],
  client_admin: ['dashboard', 'patients', 'tests', 'inventory', 'fulfillment', 'analytics'],
  fulfillment_agent: ['dashboard', 'inventory', 'fulfillment'],
  lab_user: ['dashboard', 'patients', 'tests', 'results'],
};
const EVERY_ROLE = Object.keys(SPEC_DEFAULT_SECTIONS);
const SPEC_NAVIGATION: { name: string; section: string; roles: string[] }[] = [
  { name: 'Dashboard', section: 'dashboard', roles: EVERY_ROLE },
  { name: 'Patients', section: 'patients', roles: EVERY_ROLE.filter((role) => role !== 'fulfillment_agent') },
  { name: 'Test Requests', section: 'tests', roles: EVERY_ROLE.filter((role) => role !== 'fulfillment_agent') },
  { name: 'Test Results', section: 'results', roles: ['super_admin', 'institution_admin', 'clinician', 'lab_user'] },
  { name: 'Inventory', section: 'inventory', roles: ['super_admin', 'client_admin', 'fulfillment_agent'] },
  { name: 'Fulfillment', section: 'fulfillment', roles: ['super_admin', 'client_admin', 'fulfillment_agent'] },
  { name: 'Users', section: 'users', roles: ['super_admin', 'institution_admin'] },
  { name: 'Institutions', section: 'institutions', roles: ['super_admin'] },
  { name: 'CMS Fields', section: 'cms', roles: ['super_admin', 'institution_admin'] },
];

/** super_admin sees everything; a non-empty permissions list replaces the role default. */
function expectedNavigation(user: SessionUser): string[] {
  const sections =
    user.role === 'super_admin'
      ? ALL_SECTIONS
      : user.permissions.length > 0
        ? user.permissions
        : (SPEC_DEFAULT_SECTIONS[user.role] ?? []);
  return SPEC_NAVIGATION.filter((entry) => sections.includes(entry.section) && entry.roles.includes(user.role)).map(
    (entry) => entry.name,
  );
}

const system = useSystem();

describe('navigation per role', () => {
  for (const account of Object.values(DEMO_ACCOUNTS) as DemoAccount[]) {
    test(`${account.role} (${account.email}) sees the spec's navigation and top bar`, async () => {
      const page = await system.newPage();
      await signIn(page, account.email);
      const { user } = await storedSession(page);
      assert.ok(user, 'the user is stored after sign-in');
      assert.equal(user.role, account.role);

      assert.deepEqual(await navigationEntries(page), expectedNavigation(user));
      assert.equal((await page.getByTestId('greeting').innerText()).trim(), `Welcome back, ${user.first_name}`);
      const badge = page.getByTestId('institution-badge');
      if (account.institutionName === null) assert.equal(await badge.count(), 0);
      if (typeof account.institutionName === 'string')
        assert.equal((await badge.innerText()).trim(), account.institutionName);
      assert.equal(await page.getByTestId('user-role').first().textContent(), account.role.replaceAll('_', ' '));

      if (account.role === 'super_admin') await screenshot(page, 'layout-super-admin');
      if (account.role === 'clinician') await screenshot(page, 'layout-clinician');
      await page.context().close();
    });
  }
});

describe('sign-in', () => {
  test('a wrong password shows the server error in the error box and keeps the visitor signed out', async () => {
    const page = await system.newPage();
    await page.goto('/login');
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Welcome to the product');
    await page.getByText('Healthcare Lab Management SaaS Platform').waitFor();
    await screenshot(page, 'login');

    await page.getByLabel('Email Address').fill(DEMO_ACCOUNTS.superAdmin.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const errorBox = page.getByRole('alert');
    await errorBox.waitFor();
    assert.equal((await errorBox.innerText()).trim(), ERRORS.invalidCredentials);
    assert.match(page.url(), /\/login$/);
    assert.deepEqual(await storedSession(page), { token: null, user: null });
    await screenshot(page, 'login-error');
    await page.context().close();
  });

  test("the button reads 'Signing in...' while the sign-in is pending", async () => {
    const page = await system.newPage();
    let releaseLogin = () => {};
    const released = new Promise<void>((resolve) => (releaseLogin = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(DEMO_ACCOUNTS.fulfillmentAgent.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    releaseLogin();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  test('an unauthenticated visitor is sent to /login, a signed-in one from /login to /dashboard', async () => {
    const page = await system.newPage();
    await page.goto('/patients');
    await page.waitForURL('**/login?next=%2Fpatients');
    await signIn(page, DEMO_ACCOUNTS.labUser.email);
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });
});

describe('layout and routes', () => {
  test('the user menu offers Profile Settings and Sign Out and closes on an outside click', async () => {
    const page = await system.newPage();
    await signIn(page, DEMO_ACCOUNTS.clinician.email);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Profile Settings' }).waitFor();
    await page.getByRole('heading', { name: 'Clinical Dashboard' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor({ state: 'hidden' });

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    await page.waitForURL('**/contact');
    await page.context().close();
  });

  test('a route outside the user sections shows the permission message; an unknown path a 404', async () => {
    const page = await system.newPage();
    await signIn(page, DEMO_ACCOUNTS.clinician.email);
    await page.goto('/users/new');
    await page.getByText("You don't have permission to manage users.").waitFor();
    await page.goto('/no/such/page');
    await page.getByText('Page Not Found').waitFor();
    await page.context().close();
  });

  test('a navigation entry stays highlighted on its sub-pages', async () => {
    const page = await system.newPage();
    await signIn(page, DEMO_ACCOUNTS.superAdmin.email);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'CMS Fields' }).click();
    await page.getByRole('heading', { name: 'CMS Management' }).waitFor();
    await page.goto('/cms/cron-monitoring');
    await page.getByRole('heading', { name: 'Cron Job Monitoring' }).waitFor();
    const current = page.getByRole('navigation', { name: 'Main navigation' }).locator('[aria-current="page"]');
    assert.deepEqual(await current.allInnerTexts(), ['CMS Fields']);
    await page.context().close();
  });
});

describe('session end', () => {
  test('Sign Out ends the session on the server, returns to /login and clears the stored session', async () => {
    const page = await system.newPage();
    await signIn(page, DEMO_ACCOUNTS.northwindAdmin.email);
    const { token } = await storedSession(page);
    const ended = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await signOut(page);
    assert.deepEqual(await storedSession(page), { token: null, user: null });
    assert.equal((await ended).status(), 204);
    // The server ended the session: the token the page held is refused, not merely forgotten.
    const reused = await page.request.get('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(reused.status(), 401);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  test('a 401 on a call clears the stored session and lands on /login', async () => {
    const page = await system.newPage();
    await signIn(page, DEMO_ACCOUNTS.riversideAdmin.email);
    await page.evaluate(() => localStorage.setItem('authToken', 'corrupt.token.value'));
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    // Signing in again returns to the page the session ended on.
    await page.waitForURL('**/login?next=%2Fprofile');
    assert.deepEqual(await storedSession(page), { token: null, user: null });
    await page.context().close();
  });

  test('a stored session that fails the start-up check is cleared', async () => {
    const page = await system.newPage();
    await signIn(page, DEMO_ACCOUNTS.clientAdmin.email);
    await page.evaluate(() => localStorage.setItem('authToken', 'corrupt.token.value'));
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    assert.deepEqual(await storedSession(page), { token: null, user: null });
    await page.context().close();
  });
});

describe('token refresh', () => {
  test('a token expiring within 5 minutes is refreshed on activity, keeping the user signed in', async () => {
    const page = await system.newPage();
    await page.clock.install();
    await signIn(page, DEMO_ACCOUNTS.labUser.email);
    const before = await storedSession(page);

    // 11 minutes later in the browser, the 15-minute token has under 5 minutes left.
    await page.clock.fastForward('11:00');
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Patients' }).click();
    const response = await refreshed;
    assert.equal(response.status(), 200);
    const { token } = (await response.json()) as { token: string };

    await page.getByRole('heading', { name: 'Patients' }).waitFor();
    const after = await storedSession(page);
    assert.equal(after.token, token);
    assert.deepEqual(after.user, before.user);
    await page.context().close();
  });

  test('a failed refresh clears the stored session and lands on /login', async () => {
    const page = await system.newPage();
    await page.clock.install();
    await signIn(page, DEMO_ACCOUNTS.labUser.email);
    await page.route('**/api/auth/refresh', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: ERRORS.invalidToken }),
      }),
    );
    await page.clock.fastForward('11:00');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Test Requests' })
      .click();
    await page.waitForURL(/\/login(\?next=.*)?$/);
    assert.deepEqual(await storedSession(page), { token: null, user: null });
    await page.context().close();
  });
});
