/** What the contract's case files share: the harness an adapter provides and helpers over it. */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { DatabaseTransactionConnection } from 'slonik';
import {
  ConcurrencyError,
  NO_CONCURRENCY_CHECK,
  START_OF_ALL,
  type AppendMetadata,
  type AppendResult,
  type EventStore,
  type ExpectedStreamVersion,
  type GlobalCheckpoint,
  type NewEvent,
  type ReadAllEvent,
} from './types';

/** A transaction kept open on its own connection until the test decides how it ends. */
export interface OpenTransaction {
  transaction: DatabaseTransactionConnection;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export interface EventStoreUnderTest {
  store: EventStore;
  /** Adapters with transactions (Postgres) provide it; the transaction and commit-order cases need it. */
  openTransaction?: () => Promise<OpenTransaction>;
  close(): Promise<void>;
}

export const METADATA: AppendMetadata = {
  actor: { userId: 7, role: 'super_admin', institutionId: null },
  correlationId: 'contract-request',
  causationId: 'contract-cause',
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
};
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const numbered = (count: number, type = 'Counted'): NewEvent[] =>
  Array.from({ length: count }, (_, index) => ({ type, data: { index, note: `event ${index}` } }));
export const freshStream = (aggregate = 'contract') => `${aggregate}-${randomUUID()}`;

export async function rejectsWithConcurrencyError(promise: Promise<unknown>, actual: number | null): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ConcurrencyError, `expected ConcurrencyError, got ${String(error)}`);
    assert.equal(error.actual, actual);
    return true;
  });
}

/** Polls the store: visibility after a commit may lag behind transactions elsewhere on the server. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  description: string,
): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The adapter under test, filled in by the suite's `before`, with the helpers the cases use. */
export class ContractContext {
  harness: EventStoreUnderTest | null = null;

  get store(): EventStore {
    if (!this.harness) throw new Error('The contract suite has not started');
    return this.harness.store;
  }

  /** Absent for adapters without transactions: their transaction cases skip. */
  get openTransaction(): EventStoreUnderTest['openTransaction'] {
    return this.harness?.openTransaction;
  }

  append(stream: string, events: readonly NewEvent[], expected?: ExpectedStreamVersion): Promise<AppendResult> {
    return this.store.appendToStream(stream, events, {
      metadata: METADATA,
      expectedStreamVersion: expected ?? NO_CONCURRENCY_CHECK,
    });
  }

  /** The checkpoint of the last readable event: what a reader starting "now" would hold. */
  async headCheckpoint(): Promise<GlobalCheckpoint> {
    return (await this.store.readAll()).at(-1)?.checkpoint ?? START_OF_ALL;
  }

  /**
   * The events of these streams after the checkpoint, once `expected` of them are visible: readAll may hold
   * back committed events while an older transaction anywhere on the server is still open (that is how it
   * never skips a late commit), and other test suites share the server. Without `expected`: one read.
   */
  async readAllOf(streams: readonly string[], after: GlobalCheckpoint, expected?: number): Promise<ReadAllEvent[]> {
    const read = async () => (await this.store.readAll({ after })).filter((event) => streams.includes(event.stream));
    if (expected === undefined) return read();
    return eventually(
      read,
      (events) => events.length >= expected,
      `${expected} events of ${streams.join(', ')} in readAll`,
    );
  }
}
