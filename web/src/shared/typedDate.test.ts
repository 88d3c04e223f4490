/// <reference types="node" />
/** Dates typed by hand: why a text is not taken, instead of clearing it without a word. */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { typedDateProblem, type TypedDateRules } from './typedDate';

const DATE_OF_BIRTH: TypedDateRules = {
  subject: 'Date of birth',
  earliest: '1900-01-01',
  notInFuture: true,
  today: new Date(2026, 10, 23),
};

describe('typedDateProblem', () => {
  test('an impossible date is named as typed', () => {
    assert.equal(typedDateProblem('31/02/2000', DATE_OF_BIRTH), '31/02/2000 is not a real date.');
    assert.equal(typedDateProblem('29/02/2023', DATE_OF_BIRTH), '29/02/2023 is not a real date.');
    assert.equal(typedDateProblem('00/13/2000', DATE_OF_BIRTH), '00/13/2000 is not a real date.');
  });

  test('a text that is not DD/MM/YYYY says how to type it', () => {
    assert.equal(typedDateProblem('3/2/2000', DATE_OF_BIRTH), 'Enter the date of birth as DD/MM/YYYY.');
    assert.equal(typedDateProblem('14/02/19', DATE_OF_BIRTH), 'Enter the date of birth as DD/MM/YYYY.');
  });

  test('a real date outside the allowed range says which bound', () => {
    assert.equal(typedDateProblem('24/11/2026', DATE_OF_BIRTH), 'Date of birth must not be in the future.');
    assert.equal(typedDateProblem('31/12/1899', DATE_OF_BIRTH), 'Date of birth must be on or after 1 Jan 1900.');
  });

  test('nothing typed, a real date in range and a leap day are taken', () => {
    assert.equal(typedDateProblem('', DATE_OF_BIRTH), null);
    assert.equal(typedDateProblem('  ', DATE_OF_BIRTH), null);
    assert.equal(typedDateProblem('14/02/1990', DATE_OF_BIRTH), null);
    assert.equal(typedDateProblem('29/02/2000', DATE_OF_BIRTH), null);
    assert.equal(typedDateProblem('23/11/2026', DATE_OF_BIRTH), null);
  });
});
