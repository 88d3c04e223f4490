import { describe, expect, it } from 'vitest';
import { earliestExpectedDate } from './TestDetailsFields';

describe('the earliest expected test date (12:00 PM at least an hour ahead, spec 1 §5)', () => {
  it('is today before 11:00', () => {
    expect(earliestExpectedDate(new Date(2026, 10, 26, 10, 59))).toBe('2026-11-26');
  });

  it('is tomorrow from 11:00 on, across a month end', () => {
    expect(earliestExpectedDate(new Date(2026, 10, 26, 11, 0, 1))).toBe('2026-11-27');
    expect(earliestExpectedDate(new Date(2026, 10, 30, 18, 0))).toBe('2026-12-01');
  });
});
