import { describe, expect, it } from 'vitest';
import { EXPECTED_DATE_TOO_SOON, earliestExpectedDate, expectedDateProblem } from './TestDetailsFields';

describe('the earliest expected test date (12:00 PM at least an hour ahead, spec 1 §5)', () => {
  it('is today before 11:00', () => {
    expect(earliestExpectedDate(new Date(2026, 10, 26, 10, 59))).toBe('2026-11-26');
  });

  it('is tomorrow from 11:00 on, across a month end', () => {
    expect(earliestExpectedDate(new Date(2026, 10, 26, 11, 0, 1))).toBe('2026-11-27');
    expect(earliestExpectedDate(new Date(2026, 10, 30, 18, 0))).toBe('2026-12-01');
  });
});

describe('an expected date before the earliest (spec 1 §5)', () => {
  const now = new Date(2026, 10, 26, 11, 30);

  it("is refused with the server's sentence, as its answer shows it on the field", () => {
    expect(expectedDateProblem('2020-01-01', now)).toBe('Expected Test Date must be at least one hour from now.');
    expect(expectedDateProblem('2026-11-26', now)).toBe(EXPECTED_DATE_TOO_SOON);
  });

  it('is no problem from the earliest day on, nor when there is none', () => {
    expect(expectedDateProblem('2026-11-27', now)).toBeNull();
    expect(expectedDateProblem(null, now)).toBeNull();
  });
});
