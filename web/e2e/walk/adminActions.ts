/**
 * The administration pages' actions for one account (spec 3 §2, §6): the users list and detail, the institution
 * list and detail with its quick actions and tabs. Each is checked against @labline/contracts and followed;
 * saves, deactivations and reactivations happen only on the records the account made for the walk.
 */
import assert from 'node:assert/strict';
import {
  ACCOUNT_EMAIL_TEXTS,
  accountEmailResult,
  canAccessSection,
  canAddUsersFromInstitution,
  canChangeUserStatus,
  canCreateInstitution,
  canCreatePatient,
  canEditInstitution,
  canEmailUser,
  canFilePatientUnder,
  canManageUser,
  canManageUsers,
  emailsUsersFromRecordPages,
  type AccountEmailType,
  type Patient,
  type User,
} from '@labline/contracts';
import type { Locator } from 'playwright-core';
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
  where,
  type Walker,
} from './browse';
import { sharedRecords } from './fixtures';
import { searchList } from '../navigation';

/** What the institution detail offers (spec 3 §2): back, edit and the quick actions. */
const INSTITUTION_ACTIONS = [
  'Back to Institutions',
  'Back to Dashboard',
  'Edit Institution',
  'Add Patient',
  'Add User',
  'Add Clinician',
  'View Analytics',
] as const;
const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;
const STATUS_BUTTON = /(^|\s)(Deactivate|Reactivate)$/;
/** The Email communication card's e-mails that go at a press, without a form. */
const ACCOUNT_EMAILS = [
  { label: 'Send Password Reset', type: 'password_reset' },
  { label: 'Send Account Setup', type: 'account_setup' },
] as const satisfies readonly { label: string; type: AccountEmailType }[];
const COMPOSE = 'Compose Custom Email';
const EMAIL_RESULT_WAIT_MS = 15_000;

/** Every row of the users list offers Edit and Deactivate/Reactivate exactly as the policy allows. */
async function checkUserRows(walker: Walker): Promise<void> {
  const { caller } = walker.account;
  const rows = walker.page.getByRole('main').locator('.ant-table-tbody tr.ant-table-row');
  for (const row of await rows.all()) {
    const name = (await row.getByRole('link').first().innerText()).trim();
    const user = walker.fixtures.users.find((candidate) => fullName(candidate) === name);
    assert.ok(user, `${where(walker)}: row ${name} is a known user`);
    await offered(walker, row.getByRole('link', { name: named('Edit') }), canManageUser(caller, user), `Edit ${name}`);
    const status = row.getByRole('button', { name: STATUS_BUTTON });
    await offered(walker, status, canChangeUserStatus(caller, user), `Deactivate/Reactivate ${name}`);
  }
}

/** The row of one user, found through the list's search (the list pages by name). */
async function userRow(walker: Walker, user: User): Promise<Locator> {
  await searchList(walker.page, 'Search users', user.email);
  const row = walker.page.getByRole('main').locator('.ant-table-tbody tr.ant-table-row', { hasText: user.email });
  await row.waitFor();
  return row;
}

/** The user detail's Email communication card. */
const emailCard = (walker: Walker) =>
  walker.page
    .getByRole('main')
    .locator('.ant-card')
    .filter({ has: walker.page.getByText('Email Communication', { exact: true }) });

/** Presses a send button of the card and waits for its result line: the success text the card shows for it. */
async function sendAccountEmail(walker: Walker, card: Locator, label: string, type: AccountEmailType, email: string) {
  const expected = accountEmailResult.succeeded(ACCOUNT_EMAIL_TEXTS.queued(type, email));
  const result = card.getByTestId('email-result');
  await action(walker, label, card).click();
  // The previous press's success text may still show (it clears after 5 s): wait for this one's, or a failure.
  const deadline = Date.now() + EMAIL_RESULT_WAIT_MS;
  let text = '';
  while (text !== expected) {
    text = (await result.count()) > 0 ? (await result.innerText()).trim() : '';
    if (text.startsWith(accountEmailResult.failed('')) || Date.now() > deadline) {
      assert.fail(`${where(walker)}: "${label}" answered "${text}", not "${expected}"`);
    }
    if (text !== expected) await walker.page.waitForTimeout(50);
  }
  walker.count.followed += 1;
}

/**
 * The Email communication card, shown as the policy allows: on the account's own user each e-mail is sent and
 * answered with the success text (elsewhere the buttons are only seen: the shared users get no mail); the custom
 * e-mail's composer opens and closes again.
 */
async function walkEmailCard(walker: Walker, user: User, own: boolean): Promise<void> {
  const card = await offered(
    walker,
    emailCard(walker),
    canEmailUser(walker.account.caller, user),
    'Email Communication',
  );
  if (card === null) return;
  for (const { label, type } of ACCOUNT_EMAILS) {
    if (own) await sendAccountEmail(walker, card, label, type, user.email);
    else await action(walker, label, card).waitFor();
  }
  const composer = card.locator('form#custom-email-composer');
  await action(walker, COMPOSE, card).click();
  await composer.getByLabel('Subject').waitFor();
  await composer.getByLabel('Message').waitFor();
  await action(walker, 'Cancel', composer).click();
  await composer.waitFor({ state: 'detached' });
  await action(walker, COMPOSE, card).waitFor();
  walker.count.followed += 1;
}

