/**
 * Layout on every screen size (issue 9): with 100-character names, e-mails and institution names no page scrolls
 * sideways at 1440, 1024 or 390 px, the long texts are cut with '…' and their full text shows in a tooltip; below 768 px
 * the navigation is a drawer opened from the top bar; the side bar reaches the window's bottom on a long page.
 */
import assert from 'node:assert/strict';
import { beforeAll, describe, test } from 'vitest';
import {
  defaultPermissionsForRole,
  institutionResponseSchema,
  patientResponseSchema,
  userResponseSchema,
  type Role,
  type User,
} from '@labline/contracts';
import { navigationFor } from '../src/app/routing/routeConfig';
import type { Locator, Page } from 'playwright-core';
import { navigateInApp } from './navigation';
import { apiAs, DEMO_ACCOUNTS, DEMO_PASSWORD, eventually, navigationEntries, openSignedIn, useSystem } from './support';

const system = useSystem();

/** The longest names the forms allow. */
const LONG = 100;
const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

/** `seed` repeated to `length` characters: one word without a space, the hardest case for a layout. */
const longText = (seed: string, length = LONG) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);

/** A valid e-mail address of LONG characters (its local part within the 64 allowed). */
function longEmail(name: string): string {
  const local = longText(name, 50);
  const domain = '.labline.test';
  return `${local}@${longText('department', LONG - local.length - 1 - domain.length)}${domain}`;
}

interface LongRecords {
  institution: { id: number; name: string; email: string };
  admin: User;
  patient: { id: number; fullName: string; email: string };
}

/** An institution, its administrator, a clinician and a patient, every name and e-mail 100 characters long. */
async function createLongRecords(): Promise<LongRecords> {
  const { call } = await apiAs(system, DEMO_ACCOUNTS.superAdmin.email);
  const { institution } = institutionResponseSchema.parse(
    await call('POST', '/institutions', {
      name: longText('Institution'),
      institution_number: longText('NUMBER'),
      email: longEmail('institution'),
      address: longText('Harbourroad'),
    }),
  );
  const createUser = async (role: Role, name: string) =>
    userResponseSchema.parse(
      await call('POST', '/users', {
        email: longEmail(name),
        first_name: longText(name),
        last_name: longText(`${name}lastname`),
        role,
        institution_id: institution.id,
        clinician_institution_ids: role === 'clinician' ? [institution.id] : [],
        permissions: defaultPermissionsForRole(role),
        password: DEMO_PASSWORD,
      }),
    ).user;
  const admin = await createUser('institution_admin', 'administrator');
  const clinician = await createUser('clinician', 'clinician');

  const { call: callAsAdmin } = await apiAs(system, admin.email);
  const patientBody = {
    first_name: longText('Patientfirstname'),
    last_name: longText('Patientlastname'),
    email: longEmail('patient'),
    street_address_1: longText('Streetaddress'),
    institution_ids: [institution.id],
    clinician_id: clinician.id,
  };
  // Clinical learns the new institution and clinician from identity's events a moment later.
  const { patient } = patientResponseSchema.parse(
    await eventually(() => callAsAdmin('POST', '/patients', patientBody)),
  );
  return {
    institution: { id: institution.id, name: institution.name, email: institution.email ?? '' },
    admin,
    patient: { id: patient.id, fullName: `${patient.first_name} ${patient.last_name}`, email: patientBody.email },
  };
}

/** A fresh page whose window is `size` from the start, signed in and showing `path` (the dashboard by default). */
async function signedInPage(
  email: string,
  size: { width: number; height: number },
  path = '/dashboard',
): Promise<Page> {
  const page = await system.newPage();
  await page.setViewportSize(size);
  await openSignedIn(page, email, path);
  return page;
}

async function assertNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  );
  assert.ok(scrollWidth <= innerWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
}

/** `text` as one element of the page's content: exactly that text, nothing around it. */
const contentText = (page: Page, text: string): Locator =>
  page
    .getByRole('main')
    .locator('.ant-typography', { hasText: new RegExp(`^${text.replaceAll('.', '\\.')}$`) })
    .first();

/** The text is drawn cut (it overflows its box, whose end shows '…') and its full text shows in a tooltip on hover. */
async function assertCutWithTooltip(page: Page, target: Locator, text: string, where: string): Promise<void> {
  await target.waitFor();
  const drawn = await target.evaluate(
    (element: { textContent: string | null; scrollWidth: number; clientWidth: number }) => ({
      text: element.textContent,
      cut: element.scrollWidth > element.clientWidth,
    }),
  );
  assert.equal(drawn.text, text, `${where}: the page keeps the full text`);
  assert.ok(drawn.cut, `${where}: the ${text.length}-character text is cut to its box`);
  await target.hover();
  const tooltip = page.getByRole('tooltip').filter({ hasText: text });
  await tooltip.waitFor();
  await page.mouse.move(0, 0);
  // closed before the next one opens: the user menu and the side navigation show the same name
  await eventually(async () => assert.equal(await tooltip.count(), 0, `${where}: the tooltip closes`));
}

