import { TEST_REQUEST_FIELD_ERRORS, expectedTestDateTime, isExpectedTestTooSoon } from '@labline/contracts';
import { describe, expect, it } from 'vitest';
import { describeServerError } from '../../../shared/apiError';
import {
  EXPECTED_DATE_TOO_SOON,
  earliestExpectedDate,
  expectedDateProblem,
  testDateProblem,
} from './TestDetailsFields';

const utc = (...parts: [number, number, number, number, number, number?]) => new Date(Date.UTC(...parts));

describe('the earliest expected test date (12:00 UTC at least an hour ahead, spec 1 §5)', () => {
  it('is today before 11:00', () => {
    expect(earliestExpectedDate(utc(2026, 10, 26, 10, 59))).toBe('2026-11-26');
  });

  it('is tomorrow from 11:00 on, across a month end', () => {
    expect(earliestExpectedDate(utc(2026, 10, 26, 11, 0, 1))).toBe('2026-11-27');
    expect(earliestExpectedDate(utc(2026, 10, 30, 18, 0))).toBe('2026-12-01');
  });
});

describe('an expected date before the earliest (spec 1 §5)', () => {
  const now = utc(2026, 10, 26, 11, 30);

  it("is refused with the server's sentence, as its answer shows it on the field", () => {
    expect(expectedDateProblem('2020-01-01', null, now)).toBe('Expected Test Date must be at least one hour from now.');
    expect(expectedDateProblem('2026-11-26', null, now)).toBe(EXPECTED_DATE_TOO_SOON);
    expect(EXPECTED_DATE_TOO_SOON).toBe(
      describeServerError(TEST_REQUEST_FIELD_ERRORS.expectedDateTooSoon, 400).message,
    );
  });

  it('is no problem from the earliest day on, nor when there is none', () => {
    expect(expectedDateProblem('2026-11-27', null, now)).toBeNull();
    expect(expectedDateProblem(null, null, now)).toBeNull();
  });

  it("is no problem when it is the edited request's own date, left as it was (as on the server)", () => {
    expect(expectedDateProblem('2026-11-20', '2026-11-20T12:00:00.000Z', now)).toBeNull();
    expect(expectedDateProblem('2026-11-21', '2026-11-20T12:00:00.000Z', now)).toBe(EXPECTED_DATE_TOO_SOON);
  });

  it("is the server's rule: the field and the decider ask isExpectedTestTooSoon on the same instant", () => {
    // The body's transform sends the server the same instant the field judged.
    expect(expectedTestDateTime('2026-11-26')).toBe('2026-11-26T12:00:00.000Z');
    for (const date of ['2026-11-25', '2026-11-26', '2026-11-27']) {
      const server = isExpectedTestTooSoon(expectedTestDateTime(date), now.getTime());
      expect(expectedDateProblem(date, null, now) !== null).toBe(server);
    }
  });
});

describe("what stops a test from being added or taken to the checkout (the expected date box's own problem)", () => {
  const now = utc(2026, 10, 26, 11, 30);
  const test = (expected_date: string | null, kept_expected_datetime: string | null = null) => ({
    expected_date,
    kept_expected_datetime,
  });

  it('is a text that is not a date in the format, or a date the server would refuse', () => {
    expect(testDateProblem(test('01/02/2030'), now)).toBe(
      'Enter the expected test date as day, month and year: 28 Nov 2026.',
    );
    expect(testDateProblem(test('2020-01-01'), now)).toBe(EXPECTED_DATE_TOO_SOON);
  });

  it("is nothing for an empty box, an accepted date or the edited request's own date", () => {
    expect(testDateProblem(test(null), now)).toBeNull();
    expect(testDateProblem(test('2026-11-27'), now)).toBeNull();
    expect(testDateProblem(test('2026-11-20', '2026-11-20T12:00:00.000Z'), now)).toBeNull();
  });
});
