import {
  ConcurrencyError,
  NO_CONCURRENCY_CHECK,
  STREAM_DOES_NOT_EXIST,
  STREAM_EXISTS,
  type ExpectedStreamVersion,
} from './types';

/** Throws ConcurrencyError unless the stream's current version (null: no stream) is what the caller expected. */
export function assertExpectedVersion(stream: string, expected: ExpectedStreamVersion, current: number | null): void {
  if (!matchesExpectedVersion(expected, current)) throw new ConcurrencyError(stream, expected, current);
}

export function matchesExpectedVersion(expected: ExpectedStreamVersion, current: number | null): boolean {
  switch (expected) {
    case NO_CONCURRENCY_CHECK:
      return true;
    case STREAM_DOES_NOT_EXIST:
      return current === null;
    case STREAM_EXISTS:
      return current !== null;
    default:
      return current === expected;
  }
}

/** A programming error, not a conflict: versions start at 0, so no caller can have seen a negative one. */
export function assertValidExpectedVersion(expected: ExpectedStreamVersion): void {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`Expected stream version must be a non-negative integer, got ${expected}`);
  }
}

/**
 * Whether losing a race for the same (stream, version) may simply be retried at the next version: true for
 * the forms that do not pin a version (the winner cannot have made "exists" false again).
 */
export function retriableAfterLostRace(expected: ExpectedStreamVersion): boolean {
  return expected === NO_CONCURRENCY_CHECK || expected === STREAM_EXISTS;
}
