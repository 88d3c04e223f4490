import type { Actor, EventEnvelope } from '@labline/contracts';
import type { DatabaseTransactionConnection } from 'slonik';

/** Expected stream versions, mapping one-to-one onto EventStoreDB's NO_STREAM | STREAM_EXISTS | ANY. */
export const STREAM_DOES_NOT_EXIST = 'STREAM_DOES_NOT_EXIST' as const;
export const STREAM_EXISTS = 'STREAM_EXISTS' as const;
export const NO_CONCURRENCY_CHECK = 'NO_CONCURRENCY_CHECK' as const;
/** A number is the version of the stream's last event (the first event of a stream has version 0). */
export type ExpectedStreamVersion =
  number | typeof STREAM_DOES_NOT_EXIST | typeof STREAM_EXISTS | typeof NO_CONCURRENCY_CHECK;

/** What a command hands to the store; the store assigns id (UUID v7), version and occurredAt. */
export interface NewEvent<TData = unknown, TType extends string = string> {
  type: TType;
  data: TData;
}

/** Request metadata every appended event carries (docs/architecture.md §3). */
export interface AppendMetadata {
  actor: Actor;
  correlationId: string;
  causationId?: string | null;
  traceparent?: string | null;
}

/** An event as stored: the envelope plus its global position in the store. */
export type RecordedEvent<TData = unknown, TType extends string = string> = EventEnvelope<TData, TType> & {
  /** Strictly increasing per store, but commit order may differ: read with `readAll`, which handles gaps. */
  globalPosition: number;
};

export interface AppendOptions {
  expectedStreamVersion?: ExpectedStreamVersion;
  metadata: AppendMetadata;
  /**
   * Runs inside the append transaction with the recorded events: inline projections that must be
   * visible when the command's HTTP response returns (read-your-writes). Postgres adapter only;
   * adapters without transactions reject the option.
   */
  inTransaction?: (transaction: DatabaseTransactionConnection, events: RecordedEvent[]) => Promise<void>;
  /** Run the append inside an existing transaction (e.g. to write a non-event table atomically). */
  transaction?: DatabaseTransactionConnection;
}

export interface AppendResult {
  /** Version of the stream's last event after the append. */
  nextExpectedStreamVersion: number;
  events: RecordedEvent[];
}

export interface ReadStreamOptions {
  /** First version to read (inclusive), default 0. */
  from?: number;
  /** Last version to read (inclusive). */
  to?: number;
  maxCount?: number;
  /**
   * Read inside an existing transaction (a command joining a consumer's), so the caller's uncommitted appends
   * are seen. Postgres adapter only; adapters without transactions reject the option.
   */
  transaction?: DatabaseTransactionConnection;
}

/**
 * A position in the global order. For the Postgres adapter it is the pair (transactionId, globalPosition)
 * described in docs/style.md; readers treat it as opaque and store it as their checkpoint.
 */
export interface GlobalCheckpoint {
  transactionId: string;
  globalPosition: number;
}
export const START_OF_ALL: GlobalCheckpoint = { transactionId: '0', globalPosition: 0 };

export interface ReadAllOptions {
  /** Read events strictly after this checkpoint. */
  after?: GlobalCheckpoint;
  /** At most this many events; all that are readable when absent. */
  maxCount?: number;
  /**
   * 'gapless' (the default) holds back events behind a gap that an in-flight transaction may still fill, so
   * an advancing checkpoint never skips one. 'committed' returns every event committed now, for a reader that
   * meets the in-flight ones another way (a projection rebuild swapping its tables under a lock, after which
   * the in-flight writers project into the new tables themselves).
   */
  consistency?: 'gapless' | 'committed';
}

export interface ReadAllEvent extends RecordedEvent {
  checkpoint: GlobalCheckpoint;
}

export interface EventStore {
  appendToStream(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /** Events of one stream in version order; an empty array when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Events of every stream in commit order, after the checkpoint. Never returns an event while an
   * earlier-positioned event may still commit, so a reader that advances its checkpoint never skips one.
   */
  readAll(options?: ReadAllOptions): Promise<ReadAllEvent[]>;
  /** Version of the stream's last event, or null when it does not exist. */
  streamVersion(stream: string): Promise<number | null>;
  close(): Promise<void>;
}

/**
 * Adapters that can tell their own process that an append committed, so a poller (the outbox relay) wakes
 * at once instead of at its next poll. A hint only: appends from other processes are found by polling.
 */
export interface AppendSignal {
  /** Returns the function that unsubscribes the listener. */
  onAppended(listener: () => void): () => void;
}

/** Optimistic concurrency failure: the HTTP layer maps it to 409. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedStreamVersion,
    readonly actual: number | null,
  ) {
    super(`Stream ${stream}: expected version ${String(expected)}, actual ${actual === null ? 'none' : actual}`);
  }
}

/** aggregateStream of docs/style.md: fold a stream into state with the aggregate's evolve function. */
export async function aggregateStream<State, E extends RecordedEvent>(
  store: EventStore,
  stream: string,
  evolve: (state: State, event: E) => State,
  initialState: () => State,
): Promise<{ state: State; version: number | null }> {
  const events = (await store.readStream(stream)) as E[];
  const state = events.reduce(evolve, initialState());
  const last = events.at(-1);
  return { state, version: last ? last.version : null };
}
