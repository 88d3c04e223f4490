import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  freshStream,
  METADATA,
  numbered,
  rejectsWithConcurrencyError,
  UUID_V7,
  type ContractContext,
} from './contract-support';
import { ConcurrencyError, NO_CONCURRENCY_CHECK, STREAM_DOES_NOT_EXIST, STREAM_EXISTS, type EventStore } from './types';

/** Appending, reading a stream, and the four forms of expected version. */
export function describeStreamContract(context: ContractContext): void {
  describe('append and read', () => {
    test('records the envelope: UUID v7 ids, versions from 0, metadata, data', async () => {
      const stream = freshStream();
      const result = await context.append(stream, numbered(3), STREAM_DOES_NOT_EXIST);
      assert.equal(result.nextExpectedStreamVersion, 2);
      const read = await context.store.readStream(stream);
      assert.deepEqual(read, result.events);
      assert.deepEqual(
        read.map((event) => event.version),
        [0, 1, 2],
      );
      assert.deepEqual(
        read.map((event) => event.data),
        numbered(3).map((event) => event.data),
      );
      for (const event of read) {
        assert.match(event.id, UUID_V7);
        assert.equal(event.type, 'Counted');
        assert.equal(event.stream, stream);
        assert.deepEqual(event.actor, METADATA.actor);
        assert.equal(event.correlationId, METADATA.correlationId);
        assert.equal(event.causationId, METADATA.causationId);
        assert.equal(event.traceparent, METADATA.traceparent);
        assert.ok(!Number.isNaN(Date.parse(event.occurredAt)));
      }
      assert.equal(new Set(read.map((event) => event.id)).size, 3);
      assert.ok(read[0]!.globalPosition < read[1]!.globalPosition && read[1]!.globalPosition < read[2]!.globalPosition);
    });

    test('optional metadata is stored as null', async () => {
      const stream = freshStream();
      await context.store.appendToStream(stream, numbered(1), {
        metadata: { actor: METADATA.actor, correlationId: 'c' },
      });
      const [event] = await context.store.readStream(stream);
      assert.equal(event?.causationId, null);
      assert.equal(event?.traceparent, null);
    });

    test('reads a range of a stream: from, to, maxCount', async () => {
      const stream = freshStream();
      await context.append(stream, numbered(6));
      const versions = async (options: Parameters<EventStore['readStream']>[1]) =>
        (await context.store.readStream(stream, options)).map((event) => event.version);
      assert.deepEqual(await versions({ from: 2 }), [2, 3, 4, 5]);
      assert.deepEqual(await versions({ to: 1 }), [0, 1]);
      assert.deepEqual(await versions({ from: 1, to: 4, maxCount: 2 }), [1, 2]);
      assert.deepEqual(await versions({ from: 9 }), []);
    });

    test('a stream that does not exist reads empty and has no version', async () => {
      const stream = freshStream();
      assert.deepEqual(await context.store.readStream(stream), []);
      assert.equal(await context.store.streamVersion(stream), null);
      await context.append(stream, numbered(2));
      assert.equal(await context.store.streamVersion(stream), 1);
    });

    test('rejects an empty append and a negative expected version', async () => {
      await assert.rejects(context.append(freshStream(), []), RangeError);
      await assert.rejects(context.append(freshStream(), numbered(1), -1), RangeError);
    });
  });

  describe('expected stream version', () => {
    test('STREAM_DOES_NOT_EXIST: only for a new stream', async () => {
      const stream = freshStream();
      await context.append(stream, numbered(1), STREAM_DOES_NOT_EXIST);
      await rejectsWithConcurrencyError(context.append(stream, numbered(1), STREAM_DOES_NOT_EXIST), 0);
    });

    test('STREAM_EXISTS: only for an existing stream', async () => {
      const stream = freshStream();
      await rejectsWithConcurrencyError(context.append(stream, numbered(1), STREAM_EXISTS), null);
      await context.append(stream, numbered(1));
      const result = await context.append(stream, numbered(1), STREAM_EXISTS);
      assert.equal(result.nextExpectedStreamVersion, 1);
    });

    test('a number: only when it is the version of the last event', async () => {
      const stream = freshStream();
      await rejectsWithConcurrencyError(context.append(stream, numbered(1), 0), null);
      await context.append(stream, numbered(2));
      await rejectsWithConcurrencyError(context.append(stream, numbered(1), 0), 1);
      await rejectsWithConcurrencyError(context.append(stream, numbered(1), 2), 1);
      const result = await context.append(stream, numbered(2), 1);
      assert.equal(result.nextExpectedStreamVersion, 3);
    });

    test('NO_CONCURRENCY_CHECK (and no expectation at all): always appends', async () => {
      const stream = freshStream();
      await context.append(stream, numbered(1), NO_CONCURRENCY_CHECK);
      await context.store.appendToStream(stream, numbered(1), { metadata: METADATA });
      assert.equal(await context.store.streamVersion(stream), 1);
    });

    test('a rejected append writes nothing and says what it expected', async () => {
      const stream = freshStream();
      await context.append(stream, numbered(2));
      const error = await context.append(stream, numbered(3), 0).catch((caught: unknown) => caught);
      assert.ok(error instanceof ConcurrencyError);
      assert.equal(error.stream, stream);
      assert.equal(error.expected, 0);
      assert.equal(error.actual, 1);
      assert.equal((await context.store.readStream(stream)).length, 2);
    });
  });
}
