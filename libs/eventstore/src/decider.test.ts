import assert from 'node:assert/strict';
import { test } from 'vitest';
import { foldEvents, type Decider } from './decider';
import { deciderSpecification } from './testing';

type CounterEvent = { type: 'Incremented'; data: { by: number } } | { type: 'Closed'; data: Record<string, never> };
type CounterCommand = { type: 'Increment'; by: number } | { type: 'Close' };
type CounterState = { total: number; closed: boolean };

class CounterClosed extends Error {}

const counter: Decider<CounterCommand, CounterEvent, CounterState> = {
  initialState: () => ({ total: 0, closed: false }),
  evolve: (state, event) =>
    event.type === 'Incremented' ? { ...state, total: state.total + event.data.by } : { ...state, closed: true },
  decide: (command, state) => {
    if (state.closed) throw new CounterClosed('closed');
    if (command.type === 'Close') return [{ type: 'Closed', data: {} }];
    return command.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.by } }];
  },
};
const spec = deciderSpecification(counter);
const incremented = (by: number): CounterEvent => ({ type: 'Incremented', data: { by } });
const closed: CounterEvent = { type: 'Closed', data: {} };

test('folds history into state', () => {
  assert.deepEqual(foldEvents(counter, [incremented(2), incremented(3)]), { total: 5, closed: false });
});

test('given/when/then passes on the produced events and fails on others', () => {
  spec
    .given([incremented(1)])
    .when({ type: 'Increment', by: 2 })
    .then([incremented(2)]);
  spec.given([]).when({ type: 'Increment', by: 0 }).then([]);
  assert.throws(
    () =>
      spec
        .given([])
        .when({ type: 'Increment', by: 2 })
        .then([incremented(3)]),
    assert.AssertionError,
  );
});

test('thenThrows checks the error class or a predicate, and fails when nothing is thrown', () => {
  spec.given([closed]).when({ type: 'Close' }).thenThrows(CounterClosed);
  spec
    .given([closed])
    .when({ type: 'Close' })
    .thenThrows((error) => error instanceof Error && error.message === 'closed');
  spec.given([closed]).when({ type: 'Close' }).thenThrows();
  assert.throws(() => spec.given([closed]).when({ type: 'Close' }).thenThrows(TypeError), assert.AssertionError);
  assert.throws(() => spec.given([]).when({ type: 'Close' }).thenThrows(), assert.AssertionError);
});

test('thenNothingHappened passes when no events are produced, fails on events and on a rejection', () => {
  spec
    .given([incremented(1)])
    .when({ type: 'Increment', by: 0 })
    .thenNothingHappened();
  assert.throws(
    () => spec.given([]).when({ type: 'Increment', by: 2 }).thenNothingHappened(),
    (error: unknown) =>
      error instanceof assert.AssertionError && error.message.includes('it produced [{"type":"Incremented"'),
  );
  assert.throws(() => spec.given([closed]).when({ type: 'Increment', by: 0 }).thenNothingHappened(), CounterClosed);
});
