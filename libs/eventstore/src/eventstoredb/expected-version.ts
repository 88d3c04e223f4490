import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS as ESDB_STREAM_EXISTS,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type CurrentRevision,
} from '@eventstore/db-client';
import {
  ConcurrencyError,
  NO_CONCURRENCY_CHECK,
  STREAM_DOES_NOT_EXIST,
  STREAM_EXISTS,
  type ExpectedStreamVersion,
} from '../types';

/** One-to-one (docs/style.md): STREAM_DOES_NOT_EXIST → NO_STREAM, STREAM_EXISTS → STREAM_EXISTS, none → ANY. */
export function expectedRevisionOf(expected: ExpectedStreamVersion): AppendExpectedRevision {
  switch (expected) {
    case STREAM_DOES_NOT_EXIST:
      return NO_STREAM;
    case STREAM_EXISTS:
      return ESDB_STREAM_EXISTS;
    case NO_CONCURRENCY_CHECK:
      return ANY;
    default:
      // Both count from 0: a stream's first event is version 0 here and revision 0 there.
      return BigInt(expected);
  }
}

/** Servers before 21.10 report a missing stream as revision -1 rather than NO_STREAM. */
export function versionOfRevision(revision: CurrentRevision): number | null {
  return revision === NO_STREAM || revision < 0n ? null : Number(revision);
}

/** The server's wrong-expected-version answer as the interface's ConcurrencyError; other errors unchanged. */
export function concurrencyErrorOf(error: unknown, stream: string, expected: ExpectedStreamVersion): unknown {
  if (!(error instanceof WrongExpectedVersionError)) return error;
  return new ConcurrencyError(stream, expected, versionOfRevision(error.actualVersion));
}
