import assert from 'node:assert/strict';
import { test } from 'vitest';
import { compareCheckpoints } from './checkpoint';
import { START_OF_ALL } from './types';

test('orders by transaction id first, then by global position', () => {
  const early = { transactionId: '900', globalPosition: 50 };
  const late = { transactionId: '901', globalPosition: 10 };
  assert.equal(compareCheckpoints(early, late), -1);
  assert.equal(compareCheckpoints(late, early), 1);
  assert.equal(compareCheckpoints(early, { transactionId: '900', globalPosition: 51 }), -1);
  assert.equal(compareCheckpoints(early, { ...early }), 0);
  assert.equal(compareCheckpoints(START_OF_ALL, early), -1);
});

test('compares transaction ids beyond 2^53 exactly, not as text or floats', () => {
  const below = { transactionId: '9007199254740993', globalPosition: 1 };
  const above = { transactionId: '9007199254740994', globalPosition: 1 };
  assert.equal(compareCheckpoints(below, above), -1);
  assert.equal(
    compareCheckpoints({ transactionId: '99', globalPosition: 1 }, { transactionId: '100', globalPosition: 1 }),
    -1,
  );
});
