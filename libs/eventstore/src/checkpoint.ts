import type { GlobalCheckpoint } from './types';

/**
 * Orders checkpoints as readAll does: by transaction id, then global position. Transaction ids are xid8
 * values, exact only as strings (they exceed 2^53 on long-lived clusters), so they compare as bigints.
 */
export function compareCheckpoints(left: GlobalCheckpoint, right: GlobalCheckpoint): number {
  const leftTransaction = BigInt(left.transactionId);
  const rightTransaction = BigInt(right.transactionId);
  if (leftTransaction !== rightTransaction) return leftTransaction < rightTransaction ? -1 : 1;
  return Math.sign(left.globalPosition - right.globalPosition);
}
