/**
 * given/when/then for deciders, for unit tests only (it asserts with `node:assert`): reached through
 * `@labline/eventstore/testing`, never through the runtime entry point.
 */
import assert from 'node:assert/strict';
import { foldEvents, type Decider } from './decider';

/** What `thenThrows` accepts: an error class, a predicate, or nothing (any error will do). */
export type ErrorExpectation = (new (...args: never[]) => Error) | ((error: unknown) => boolean);

export interface DeciderThen<Event> {
  /** Asserts the command produced exactly these events, in order. */
  then(expected: readonly Event[]): void;
  /** Asserts the command was accepted and produced no events (an idempotent repeat, a no-op change). */
  thenNothingHappened(): void;
  /** Asserts the command was rejected. */
  thenThrows(expectation?: ErrorExpectation): void;
}

export interface DeciderWhen<Command, Event> {
  when(command: Command): DeciderThen<Event>;
}

/**
 * given/when/then for one decider:
 * `const spec = deciderSpecification(userDecider);`
 * `spec.given([registered]).when({ type: 'Deactivate' }).then([deactivated]);`
 * `spec.given([registered, deactivated]).when({ type: 'Deactivate' }).thenNothingHappened();`
 */
export function deciderSpecification<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(history: readonly Event[]): DeciderWhen<Command, Event> {
      return {
        when(command: Command): DeciderThen<Event> {
          // Decided lazily so that thenThrows sees the error instead of the test crashing in `when`.
          const decide = () => decider.decide(command, foldEvents(decider, history));
          return {
            then(expected) {
              assert.deepStrictEqual(decide(), expected);
            },
            thenNothingHappened() {
              const produced = decide();
              assert.equal(
                produced.length,
                0,
                `Expected the command to produce no events, it produced ${JSON.stringify(produced)}`,
              );
            },
            thenThrows(expectation) {
              let produced: Event[];
              try {
                produced = decide();
              } catch (error) {
                if (expectation) assert.ok(matches(expectation, error), `Unexpected error: ${String(error)}`);
                return;
              }
              assert.fail(`Expected the command to be rejected, it produced ${JSON.stringify(produced)}`);
            },
          };
        },
      };
    },
  };
}

function matches(expectation: ErrorExpectation, error: unknown): boolean {
  const isErrorClass = expectation.prototype instanceof Error || expectation === Error;
  return isErrorClass ? error instanceof expectation : (expectation as (error: unknown) => boolean)(error);
}
