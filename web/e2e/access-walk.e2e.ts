/**
 * The access walk (issue 9): every demo account walks every route of the route table and every action its
 * pages offer, and finds no dead end. A route the policy denies says so at once with the spec's text; a route it
 * allows shows its page; every action shown leads to a page (and a save the server accepts); every action the
 * policy forbids is absent. The policy is asked of @labline/contracts, never restated here.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ROUTES as ROUTE_TABLE } from '../src/app/routing/routeConfig';
import { DEMO_ACCOUNTS, signIn, useSystem } from './support';
import { walkActions } from './walk/actions';
import { type Walker, type WalkCount } from './walk/browse';
import { createFixtures, scopeTargets, type WalkFixtures } from './walk/fixtures';
import { walkRoutes } from './walk/routes';

const system = useSystem();
/**
 * One account's walk opens some 40 addresses and follows up to 50 actions, each checked by axe: a minute or two
 * on an idle machine, several when the accounts share two cores with other test files.
 */
const WALK_TIMEOUT_MS = 900_000;
let fixtures: WalkFixtures;
const summary = new Map<string, WalkCount & { ms: number }>();
/**
 * The accounts' sign-in pages load one at a time: seven first loads of the app at once (each browser context parses
 * the whole bundle) outlasted page.goto's 15 s for five of them on a busy machine. The next account's turn comes
 * once this one's page has loaded (or its sign-in has ended), so the rest of the sign-ins and the walks overlap.
 */
let loadingTurn: Promise<void> = Promise.resolve();
async function signInInTurn(page: Page, email: string): Promise<void> {
  let release = () => {};
  const turn = loadingTurn;
  loadingTurn = new Promise((resolve) => (release = resolve));
  await turn;
  page.once('load', () => release());
  try {
    await signIn(page, email);
  } finally {
    release();
  }
}

beforeAll(async () => {
  fixtures = await createFixtures(system);
});

afterAll(() => {
  const counts = [...summary.values()];
  const total = (key: keyof WalkCount) => counts.reduce((sum, count) => sum + count[key], 0);
  const rows = [...summary].map(
    ([account, count]) =>
      `  ${account.padEnd(48)} ${count.routes} routes at ${count.addresses} addresses (${count.typed} typed) ` +
      `and ${count.decided} closed by the policy, ` +
      `${count.followed} actions followed, ` +
      `${count.hidden} forbidden absent (${(count.ms / 1000).toFixed(0)} s)`,
  );
  console.log(
    [
      `access walk: ${summary.size} accounts × ${ROUTE_TABLE.length - 1} routes: ${total('addresses')} addresses opened ` +
        `(${total('typed')} typed; ${total('turnedAway')} turned the account away), ` +
        `${total('decided')} closed by the policy without a browser (their Access Denied text shown once in it), ` +
        `${total('followed')} actions followed, ${total('hidden')} forbidden actions checked absent`,
      ...rows,
    ].join('\n'),
  );
});

// The accounts walk side by side, each in its own browser context (signed in once): the waits of one overlap
// the work of another. Each account changes only the records it made itself.
describe.concurrent('access walk', () => {
  for (const [key, demo] of Object.entries(DEMO_ACCOUNTS)) {
    test(
      `${demo.role} ${demo.email}: every route and action leads where the policy allows`,
      async () => {
        const started = Date.now();
        const account = fixtures.accounts.find((candidate) => candidate.key === key)!;
        const page = await system.newPage();
        await signInInTurn(page, account.email);
        const walker: Walker = {
          page,
          account,
          fixtures,
          targets: scopeTargets(fixtures, account),
          count: { routes: 0, addresses: 0, typed: 0, turnedAway: 0, decided: 0, followed: 0, hidden: 0 },
        };
        try {
          await walkRoutes(walker);
          await walkActions(walker);
        } finally {
          summary.set(`${demo.role} ${demo.email}`, { ...walker.count, ms: Date.now() - started });
          await page.context().close();
        }
      },
      WALK_TIMEOUT_MS,
    );
  }
});
