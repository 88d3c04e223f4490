import assert from 'node:assert/strict';
import { test } from 'vitest';
import {
  assertExpectedVersion,
  assertValidExpectedVersion,
  matchesExpectedVersion,
  retriableAfterLostRace,
} from './expected-version';
import { ConcurrencyError, NO_CONCURRENCY_CHECK, STREAM_DOES_NOT_EXIST, STREAM_EXISTS } from './types';

test('each expected-version form against a missing stream and a stream at version 2', () => {
  const table = [
    { expected: NO_CONCURRENCY_CHECK, missing: true, atTwo: true },
    { expected: STREAM_DOES_NOT_EXIST, missing: true, atTwo: false },
    { expected: STREAM_EXISTS, missing: false, atTwo: true },
    { expected: 2, missing: false, atTwo: true },
    { expected: 1, missing: false, atTwo: false },
    { expected: 0, missing: false, atTwo: false },
  ] as const;
  for (const { expected, missing, atTwo } of table) {
    assert.equal(matchesExpectedVersion(expected, null), missing, `${expected} on a missing stream`);
    assert.equal(matchesExpectedVersion(expected, 2), atTwo, `${expected} on version 2`);
  }
});

test('a mismatch throws ConcurrencyError naming the stream, the expectation and the actual version', () => {
  assert.throws(
    () => assertExpectedVersion('user-1', 4, 6),
    (error: unknown) =>
      error instanceof ConcurrencyError &&
      error.stream === 'user-1' &&
      error.expected === 4 &&
      error.actual === 6 &&
      error.message === 'Stream user-1: expected version 4, actual 6',
  );
  assert.doesNotThrow(() => assertExpectedVersion('user-1', 6, 6));
});

test('negative or fractional versions are programming errors, not conflicts', () => {
  assert.throws(() => assertValidExpectedVersion(-1), RangeError);
  assert.throws(() => assertValidExpectedVersion(1.5), RangeError);
  assert.doesNotThrow(() => assertValidExpectedVersion(0));
  assert.doesNotThrow(() => assertValidExpectedVersion(STREAM_EXISTS));
});

test('only the forms that do not pin a version retry after losing a race', () => {
  assert.equal(retriableAfterLostRace(NO_CONCURRENCY_CHECK), true);
  assert.equal(retriableAfterLostRace(STREAM_EXISTS), true);
  assert.equal(retriableAfterLostRace(STREAM_DOES_NOT_EXIST), false);
  assert.equal(retriableAfterLostRace(3), false);
});
