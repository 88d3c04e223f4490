/** The app's one date format and one date-time format, and the dates typed into its date boxes. */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeInZone } from './dates';
import { readTypedDate } from './typed-dates';

// A viewer west of UTC: a calendar date read as UTC midnight would show the day before here.
const ownZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  if (ownZone === undefined) delete process.env.TZ;
  else process.env.TZ = ownZone;
});

describe('formatDate', () => {
  test('calendar dates and timestamps read "28 Nov 2026"; a single-digit day has no zero; September is "Sep"', () => {
    assert.equal(formatDate('2026-11-28'), '28 Nov 2026');
    assert.equal(formatDate('1952-09-01'), '1 Sep 1952');
    assert.equal(formatDate('2026-11-28T14:05:00'), '28 Nov 2026');
  });

  test('a date of birth is its own day in a zone behind UTC (no UTC midnight to move it a day back)', () => {
    assert.equal(new Date('2000-01-01').getDate(), 31, 'the test runs west of UTC');
    assert.equal(formatDate('2000-01-01'), '1 Jan 2000');
    assert.equal(formatDate('1999-12-31'), '31 Dec 1999');
    assert.equal(formatDate('2000-01-01', 'Pacific/Pago_Pago'), '1 Jan 2000');
  });

  test("a timestamp is the day of the reader's zone", () => {
    // 06:30 UTC on 1 Dec is still 30 Nov in Los Angeles, and 1 Dec in London.
    assert.equal(formatDate('2026-12-01T06:30:00Z'), '30 Nov 2026');
    assert.equal(formatDate('2026-12-01T06:30:00Z', 'Europe/London'), '1 Dec 2026');
  });

  test('what is not a date is shown as it is', () => {
    assert.equal(formatDate('2023-02-30'), '2023-02-30');
    assert.equal(formatDate('not a date'), 'not a date');
  });
});

describe('formatDateTime', () => {
  test('reads "28 Nov 2026, 14:05" on a 24-hour clock, minutes and hours with two digits', () => {
    assert.equal(formatDateTime('2026-11-28T14:05:00'), '28 Nov 2026, 14:05');
    assert.equal(formatDateTime('2026-03-02T09:07:00'), '2 Mar 2026, 09:07');
    assert.equal(formatDateTime('2026-11-28T12:00:00'), '28 Nov 2026, 12:00');
    assert.equal(formatDateTime('2026-11-28T00:05:00'), '28 Nov 2026, 00:05');
    assert.equal(formatDateTime('soon'), 'soon');
  });

  test("a timestamp is written in the named zone's clock, midnight as 00, never 24", () => {
    assert.equal(formatDateTime('2026-11-28T22:05:00Z'), '28 Nov 2026, 14:05');
    assert.equal(formatDateTime('2026-11-28T22:05:00Z', 'UTC'), '28 Nov 2026, 22:05');
    assert.equal(formatDateTime('2030-06-01T12:00:00Z', 'Europe/London'), '1 Jun 2030, 13:00');
    assert.equal(formatDateTime('2026-11-28T23:30:00Z', 'Europe/Berlin'), '29 Nov 2026, 00:30');
  });
});

describe('formatDateTimeInZone', () => {
  test("names the zone for a reader who may be elsewhere (an e-mail's link, a reminder's test time)", () => {
    assert.equal(formatDateTimeInZone('2030-06-01T12:00:00Z', 'Europe/London'), '1 Jun 2030, 13:00 BST');
    assert.equal(formatDateTimeInZone('2030-01-01T12:00:00Z', 'Europe/London'), '1 Jan 2030, 12:00 GMT');
    assert.equal(formatDateTimeInZone('2026-11-28T16:05:30Z', 'UTC'), '28 Nov 2026, 16:05 UTC');
    assert.equal(formatDateTimeInZone('never', 'UTC'), 'never');
  });
});

describe('readTypedDate', () => {
  const date = (iso: string) => ({ kind: 'date', date: iso });

  test('takes the shown format in any case, with the full month name, hyphens or "Sept", and ISO', () => {
    assert.deepEqual(readTypedDate('28 Nov 2026'), date('2026-11-28'));
    assert.deepEqual(readTypedDate(' 1 sep 1952 '), date('1952-09-01'));
    assert.deepEqual(readTypedDate('1 Sept 1952'), date('1952-09-01'));
    assert.deepEqual(readTypedDate('23 MAY 1984'), date('1984-05-23'));
    assert.deepEqual(readTypedDate('14 February 1990'), date('1990-02-14'));
    assert.deepEqual(readTypedDate('28-nov-2026'), date('2026-11-28'));
    assert.deepEqual(readTypedDate('2026-11-28'), date('2026-11-28'));
  });

  test('what formatDate writes it reads back', () => {
    for (const iso of ['2000-02-29', '1900-01-01', '2026-12-31', '2026-09-09']) {
      assert.deepEqual(readTypedDate(formatDate(iso)), date(iso));
    }
  });

  test('a date of the right shape that does not exist is "unreal"', () => {
    assert.deepEqual(readTypedDate('31 Feb 2000'), { kind: 'unreal' });
    assert.deepEqual(readTypedDate('29 Feb 2023'), { kind: 'unreal' });
    assert.deepEqual(readTypedDate('0 Jan 2000'), { kind: 'unreal' });
    assert.deepEqual(readTypedDate('2023-02-30'), { kind: 'unreal' });
    assert.deepEqual(readTypedDate('2023-13-01'), { kind: 'unreal' });
  });

  test('numbers with slashes (day or month first?), a two-digit year or an unknown month are unreadable', () => {
    for (const text of ['01/02/2026', '28/11/2026', '28 Nov 26', '28 Novem 2026', '28 Noo 2026', 'tomorrow', '']) {
      assert.deepEqual(readTypedDate(text), { kind: 'unreadable' }, text);
    }
  });
});
