import assert from 'node:assert/strict';
import { test } from 'vitest';
import { Wakeup } from './wakeup';

test('wake ends a sleep early', async () => {
  const wakeup = new Wakeup();
  const started = Date.now();
  const sleeping = wakeup.sleep(60_000);
  wakeup.wake();
  await sleeping;
  assert.ok(Date.now() - started < 1_000);
});

test('a wake while nobody sleeps makes the next sleep return at once, only once', async () => {
  const wakeup = new Wakeup();
  wakeup.wake();
  wakeup.wake();
  const started = Date.now();
  await wakeup.sleep(60_000);
  assert.ok(Date.now() - started < 1_000);
  let finished = false;
  const second = wakeup.sleep(30).then(() => (finished = true));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(finished, false, 'the remembered wake-up was used up');
  await second;
});

test('without a wake, sleep lasts its time', async () => {
  const started = Date.now();
  await new Wakeup().sleep(40);
  assert.ok(Date.now() - started >= 35);
});

test('sleep tells a wake-up from a timeout, a remembered wake-up included', async () => {
  const wakeup = new Wakeup();
  assert.equal(await wakeup.sleep(10), false);
  const sleeping = wakeup.sleep(60_000);
  wakeup.wake();
  assert.equal(await sleeping, true);
  wakeup.wake();
  assert.equal(await wakeup.sleep(60_000), true);
});
