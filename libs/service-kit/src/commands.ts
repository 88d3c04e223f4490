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

/** A stream's state and the version to append after, when a read model already holds its fold. */
export interface LoadedState<S> {
  state: S;
  version: number | typeof STREAM_DOES_NOT_EXIST;
}

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
   * An existing transaction to read, decide and append in (a consumer's, with its processed-event row; a
   * job's, with its queue rows; another command's `alsoInTransaction`): the events commit with it. The
   * append runs in a savepoint, so a conflict leaves the caller's transaction usable.
   */
  transaction?: DatabaseTransactionConnection;
  /**
   * The state from a read model instead of folding the stream: one projected in every append's transaction
   * (so it is the stream's fold), read with a row lock so that a second writer waits and then decides on what
   * the first wrote. Runs in the command's transaction when it joins one.
   */
  load?: (db: CommonQueryMethods) => Promise<LoadedState<S>>;
  /**
   * Writes to another table (identity's credentials, a job queue's rows) that must commit with the events:
   * run in the append transaction after the inline projections, with the state the command was decided on.
   */
  alsoInTransaction?: (transaction: DatabaseTransactionConnection, events: RecordedEvent[], state: S) => Promise<void>;
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
 * A service's command handler over its event schemas and inline projections, the one way a service writes
 * events: read the stream (or load the state) → fold → decide → validate → append with the expected version,
 * projecting through every projection of the service in the append transaction (read-your-writes), on its own
 * transaction or one it joins. Returns the recorded events (none when the decision changed nothing). A
 * broken rule answers its status; a write that raced another one 409 (ConcurrencyError); a read-model
 * constraint named in `conflicts` 409 with its text.
 */
export function createCommandHandler<M extends EventSchemaMap>(options: {
  store: EventStore;
  /** Where `load` reads when the command joins no transaction. */
  pool?: CommonQueryMethods;
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

  async function load<C, E extends DomainEventOf<M>, S>(request: Command<C, E, S>): Promise<LoadedState<S>> {
    if (request.load) {
      const db = request.transaction ?? options.pool;
      if (!db) throw new Error(`${request.stream}: a command that loads its state needs a transaction or the pool`);
      return request.load(db);
    }
    const { decider } = request;
    const history = await store.readStream(
      request.stream,
      request.transaction ? { transaction: request.transaction } : undefined,
    );
    const state = history.map((event) => toDomainEvent(event) as E).reduce(decider.evolve, decider.initialState());
    return { state, version: history.at(-1)?.version ?? STREAM_DOES_NOT_EXIST };
  }

  async function attempt<C, E extends DomainEventOf<M>, S>(request: Command<C, E, S>): Promise<RecordedEvent[]> {
    const { decider } = request;
    const { state, version } = await load(request);
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
      expectedStreamVersion: request.expectedVersion ?? version,
      metadata: request.metadata,
      ...(request.transaction ? { transaction: request.transaction } : {}),
      inTransaction: async (transaction, recorded) => {
        await project(transaction, recorded);
        await request.alsoInTransaction?.(transaction, recorded, state);
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
