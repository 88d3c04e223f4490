import { parseEventData, type EventSchemaMap } from '@labline/contracts';
import {
  ConcurrencyError,
  RuleViolation,
  STREAM_DOES_NOT_EXIST,
  type AppendMetadata,
  type Decider,
  type EventStore,
  type ExpectedStreamVersion,
  type RecordedEvent,
} from '@labline/eventstore';
import type { DatabaseTransactionConnection } from 'slonik';
import type { z } from 'zod';
import { httpError, type HttpError } from './errors';

/** A service's event before the store gives it an envelope: its type and contract-validated data. */
export type DomainEventOf<M extends EventSchemaMap> = {
  [T in keyof M & string]: { type: T; data: z.infer<M[T]> };
}[keyof M & string];

export interface CommandOptions {
  metadata: AppendMetadata;
  /** The version the caller last saw; by default the version read just before deciding. */
  expectedVersion?: ExpectedStreamVersion;
  /**
   * Writes to another table (identity's credentials) that must commit with the events: run in the append
   * transaction after the inline projection. (An outer transaction would not do: the store reads the stream
   * outside it.)
   */
  alsoInTransaction?: (transaction: DatabaseTransactionConnection, events: RecordedEvent[]) => Promise<void>;
  /**
   * Re-read and decide again after a conflict, for commands whose outcome does not depend on what the caller
   * saw (recording a sign-in). Ignored with an explicit expectedVersion.
   */
  retries?: number;
}

const STATUS_OF_VIOLATION: Record<RuleViolation['kind'], number> = {
  conflict: 409,
  not_found: 404,
  invalid: 400,
  forbidden: 403,
};

export function violationToHttpError(violation: RuleViolation): HttpError {
  return httpError(STATUS_OF_VIOLATION[violation.kind], violation.message);
}

/**
 * A service's command handler over its event schemas and inline projection:
 * read the stream → fold → decide → validate → append with the expected version, projecting in the append
 * transaction (read-your-writes). Returns the recorded events (none when the decision changed nothing). A
 * write that raced another one answers 409 through ConcurrencyError.
 */
export function createCommandHandler<M extends EventSchemaMap>(
  schemas: M,
  project: (transaction: DatabaseTransactionConnection, events: RecordedEvent[]) => Promise<void>,
) {
  function toDomainEvent(event: RecordedEvent): DomainEventOf<M> {
    const type = event.type as keyof M & string;
    return { type, data: parseEventData(schemas, type, event.data) } as DomainEventOf<M>;
  }

  async function handleCommand<Command, Event extends DomainEventOf<M>, State>(
    store: EventStore,
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    options: CommandOptions,
  ): Promise<RecordedEvent[]> {
    let retriesLeft = options.expectedVersion === undefined ? (options.retries ?? 0) : 0;
    for (;;) {
      const history = await store.readStream(stream);
      const state = history
        .map((event) => toDomainEvent(event) as Event)
        .reduce(decider.evolve, decider.initialState());
      let events: Event[];
      try {
        events = decider.decide(command, state);
      } catch (error) {
        throw error instanceof RuleViolation ? violationToHttpError(error) : error;
      }
      if (events.length === 0) return [];
      const validated = events.map((event) => ({
        type: event.type,
        data: parseEventData(schemas, event.type, event.data),
      }));
      const lastVersion = history.at(-1)?.version;
      try {
        const result = await store.appendToStream(stream, validated, {
          expectedStreamVersion: options.expectedVersion ?? lastVersion ?? STREAM_DOES_NOT_EXIST,
          metadata: options.metadata,
          inTransaction: async (transaction, recorded) => {
            await project(transaction, recorded);
            await options.alsoInTransaction?.(transaction, recorded);
          },
        });
        return result.events;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || retriesLeft <= 0) throw error;
        retriesLeft -= 1;
      }
    }
  }

  return { handleCommand, toDomainEvent };
}
