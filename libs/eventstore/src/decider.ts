/**
 * The decider of docs/style.md: business rules live in `decide`, pure, so they are unit-tested with
 * given/when/then and no database (`deciderSpecification` of `@labline/eventstore/testing`); `evolve` folds a
 * stream's events into the state `decide` looks at.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** What kind of rule a command broke; the command layer maps it to an HTTP status. */
export type RuleViolationKind = 'conflict' | 'not_found' | 'invalid' | 'forbidden' | 'unauthenticated';

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
