import assert from 'node:assert/strict';
import { test } from 'vitest';
import { displayId, formatFulfillmentId, formatRequestId, formatResultId, initials, parseDisplayId } from './display';

test('display ids pad to 6 digits with their prefix', () => {
  assert.equal(formatRequestId(123), 'REQ-000123');
  assert.equal(formatResultId(7), 'RES-000007');
  assert.equal(formatFulfillmentId(1234567), 'FUL-1234567');
});

test('display ids refuse non-integers and negatives', () => {
  assert.throws(() => displayId('testRequest', -1), RangeError);
  assert.throws(() => displayId('testRequest', 1.5), RangeError);
});

test('display ids parse back', () => {
  assert.equal(parseDisplayId('testRequest', 'REQ-000123'), 123);
  assert.equal(parseDisplayId('testRequest', 'req-42'), 42);
  assert.equal(parseDisplayId('testRequest', '42'), 42);
  assert.equal(parseDisplayId('testRequest', 'RES-000001'), null);
  assert.equal(parseDisplayId('testRequest', 'REQ-'), null);
});

test('initials take the first letter of each name', () => {
  assert.equal(initials('amelia', 'Hart'), 'AH');
  assert.equal(initials(' Ben ', 'okafor'), 'BO');
});