describe('layout with 100-character names', () => {
  let records: LongRecords;
  beforeAll(async () => {
    records = await createLongRecords();
  });

  /** The pages an institution administrator sees, each with a long text of its content. */
  const adminPages = () => [
    { path: '/patients', text: records.patient.fullName },
    { path: `/patients/${records.patient.id}`, text: records.patient.email },
    { path: '/users', text: `${records.admin.first_name} ${records.admin.last_name}` },
    { path: `/users/${records.admin.id}`, text: records.admin.email },
    { path: `/institutions/${records.institution.id}`, text: records.institution.email },
    { path: '/profile', text: records.institution.name },
  ];

  for (const size of [DESKTOP, TABLET, PHONE]) {
    test(`at ${size.width} px no page scrolls sideways and long texts are cut with a tooltip`, async () => {
      const page = await signedInPage(records.admin.email, size);
      const greeting = `Welcome back, ${records.admin.first_name}`;
      await assertCutWithTooltip(page, page.getByTestId('greeting'), greeting, `${size.width} px greeting`);
      if (size !== PHONE) {
        const fullName = `${records.admin.first_name} ${records.admin.last_name}`;
        const menuName = page.getByRole('banner').getByTestId('user-name');
        await assertCutWithTooltip(page, menuName, fullName, 'the user menu');
        const sideName = page.locator('aside').getByTestId('user-name');
        await assertCutWithTooltip(page, sideName, fullName, 'the side navigation');
      }
      await assertNoSidewaysScroll(page, `${size.width} px /dashboard`);

      for (const { path, text } of adminPages()) {
        await navigateInApp(page, path);
        await assertCutWithTooltip(page, contentText(page, text), text, `${size.width} px ${path}`);
        await assertNoSidewaysScroll(page, `${size.width} px ${path}`);
      }
      await page.context().close();

      const superAdmin = await signedInPage(DEMO_ACCOUNTS.superAdmin.email, size, '/institutions');
      const name = records.institution.name;
      await assertCutWithTooltip(superAdmin, contentText(superAdmin, name), name, `${size.width} px /institutions`);
      await assertNoSidewaysScroll(superAdmin, `${size.width} px /institutions`);
      await superAdmin.context().close();
    });
  }

  test('on a phone the navigation is a drawer from the menu button that navigates and closes', async () => {
    const page = await signedInPage(records.admin.email, PHONE);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    assert.equal(await page.locator('aside').count(), 0, 'no side bar takes width from the page');
    assert.equal(await navigation.count(), 0);

    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    const openDrawer = async () => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await navigation.waitFor();
    };
    await openDrawer();
    assert.deepEqual(
      await navigationEntries(page),
      navigationFor(records.admin).map((entry) => entry.name),
    );
    const fullName = `${records.admin.first_name} ${records.admin.last_name}`;
    assert.equal(await drawer.getByTestId('user-name').textContent(), fullName, 'the user at the bottom');

    await navigation.getByRole('menuitem', { name: 'Patients' }).click();
    await page.waitForURL('**/patients');
    await drawer.waitFor({ state: 'hidden' });

    await openDrawer();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await openDrawer();
    // Beside the drawer (at most 256 px wide), on the page it covers.
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    await drawer.waitFor({ state: 'hidden' });
    await assertNoSidewaysScroll(page, 'the phone after the drawer');
    await page.context().close();
  });

  test('at 1440 px the side bar reaches the bottom of the window on a long page', async () => {
    // A short window makes the profile page long.
    const page = await signedInPage(records.admin.email, { width: DESKTOP.width, height: 480 }, '/profile');
    await contentText(page, records.institution.name).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Open navigation' }).count(), 0, 'the side bar is always open');
    const measured = await page.evaluate<{
      scrollHeight: number;
      innerHeight: number;
      top: number;
      bottom: number;
    }>(`(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const { top, bottom } = document.querySelector('aside').getBoundingClientRect();
      return { scrollHeight: document.documentElement.scrollHeight, innerHeight: window.innerHeight, top, bottom };
    })()`);
    assert.ok(measured.scrollHeight > measured.innerHeight + 200, `the page is long (${measured.scrollHeight} px)`);
    assert.ok(Math.abs(measured.top) <= 1, `the side bar starts at the window's top (${measured.top})`);
    assert.ok(
      Math.abs(measured.bottom - measured.innerHeight) <= 1,
      `the side bar ends at the window's bottom (${measured.bottom} of ${measured.innerHeight})`,
    );
    await page.locator('aside').getByTestId('side-navigation-user').waitFor();
    await page.context().close();
  });
});
