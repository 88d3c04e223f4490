import assert from 'node:assert/strict';
import type { CommonQueryMethods } from 'slonik';
import { describe, it } from 'vitest';
import { awaitProcessed, signalProcessed } from './background';

/** A database whose processed-event check answers from `processed` (how many checks were made is counted). */
function fakeDb(processed: () => boolean) {
  const db = { checks: 0, oneFirst: async () => ((db.checks += 1), processed()) };
  return db as typeof db & CommonQueryMethods;
}

describe('a reactor waiting for a projection', () => {
  it('goes on at once when the projection has applied the event already', async () => {
    const db = fakeDb(() => true);
    assert.equal(await awaitProcessed(db, 'notifications-directory', 'event-1', 60_000), true);
    assert.equal(db.checks, 1);
  });

  it('is woken when this process’s projection consumer commits the event, long before the deadline', async () => {
    let committed = false;
    const db = fakeDb(() => committed);
    const waiting = awaitProcessed(db, 'notifications-directory', 'event-2', 60_000);
    await Promise.resolve();
    // Another event, or another consumer's commit of this one, wakes nothing.
    signalProcessed('notifications-directory', 'event-3');
    signalProcessed('notifications-reactions', 'event-2');
    committed = true;
    signalProcessed('notifications-directory', 'event-2');
    assert.equal(await waiting, true);
    assert.equal(db.checks, 2);
  });

  it('answers false at the deadline when the projection has not reached the event (tried again later)', async () => {
    const db = fakeDb(() => false);
    assert.equal(await awaitProcessed(db, 'notifications-directory', 'event-4', 10), false);
    assert.equal(db.checks, 2);
  });
});
