/// <reference types="node" />
/** The app's one date format and one date-time format. */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { formatDate, formatDateTime } from './formatDate';

describe('formatDate', () => {
  test('calendar dates and timestamps read "23 Nov 2026"; September is "Sep", never "Sept"', () => {
    assert.equal(formatDate('2026-11-23'), '23 Nov 2026');
    assert.equal(formatDate('1952-09-01'), '1 Sep 1952');
    assert.equal(formatDate('2026-11-23T14:05:00'), '23 Nov 2026');
  });

  test('a calendar date is its own day whatever the time zone (no UTC midnight to move it)', () => {
    assert.equal(formatDate('2000-01-01'), '1 Jan 2000');
    assert.equal(formatDate('1999-12-31'), '31 Dec 1999');
  });

  test('what is not a date is shown as it is', () => {
    assert.equal(formatDate('2023-02-30'), '2023-02-30');
    assert.equal(formatDate('not a date'), 'not a date');
  });
});

describe('formatDateTime', () => {
  test('reads "23 Nov 2026, 14:05" on a 24-hour clock', () => {
    assert.equal(formatDateTime('2026-11-23T14:05:00'), '23 Nov 2026, 14:05');
    assert.equal(formatDateTime('2026-03-02T09:07:00'), '2 Mar 2026, 09:07');
    assert.equal(formatDateTime('soon'), 'soon');
  });
});

describe('one format for every date shown', () => {
  test("an expected test date's fixed noon reads on the 24-hour clock, never 12:00 PM", () => {
    assert.equal(formatDateTime('2026-11-28T12:00:00'), '28 Nov 2026, 12:00');
    assert.equal(formatDateTime('2026-11-28T00:05:00'), '28 Nov 2026, 00:05');
  });
});