/** The patient's clinician as the fixtures hold them (null: none, or not among the users listed). */
export const clinicianOf = (walker: Walker, patient: Patient): User | null =>
  walker.fixtures.users.find((user) => user.id === patient.clinician_id) ?? null;

/** The record pages' e-mail button beside a user (its accessible name). */
export const emailLabel = (user: User) => `Email ${fullName(user)}`;

/**
 * The record pages' Email action beside a user (a patient's clinician), for those who may send account e-mails
 * but cannot open the user detail (client_admin): shown as the policy allows; it opens the same card in a drawer,
 * whose buttons are seen (the shared users get no mail) and which closes again. The button comes with the user's
 * answer: where the policy offers it, it is waited for; others never ask, so its absence is final at once.
 */
export async function walkRecordPageEmail(walker: Walker, user: User | null): Promise<void> {
  if (user === null) return;
  const { caller } = walker.account;
  const allowed = emailsUsersFromRecordPages(caller) && canEmailUser(caller, user);
  const button = action(walker, emailLabel(user));
  if (allowed) await button.waitFor();
  if ((await offered(walker, button, allowed, emailLabel(user))) === null) return;
  await button.click();
  const drawer = walker.page.getByRole('dialog', { name: emailLabel(user) });
  const card = drawer
    .locator('.ant-card')
    .filter({ has: walker.page.getByText('Email Communication', { exact: true }) });
  for (const { label } of ACCOUNT_EMAILS) await action(walker, label, card).waitFor();
  await action(walker, COMPOSE, card).waitFor();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await drawer.waitFor({ state: 'hidden' });
  walker.count.followed += 1;
}

/**
 * /users/{id}: the Email communication card, Edit User (saved unchanged), Deactivate then Reactivate on the
 * account's own user.
 */
async function walkUserDetail(walker: Walker, user: User): Promise<void> {
  const { caller, created } = walker.account;
  const { page } = walker;
  const address = `/users/${user.id}`;
  if ((await visit(walker, address)).kind !== 'page') return;
  await assertOnlyKnownActions(walker, [
    'Back to Users',
    'Edit User',
    'Deactivate',
    'Reactivate',
    ...ACCOUNT_EMAILS.map(({ label }) => label),
    COMPOSE,
  ]);
  const own = created.user?.id === user.id;
  await walkEmailCard(walker, user, own);
  const status = await offered(
    walker,
    page.getByRole('main').getByRole('button', { name: STATUS_BUTTON }),
    canChangeUserStatus(caller, user),
    'Deactivate/Reactivate',
  );
  if (status !== null && own) {
    // Both directions, each accepted by the server: the button turns into the other one.
    await confirm(walker, action(walker, 'Deactivate'), 'Deactivate');
    // Deactivated (the Reactivate button shows it), the user gets the card only if the policy e-mails inactive users.
    await action(walker, 'Reactivate').waitFor();
    await offered(
      walker,
      emailCard(walker),
      canEmailUser(caller, { ...user, is_active: false }),
      'Email Communication (inactive user)',
    );
    await confirm(walker, action(walker, 'Reactivate'), 'Reactivate');
    await action(walker, 'Deactivate').waitFor();
  } else if (status !== null) {
    await openAndCancel(walker, status, 'Deactivate/Reactivate');
  }
  const edit = await offered(walker, action(walker, 'Edit User'), canManageUser(caller, user), 'Edit User');
  if (edit !== null) {
    await follow(walker, edit, 'Edit User', own);
    if (own) await saveUnchanged(walker, 'Update User', address);
  }
  await follow(walker, action(walker, 'Back to Users'), 'Back to Users', true);
}

/** /users: Add User and every row's actions per the policy; a row leads to its user. */
export async function walkUserActions(walker: Walker): Promise<void> {
  const { caller, created } = walker.account;
  const user = walker.targets.users.inside;
  if ((await visit(walker, '/users')).kind !== 'page') return;
  await assertOnlyKnownActions(walker, ['Add User']);
  // The server took this account's POST /users (fixtures.ts): the button stands for an accepted request.
  assert.equal(created.user !== null, canManageUsers(caller), `${where(walker)}: POST /users answer`);
  await checkAndFollow(walker, 'Add User', canManageUsers(caller));
  await checkUserRows(walker);
  if (user === null) return;
  const name = fullName(user);
  const row = await userRow(walker, user);
  const status = row.getByRole('button', { name: STATUS_BUTTON });
  if ((await offered(walker, status, canChangeUserStatus(caller, user), `status ${name}`)) !== null) {
    await openAndCancel(walker, status, `Deactivate/Reactivate ${name}`);
  }
  const edit = row.getByRole('link', { name: named('Edit') });
  if ((await offered(walker, edit, canManageUser(caller, user), `Edit ${name}`)) !== null) {
    await follow(walker, edit, `Edit ${name}`);
  }
  // Back from the form the list starts afresh: find the row again.
  await follow(walker, (await userRow(walker, user)).getByRole('link', { name: named(name) }), `row ${name}`, true);
  await walkUserDetail(walker, user);
}

