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
import { sql, type CommonQueryMethods, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { httpError, type HttpError } from './errors';
import { inlineProjector, type Projection } from './projection';

/**
 * A service's event before the store gives it an envelope: its type and contract-validated data; of the
 * types `T` when given (an aggregate's events), else of all.
 */
export type DomainEventOf<M extends EventSchemaMap, T extends keyof M & string = keyof M & string> = {
  [K in T]: { type: K; data: z.infer<M[K]> };
}[T];

export interface Command<C, E, S> {
  stream: string;
  decider: Decider<C, E, S>;
  /**
   * The command, or how to build it from the current state: for rules that need facts looked up from what
   * the stream holds (the institutions of the user being edited), without folding the stream a second time.
   */
  command: C | ((state: S) => Promise<C>);
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
  unauthenticated: 401,
};

export function violationToHttpError(violation: RuleViolation): HttpError {
  return httpError(STATUS_OF_VIOLATION[violation.kind], violation.message);
}

/** A read-model constraint (a unique claim checked in the append transaction) and the 409 text it means. */
export type ConstraintConflicts = Readonly<Record<string, string>>;

function conflictOf(error: unknown, conflicts: ConstraintConflicts): HttpError | null {
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  return typeof constraint === 'string' && constraint in conflicts ? httpError(409, conflicts[constraint]!) : null;
}

/**
 * A service's command handler over its event schemas and inline projections:
 * read the stream → fold → decide → validate → append with the expected version, projecting in the append
 * transaction (read-your-writes). Returns the recorded events (none when the decision changed nothing). A
 * broken rule answers its status; a write that raced another one 409 (ConcurrencyError); a read-model
 * constraint named in `conflicts` 409 with its text.
 */
export function createCommandHandler<M extends EventSchemaMap>(options: {
  store: EventStore;
  schemas: M;
  projections: readonly Projection[];
  conflicts?: ConstraintConflicts;
}) {
  const { store, schemas } = options;
  const project = inlineProjector(options.projections);
  const conflicts = options.conflicts ?? {};

  function toDomainEvent(event: RecordedEvent): DomainEventOf<M> {
    const type = event.type as keyof M & string;
    return { type, data: parseEventData(schemas, type, event.data) } as DomainEventOf<M>;
  }

  async function attempt<C, E extends DomainEventOf<M>, S>(request: Command<C, E, S>): Promise<RecordedEvent[]> {
    const { decider } = request;
    const history = await store.readStream(request.stream);
    const state = history.map((event) => toDomainEvent(event) as E).reduce(decider.evolve, decider.initialState());
    const command =
      typeof request.command === 'function'
        ? await (request.command as (state: S) => Promise<C>)(state)
        : request.command;
    const events = decider.decide(command, state);
    if (events.length === 0) return [];
    const validated = events.map((event) => ({
      type: event.type,
      data: parseEventData(schemas, event.type, event.data),
    }));
    const result = await store.appendToStream(request.stream, validated, {
      expectedStreamVersion: request.expectedVersion ?? history.at(-1)?.version ?? STREAM_DOES_NOT_EXIST,
      metadata: request.metadata,
      inTransaction: async (transaction, recorded) => {
        await project(transaction, recorded);
        await request.alsoInTransaction?.(transaction, recorded);
      },
    });
    return result.events;
  }

  async function handleCommand<C, E extends DomainEventOf<M>, S>(request: Command<C, E, S>): Promise<RecordedEvent[]> {
    let retriesLeft = request.expectedVersion === undefined ? (request.retries ?? 0) : 0;
    for (;;) {
      try {
        return await attempt(request);
      } catch (error) {
        if (error instanceof RuleViolation) throw violationToHttpError(error);
        if (error instanceof ConcurrencyError && retriesLeft > 0) {
          retriesLeft -= 1;
          continue;
        }
        throw conflictOf(error, conflicts) ?? error;
      }
    }
  }

  return { handleCommand, toDomainEvent };
}

export type CommandHandler<M extends EventSchemaMap> = ReturnType<typeof createCommandHandler<M>>;

const SEQUENCE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The next id of an aggregate from its sequence (ids are numeric; display helpers format them). */
export async function nextId(db: CommonQueryMethods, sequence: string): Promise<number> {
  if (!SEQUENCE_NAME.test(sequence)) throw new Error(`not a sequence name: ${sequence}`);
  return db.oneFirst(sql.type(z.object({ id: z.number().int() }))`SELECT nextval(${sequence})::int AS id`);
}
