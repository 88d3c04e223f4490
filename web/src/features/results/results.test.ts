import assert from 'node:assert/strict';
import { RESULT_STATUSES, RESULT_TRANSITIONS, markerTemplate } from '@labline/contracts';
import { describe, test } from 'vitest';
import {
  canSubmit,
  filterChips,
  resultBodyOf,
  reviewMoves,
  statusCards,
  structuredValuesProblem,
  withTemplate,
  type ResultFormValues,
} from './model';

const form = (values: Partial<ResultFormValues> = {}): ResultFormValues => ({
  test_request_id: 7,
  result_data: 'Glucose:\nValue: 5.4',
  result_values: '',
  interpretation: '',
  status: 'draft',
  amendment_reason: '',
  ...values,
});

describe('the Review menu', () => {
  test('offers the moves of the table but the amendment, which needs its reason on the form', () => {
    assert.deepEqual(reviewMoves('draft'), ['reviewed']);
    assert.deepEqual(reviewMoves('reviewed'), ['final']);
    assert.deepEqual(reviewMoves('final'), []);
    assert.deepEqual(reviewMoves('amended'), ['reviewed', 'final']);
    for (const status of RESULT_STATUSES)
      for (const to of reviewMoves(status)) assert.ok(RESULT_TRANSITIONS[status].includes(to), `${status} → ${to}`);
  });
});

describe('the result form', () => {
  test('submits only with a test request and result data, and an amendment only with its reason', () => {
    assert.equal(canSubmit(form()), true);
    assert.equal(canSubmit(form({ test_request_id: null })), false);
    assert.equal(canSubmit(form({ result_data: '  \n' })), false);
    assert.equal(canSubmit(form({ status: 'amended' })), false);
    assert.equal(canSubmit(form({ status: 'amended', amendment_reason: ' ' })), false);
    assert.equal(canSubmit(form({ status: 'amended', amendment_reason: 'Re-run' })), true);
  });

  test('sends empty optional fields as null, and the reason only with an amendment', () => {
    assert.deepEqual(resultBodyOf(form({ amendment_reason: 'ignored' })), {
      test_request_id: 7,
      result_data: 'Glucose:\nValue: 5.4',
      result_values: null,
      interpretation: null,
      status: 'draft',
      amendment_reason: null,
    });
    const amended = resultBodyOf(form({ status: 'amended', amendment_reason: 'Re-run', result_values: '{"a":1}' }));
    assert.equal(amended.amendment_reason, 'Re-run');
    assert.equal(amended.result_values, '{"a":1}');
  });

  test('takes structured values only as valid JSON, and none at all', () => {
    assert.equal(structuredValuesProblem(''), null);
    assert.equal(structuredValuesProblem('{"glucose": 5.4}'), null);
    assert.match(structuredValuesProblem('{glucose: 5.4') ?? '', /must be valid JSON/);
  });

  test('adds the marker template after what is typed, a blank line between', () => {
    const template = markerTemplate([{ name: 'TSH', units: 'mIU/L', range_min: 0.4, range_max: 4 }]);
    assert.equal(withTemplate('', template), template);
    assert.equal(withTemplate('Note: fasting\n\n', template), `Note: fasting\n\n${template}`);
  });
});

describe('the list', () => {
  test('has a chip per applied filter and the four cards from the server counts', () => {
    assert.deepEqual(filterChips({ search: '', status: undefined }), []);
    assert.deepEqual(
      filterChips({ search: 'RES-000001', status: 'final' }).map((chip) => chip.label),
      ['Search: RES-000001', 'Status: Final'],
    );
    assert.deepEqual(
      statusCards({ draft: 1, reviewed: 2, final: 3, amended: 4, total: 10 }).map((card) => [card.label, card.count]),
      [
        ['Draft', 1],
        ['Reviewed', 2],
        ['Final', 3],
        ['Total', 10],
      ],
    );
    assert.ok(statusCards(undefined).every((card) => card.count === null));
  });
});
