/**
 * The actions every page offers one account, checked against the policy of @labline/contracts and followed:
 * the layout's navigation and menus, the way out of Access Denied and not-found screens, and the patient
 * pages (users and institutions: adminActions.ts). Edits are saved unchanged and deletions confirmed only on
 * the records the account made for the walk; elsewhere a confirmation is opened and cancelled.
 */
import assert from 'node:assert/strict';
import {
  ERRORS,
  canAccessSection,
  canCreatePatient,
  canDeletePatient,
  canEditPatient,
  canOrderTests,
} from '@labline/contracts';
import { navigationEntries, openUserMenu, signOut as signOutOf } from '../support';
import { clinicianOf, emailLabel, walkInstitutionActions, walkRecordPageEmail, walkUserActions } from './adminActions';
import {
  action,
  assertOnlyKnownActions,
  checkAndFollow,
  confirm,
  follow,
  named,
  offered,
  openAndCancel,
  saveUnchanged,
  visit,
  visitPage,
  waitForRoute,
  where,
  type Walker,
} from './browse';
import { ROUTES as ROUTE_TABLE, canOpenRoute, navigationFor } from '../../src/app/routing/routeConfig';
import { MISSING_ID } from './fixtures';
import { assertOutcome, readOutcome } from './outcome';
import { UNKNOWN_ADDRESS } from './routes';

/** The side navigation lists exactly the entries the policy grants, and each leads to its page. */
async function walkLayout(walker: Walker): Promise<void> {
  const { page, account } = walker;
  // From a page no navigation entry names, so that following each entry changes the address.
  await visitPage(walker, '/profile');
  const expected = navigationFor(account.caller).map((entry) => entry.name);
  assert.deepEqual(await navigationEntries(page), expected, `${where(walker)}: side navigation`);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of expected) {
    await follow(walker, navigation.getByRole('link', { name: named(name) }), `navigation ${name}`, true);
  }
  await follow(walker, page.getByRole('button', { name: 'Contact Us' }), 'Contact Us', true);
  // /contact opens the contact support dialog over its page; Cancel closes it and goes back to where it was opened.
  await page.getByRole('dialog', { name: 'Contact Support' }).getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname !== '/contact');
  await waitForRoute(walker);
  await openUserMenu(page);
  await follow(walker, page.getByRole('menuitem', { name: 'Profile Settings' }), 'Profile Settings', true);
}

/** Access Denied, a missing record and an unknown address each offer a way back that leads to a page. */
async function walkWaysOut(walker: Walker): Promise<void> {
  const denied = ROUTE_TABLE.find(
    (route) => !('public' in route) && /^\/[a-z/-]+$/.test(route.path) && !canOpenRoute(walker.account.caller, route),
  );
  // Back to the first page the caller's navigation grants (the dashboard for the demo accounts).
  const back = walker.page.getByRole('main').getByRole('button', { name: /(^|\s)Back to .+$/ });
  if (denied !== undefined) {
    await visit(walker, denied.path);
    await follow(walker, back, 'Access Denied: Back to …', true);
  }
  await visit(walker, UNKNOWN_ADDRESS);
  await follow(walker, back, 'Page Not Found: Back to …', true);
  if ((await visit(walker, `/patients/${MISSING_ID}`)).kind === 'notFound') {
    await follow(walker, action(walker, 'Back to Patients'), `${ERRORS.patientNotFound}: Back to Patients`, true);
  }
}

/** /patients: Add Patient per the policy, and a row leading to the patient. */
async function walkPatientList(walker: Walker): Promise<void> {
  const { caller, created } = walker.account;
  const patient = walker.targets.patients.inside;
  if ((await visit(walker, '/patients')).kind !== 'page') return;
  await assertOnlyKnownActions(walker, ['Add Patient']);
  // The server took this account's POST /patients (fixtures.ts): the button stands for an accepted request.
  assert.equal(created.patient !== null, canCreatePatient(caller), `${where(walker)}: POST /patients answer`);
  await checkAndFollow(walker, 'Add Patient', canCreatePatient(caller));
  if (patient !== null) {
    const name = `${patient.first_name} ${patient.last_name}`;
    await follow(walker, walker.page.getByRole('main').getByRole('link', { name: named(name) }), `row ${name}`);
  }
}

/** /patients/{id}: Edit (saved unchanged), Delete (cancelled), Create Test, View Analytics, per the policy. */
async function walkPatientDetail(walker: Walker): Promise<void> {
  const { caller, created } = walker.account;
  const patient = walker.targets.patients.inside;
  if (patient === null) return;
  const address = `/patients/${patient.id}`;
  if ((await visit(walker, address)).kind !== 'page') return;
  const clinician = clinicianOf(walker, patient);
  await walkRecordPageEmail(walker, clinician);
  await assertOnlyKnownActions(walker, [
    'Back to Patients',
    'Edit',
    'Delete',
    'Create Test',
    'View Analytics',
    ...(clinician === null ? [] : [emailLabel(clinician)]),
  ]);
  await checkAndFollow(walker, 'Create Test', canOrderTests(caller));
  await checkAndFollow(walker, 'View Analytics', canAccessSection(caller, 'analytics'));
  const remove = await offered(walker, action(walker, 'Delete'), canDeletePatient(caller, patient), 'Delete');
  if (remove !== null) await openAndCancel(walker, remove, 'Delete');
  const edit = await offered(walker, action(walker, 'Edit'), canEditPatient(caller, patient), 'Edit');
  // Saved only on the account's own patient: two accounts saving one patient at once would conflict.
  if (edit !== null && created.patient?.id === patient.id) {
    await follow(walker, edit, 'Edit', true);
    await saveUnchanged(walker, 'Update Patient', address);
  } else if (edit !== null) {
    await follow(walker, edit, 'Edit');
  }
  await follow(walker, action(walker, 'Back to Patients'), 'Back to Patients', true);
  if (created.patient !== null && canDeletePatient(caller, created.patient)) {
    await visitPage(walker, `/patients/${created.patient.id}`);
    // The server refusing would leave the page with an error; accepted, the list follows.
    await confirm(walker, action(walker, 'Delete'), 'Delete');
    await walker.page.waitForURL((url) => url.pathname === '/patients');
    await waitForRoute(walker);
    assertOutcome(await readOutcome(walker.page), { kind: 'page' }, `${where(walker)} (after Delete)`);
  }
}

/** Signing out from the user menu leads to the sign-in page. */
async function signOut(walker: Walker): Promise<void> {
  await signOutOf(walker.page);
  await walker.page.getByRole('button', { name: 'Sign In' }).waitFor();
  walker.count.followed += 1;
}

export async function walkActions(walker: Walker): Promise<void> {
  await walkLayout(walker);
  await walkWaysOut(walker);
  await walkPatientList(walker);
  await walkPatientDetail(walker);
  await walkUserActions(walker);
  await walkInstitutionActions(walker);
  await signOut(walker);
}
