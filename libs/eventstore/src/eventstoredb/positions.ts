import { START, type Position, type ReadPosition } from '@eventstore/db-client';
import { compareCheckpoints } from '../checkpoint';
import { START_OF_ALL, type GlobalCheckpoint } from '../types';

/**
 * EventStoreDB orders `$all` by (commit, prepare) log positions, as readAll orders Postgres checkpoints by
 * (transaction id, global position): the commit position goes in `transactionId` (a decimal string, exact past
 * 2^53 like an xid8, so the relay's checkpoint table holds it unchanged) and the prepare position in
 * `globalPosition`. Events of one append share a commit position and differ by prepare position, so
 * `compareCheckpoints` orders them as the server does.
 */
export function checkpointOf(position: Position): GlobalCheckpoint {
  return { transactionId: position.commit.toString(), globalPosition: globalPositionOf(position) };
}

/** The prepare position: a byte offset in the log, strictly increasing, unique per event. */
export function globalPositionOf(position: Position): number {
  const prepare = Number(position.prepare);
  if (!Number.isSafeInteger(prepare) || prepare < 0) {
    throw new RangeError(`EventStoreDB prepare position ${position.prepare} is beyond 2^53 and cannot be a number`);
  }
  return prepare;
}

export function positionOf(checkpoint: GlobalCheckpoint): Position {
  return { commit: BigInt(checkpoint.transactionId), prepare: BigInt(checkpoint.globalPosition) };
}

/**
 * Where a read of `$all` after the checkpoint starts. The server includes the event at the position it is
 * given, so the reader also drops what `isAfter` refuses.
 */
export function readPositionAfter(checkpoint: GlobalCheckpoint): ReadPosition {
  return compareCheckpoints(checkpoint, START_OF_ALL) <= 0 ? START : positionOf(checkpoint);
}

export function isAfter(position: Position, checkpoint: GlobalCheckpoint): boolean {
  return compareCheckpoints(checkpointOf(position), checkpoint) > 0;
}