/** Opens a tab of the institution detail and returns its panel once its table has loaded. */
async function openTab(walker: Walker, tab: string): Promise<Locator> {
  await walker.page.getByRole('tab', { name: tab }).click();
  const panel = walker.page.getByRole('tabpanel', { name: tab });
  // Loaded: a row or the empty placeholder shows, and no spinner.
  await panel.locator('tr.ant-table-row, tr.ant-table-placeholder').first().waitFor();
  await panel.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  return panel;
}

/** /institutions/{id}: Edit Institution (saved unchanged), quick actions and the tabs' rows, per the policy. */
async function walkInstitutionDetail(walker: Walker, institutionId: number, save: boolean): Promise<void> {
  const { caller } = walker.account;
  const { page } = walker;
  const address = `/institutions/${institutionId}`;
  if ((await visit(walker, address)).kind !== 'page') return;
  await assertOnlyKnownActions(walker, [...INSTITUTION_ACTIONS]);
  const quick = page.getByRole('main');
  await checkAndFollow(
    walker,
    'Add Patient',
    canCreatePatient(caller) && canFilePatientUnder(caller, institutionId),
    quick,
  );
  await checkAndFollow(walker, 'Add User', canAddUsersFromInstitution(caller), quick);
  await checkAndFollow(walker, 'Add Clinician', canAddUsersFromInstitution(caller), quick);
  await checkAndFollow(walker, 'View Analytics', canAccessSection(caller, 'analytics'), quick);
  // A row of each tab leads to its record: a seed patient of the institution (another account may be deleting
  // its own patient meanwhile) and the first clinician, when the institution has any.
  const patient = sharedRecords(walker.fixtures).patients.find((candidate) =>
    candidate.institution_ids.includes(institutionId),
  );
  const patients = await openTab(walker, 'Patients');
  if (patient !== undefined) {
    await follow(walker, patients.getByRole('link', { name: named(fullName(patient)) }), 'Patients tab row');
  }
  const clinicians = await openTab(walker, 'Clinicians');
  const clinician = clinicians.locator('tr.ant-table-row').first().getByRole('link').first();
  if ((await clinician.count()) > 0) await follow(walker, clinician, 'Clinicians tab row');
  const edit = await offered(
    walker,
    action(walker, 'Edit Institution'),
    canEditInstitution(caller, institutionId),
    'Edit',
  );
  if (edit !== null) {
    await follow(walker, edit, 'Edit Institution', save);
    if (save) await saveUnchanged(walker, 'Update Institution', address);
  }
  const back = page.getByRole('main').getByRole('button', { name: /(^|\s)Back to (Institutions|Dashboard)$/ });
  await follow(walker, back, 'Back', true);
}

/** /institutions (super_admin) and the institution detail of the account's own institution. */
export async function walkInstitutionActions(walker: Walker): Promise<void> {
  const { caller, created } = walker.account;
  const { inside } = walker.targets.institutions;
  if ((await visit(walker, '/institutions')).kind === 'page') {
    assert.equal(created.institution !== null, canCreateInstitution(caller), `${where(walker)}: POST /institutions`);
    // Besides Add Institution, the Recent Activity card links each newest institution to its page.
    await assertOnlyKnownActions(walker, ['Add Institution', ...walker.fixtures.institutions.map((i) => i.name)]);
    await checkAndFollow(walker, 'Add Institution', canCreateInstitution(caller));
    const recent = walker.page.getByRole('main').locator('a[href^="/institutions/"]:not(.ant-table *)').first();
    await follow(walker, recent, 'Recent Activity institution');
    const row = walker.page.getByRole('main').locator('.ant-table-tbody tr.ant-table-row', { hasText: inside.name });
    await follow(walker, row.getByRole('link', { name: named('Edit') }), `Edit ${inside.name}`);
    await follow(walker, row.getByRole('link', { name: named(inside.name) }), `row ${inside.name}`);
  }
  // The account's own institution: super_admin saves the one they made, an institution_admin their own.
  if (canEditInstitution(caller, inside.id)) await walkInstitutionDetail(walker, inside.id, true);
  // super_admin also walks a populated institution, whose tabs have rows to follow.
  const home = walker.fixtures.institutions.find((institution) => institution.name.startsWith('Northwind'))!;
  if (caller.role === 'super_admin') await walkInstitutionDetail(walker, home.id, false);
}
