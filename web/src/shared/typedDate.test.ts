/// <reference types="node" />
/** Dates typed by hand: what a date box holds, and why a text is not taken, instead of clearing it without a word. */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { dateBoxText, dateBoxValueOf, dateOfDateBox, typedDateProblem, type TypedDateRules } from './typedDate';

const DATE_OF_BIRTH: TypedDateRules = {
  subject: 'Date of birth',
  earliest: '1900-01-01',
  notInFuture: true,
  today: new Date(2026, 10, 23),
};

describe("a date box's value", () => {
  test('is the date of a typed date, in the format or ISO, and shows it in the format', () => {
    assert.equal(dateBoxValueOf('23 may 1984'), '1984-05-23');
    assert.equal(dateBoxValueOf('1984-05-23'), '1984-05-23');
    assert.equal(dateBoxText('1984-05-23'), '23 May 1984');
    assert.equal(dateOfDateBox('1984-05-23'), '1984-05-23');
  });

  test('keeps a text that is not a date as typed, and nothing typed is no value', () => {
    assert.equal(dateBoxValueOf('31 Feb 2000'), '31 Feb 2000');
    assert.equal(dateBoxValueOf('01/02/2000'), '01/02/2000');
    assert.equal(dateBoxText('01/02/2000'), '01/02/2000');
    assert.equal(dateOfDateBox('01/02/2000'), null);
    assert.equal(dateBoxValueOf('  '), null);
    assert.equal(dateBoxText(null), '');
  });
});

describe('typedDateProblem', () => {
  test('an impossible date is named as typed', () => {
    assert.equal(typedDateProblem('31 Feb 2000', DATE_OF_BIRTH), '31 Feb 2000 is not a real date.');
    assert.equal(typedDateProblem('29 Feb 2023', DATE_OF_BIRTH), '29 Feb 2023 is not a real date.');
    assert.equal(typedDateProblem('2000-13-01', DATE_OF_BIRTH), '2000-13-01 is not a real date.');
  });

  test('a text not in the format, numbers with slashes among them, says how to type it', () => {
    const rule = 'Enter the date of birth as day, month and year: 28 Nov 2026.';
    assert.equal(typedDateProblem('14/02/1990', DATE_OF_BIRTH), rule);
    assert.equal(typedDateProblem('14 Feb 90', DATE_OF_BIRTH), rule);
    assert.equal(typedDateProblem('yesterday', DATE_OF_BIRTH), rule);
  });

  test('a real date outside the allowed range says which bound', () => {
    assert.equal(typedDateProblem('24 Nov 2026', DATE_OF_BIRTH), 'Date of birth must not be in the future.');
    assert.equal(typedDateProblem('1899-12-31', DATE_OF_BIRTH), 'Date of birth must be on or after 1 Jan 1900.');
  });

  test('nothing typed, a real date in range and a leap day are taken', () => {
    assert.equal(typedDateProblem(null, DATE_OF_BIRTH), null);
    assert.equal(typedDateProblem('  ', DATE_OF_BIRTH), null);
    assert.equal(typedDateProblem('1990-02-14', DATE_OF_BIRTH), null);
    assert.equal(typedDateProblem('29 Feb 2000', DATE_OF_BIRTH), null);
    assert.equal(typedDateProblem('2026-11-23', DATE_OF_BIRTH), null);
  });
});
