import assert from 'node:assert/strict';
import { ANY, NO_STREAM, STREAM_EXISTS as ESDB_STREAM_EXISTS, WrongExpectedVersionError } from '@eventstore/db-client';
import { describe, it } from 'vitest';
import { ConcurrencyError, NO_CONCURRENCY_CHECK, STREAM_DOES_NOT_EXIST, STREAM_EXISTS } from '../types';
import { concurrencyErrorOf, expectedRevisionOf, versionOfRevision } from './expected-version';

describe('expected versions on EventStoreDB', () => {
  it('map one-to-one onto NO_STREAM | STREAM_EXISTS | ANY | a revision', () => {
    assert.equal(expectedRevisionOf(STREAM_DOES_NOT_EXIST), NO_STREAM);
    assert.equal(expectedRevisionOf(STREAM_EXISTS), ESDB_STREAM_EXISTS);
    assert.equal(expectedRevisionOf(NO_CONCURRENCY_CHECK), ANY);
    assert.equal(expectedRevisionOf(0), 0n);
    assert.equal(expectedRevisionOf(41), 41n);
  });

  it('read a current revision back as a version, no stream as null', () => {
    assert.equal(versionOfRevision(NO_STREAM), null);
    assert.equal(versionOfRevision(-1n), null);
    assert.equal(versionOfRevision(3n), 3);
  });

  it('turn the server’s wrong-expected-version into ConcurrencyError, other errors unchanged', () => {
    const wrong = new WrongExpectedVersionError(undefined, { streamName: 'x', expected: 0n, current: 4n });
    const mapped = concurrencyErrorOf(wrong, 'patient-1', 0);
    assert.ok(mapped instanceof ConcurrencyError);
    assert.deepEqual([mapped.stream, mapped.expected, mapped.actual], ['patient-1', 0, 4]);
    const missing = new WrongExpectedVersionError(undefined, {
      streamName: 'x',
      expected: ESDB_STREAM_EXISTS,
      current: NO_STREAM,
    });
    assert.equal((concurrencyErrorOf(missing, 'patient-2', STREAM_EXISTS) as ConcurrencyError).actual, null);
    const other = new Error('unavailable');
    assert.equal(concurrencyErrorOf(other, 'patient-3', 0), other);
  });
});
