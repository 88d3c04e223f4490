import assert from 'node:assert/strict';
import { START } from '@eventstore/db-client';
import { describe, it } from 'vitest';
import { compareCheckpoints } from '../checkpoint';
import { START_OF_ALL } from '../types';
import { checkpointOf, isAfter, positionOf, readPositionAfter } from './positions';

describe('EventStoreDB positions as checkpoints', () => {
  it('puts the commit position in transactionId and the prepare position in globalPosition, both ways', () => {
    const position = { commit: 18_446_744_073_709_551_000n, prepare: 4_096n };
    const checkpoint = checkpointOf(position);
    assert.deepEqual(checkpoint, { transactionId: '18446744073709551000', globalPosition: 4_096 });
    assert.deepEqual(positionOf(checkpoint), position);
  });

  it('orders as $all does: by commit, then by prepare within one append', () => {
    const ordered = [
      { commit: 100n, prepare: 100n },
      { commit: 100n, prepare: 180n },
      { commit: 260n, prepare: 260n },
    ].map(checkpointOf);
    for (let index = 1; index < ordered.length; index += 1) {
      assert.equal(compareCheckpoints(ordered[index - 1]!, ordered[index]!), -1);
    }
    assert.equal(isAfter({ commit: 100n, prepare: 180n }, ordered[0]!), true);
    assert.equal(isAfter({ commit: 100n, prepare: 100n }, ordered[0]!), false, 'strictly after');
  });

  it('starts a read of $all at START for the start checkpoint, else at the checkpoint itself', () => {
    assert.equal(readPositionAfter(START_OF_ALL), START);
    assert.deepEqual(readPositionAfter({ transactionId: '512', globalPosition: 600 }), { commit: 512n, prepare: 600n });
  });

  it('refuses a prepare position a number cannot hold exactly', () => {
    assert.throws(() => checkpointOf({ commit: 1n, prepare: 2n ** 53n }), RangeError);
  });
});
