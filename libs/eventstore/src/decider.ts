import assert from 'node:assert/strict';

/**
 * The decider of STYLE.md: business rules live in `decide`, pure, so they are unit-tested with
 * given/when/then and no database; `evolve` folds a stream's events into the state `decide` looks at.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** What kind of rule a command broke; the command layer maps it to an HTTP status. */
export type RuleViolationKind = 'conflict' | 'not_found' | 'invalid' | 'forbidden';

/** Thrown by `decide` when a command breaks a business rule; the message is the text the user sees. */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  constructor(
    readonly kind: RuleViolationKind,
    message: string,
  ) {
    super(message);
  }
}

/** The state after the given events, as the command handler would compute it from the stream. */
export function foldEvents<Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** What `thenThrows` accepts: an error class, a predicate, or nothing (any error will do). */
export type ErrorExpectation = (new (...args: never[]) => Error) | ((error: unknown) => boolean);

export interface DeciderThen<Event> {
  /** Asserts the command produced exactly these events, in order. */
  then(expected: readonly Event[]): void;
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
