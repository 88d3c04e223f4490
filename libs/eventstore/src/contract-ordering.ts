import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { compareCheckpoints } from './checkpoint';
import {
  eventually,
  freshStream,
  METADATA,
  numbered,
  rejectsWithConcurrencyError,
  type ContractContext,
} from './contract-support';
import { ConcurrencyError, STREAM_DOES_NOT_EXIST, type ReadAllEvent } from './types';

/** Concurrent appends, the global order of readAll, and appends inside transactions (commit-order gaps). */
export function describeOrderingContract(context: ContractContext): void {
  describe('concurrent appends', () => {
    test('to one stream at the same expected version: exactly one wins', async () => {
      const stream = freshStream();
      await context.append(stream, numbered(1));
      const contenders = 8;
      const outcomes = await Promise.allSettled(
        Array.from({ length: contenders }, (_, index) =>
          context.append(stream, [{ type: 'Raced', data: { index } }], 0),
        ),
      );
      const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const losers = outcomes.filter((outcome) => outcome.status === 'rejected');
      assert.equal(winners.length, 1);
      for (const loser of losers) assert.ok(loser.reason instanceof ConcurrencyError, String(loser.reason));
      const events = await context.store.readStream(stream);
      assert.deepEqual(
        events.map((event) => event.version),
        [0, 1],
      );
      assert.deepEqual(events[1], winners[0]?.value.events[0]);
    });

    test('without a concurrency check: every append lands, versions stay contiguous', async () => {
      const stream = freshStream();
      const writers = 6;
      await Promise.all(
        Array.from({ length: writers }, (_, index) => context.append(stream, [{ type: 'Raced', data: { index } }])),
      );
      const events = await context.store.readStream(stream);
      assert.deepEqual(
        events.map((event) => event.version),
        [0, 1, 2, 3, 4, 5],
      );
      assert.equal(new Set(events.map((event) => (event.data as { index: number }).index)).size, writers);
    });
  });

  describe('readAll', () => {
    test('returns events in append order with strictly increasing checkpoints', async () => {
      const start = await context.headCheckpoint();
      const streams = [freshStream('first'), freshStream('second')];
      await context.append(streams[0]!, numbered(2));
      await context.append(streams[1]!, numbered(3));
      await context.append(streams[0]!, numbered(1));
      const events = await context.readAllOf(streams, start, 6);
      assert.deepEqual(
        events.map((event) => `${event.stream === streams[0] ? 'first' : 'second'}:${event.version}`),
        ['first:0', 'first:1', 'second:0', 'second:1', 'second:2', 'first:2'],
      );
      for (let index = 1; index < events.length; index += 1) {
        assert.equal(compareCheckpoints(events[index - 1]!.checkpoint, events[index]!.checkpoint), -1);
      }
      assert.equal(compareCheckpoints(start, events[0]!.checkpoint), -1);
    });

    test('continues strictly after a checkpoint, and pages with maxCount', async () => {
      const start = await context.headCheckpoint();
      const stream = freshStream();
      await context.append(stream, numbered(2));
      await context.append(stream, numbered(3));
      const all = await context.readAllOf([stream], start, 5);
      assert.equal(all.length, 5);
      const rest = await context.readAllOf([stream], all[1]!.checkpoint, 3);
      assert.deepEqual(
        rest.map((event) => event.version),
        [2, 3, 4],
      );

      const paged: ReadAllEvent[] = [];
      let checkpoint = start;
      for (;;) {
        const page = await context.store.readAll({ after: checkpoint, maxCount: 2 });
        assert.ok(page.length <= 2);
        if (page.length === 0) break;
        paged.push(...page.filter((event) => event.stream === stream));
        checkpoint = page.at(-1)!.checkpoint;
      }
      assert.deepEqual(
        paged.map((event) => event.id),
        all.map((event) => event.id),
      );
    });
  });

  // Adapters without transactions (EventStoreDB) reject `transaction` and `inTransaction`: these cases skip.
  describe('transactions', () => {
    test('commit-order gap: a later position that commits first waits for the earlier one', async (testContext) => {
      const openTransaction = context.openTransaction;
      if (!openTransaction) return testContext.skip('adapter without transactions');
      const start = await context.headCheckpoint();
      const [slowStream, fastStream] = [freshStream('slow'), freshStream('fast')];
      const slow = await openTransaction();
      // A takes its position (and transaction id) first and stays open on its own connection…
      const slowResult = await context.store.appendToStream(slowStream, numbered(1), {
        metadata: METADATA,
        transaction: slow.transaction,
      });
      try {
        // …B, on another connection, takes a later position and commits first.
        const fastResult = await context.append(fastStream, numbered(1));
        assert.ok(fastResult.events[0]!.globalPosition > slowResult.events[0]!.globalPosition);
        assert.equal((await context.store.readStream(fastStream)).length, 1, 'B is committed and readable by stream');
        assert.deepEqual(
          await context.readAllOf([slowStream, fastStream], start),
          [],
          'readAll must hold B back while A is open',
        );
      } finally {
        await slow.commit();
      }
      const events = await eventually(
        () => context.readAllOf([slowStream, fastStream], start),
        (read) => read.length === 2,
        'both events after A commits',
      );
      assert.deepEqual(
        events.map((event) => event.stream),
        [slowStream, fastStream],
      );
    });

    test('commit-order gap: a rolled-back transaction leaves no event and releases the later one', async (testContext) => {
      const openTransaction = context.openTransaction;
      if (!openTransaction) return testContext.skip('adapter without transactions');
      const start = await context.headCheckpoint();
      const [abandonedStream, laterStream] = [freshStream('abandoned'), freshStream('later')];
      const abandoned = await openTransaction();
      await context.store.appendToStream(abandonedStream, numbered(1), {
        metadata: METADATA,
        transaction: abandoned.transaction,
      });
      await context.append(laterStream, numbered(1));
      assert.deepEqual(await context.readAllOf([abandonedStream, laterStream], start), []);
      await abandoned.rollback();
      const events = await eventually(
        () => context.readAllOf([abandonedStream, laterStream], start),
        (read) => read.length > 0,
        'the later event',
      );
      assert.deepEqual(
        events.map((event) => event.stream),
        [laterStream],
      );
    });

    test('inTransaction runs with the recorded events; its failure undoes the append', async (testContext) => {
      if (!context.openTransaction) return testContext.skip('adapter without transactions');
      const stream = freshStream();
      let seen: string[] = [];
      await context.store.appendToStream(stream, numbered(2), {
        metadata: METADATA,
        inTransaction: async (_transaction, events) => {
          seen = events.map((event) => event.id);
        },
      });
      assert.deepEqual(
        seen,
        (await context.store.readStream(stream)).map((event) => event.id),
      );
      await assert.rejects(
        context.store.appendToStream(stream, numbered(1), {
          metadata: METADATA,
          inTransaction: async () => {
            throw new Error('projection failed');
          },
        }),
        /projection failed/,
      );
      assert.equal(await context.store.streamVersion(stream), 1);
    });

    test("a joined transaction: invisible until commit; a conflict keeps the caller's transaction usable", async (testContext) => {
      const openTransaction = context.openTransaction;
      if (!openTransaction) return testContext.skip('adapter without transactions');
      const [existing, other] = [freshStream(), freshStream()];
      await context.append(existing, numbered(1));
      const caller = await openTransaction();
      try {
        await rejectsWithConcurrencyError(
          context.store.appendToStream(existing, numbered(1), {
            metadata: METADATA,
            expectedStreamVersion: STREAM_DOES_NOT_EXIST,
            transaction: caller.transaction,
          }),
          0,
        );
        await context.store.appendToStream(other, numbered(1), { metadata: METADATA, transaction: caller.transaction });
        assert.equal(await context.store.streamVersion(other), null, 'not visible before commit');
      } finally {
        await caller.commit();
      }
      assert.equal(await context.store.streamVersion(other), 0);
      assert.equal(await context.store.streamVersion(existing), 0);
    });
  });
}
