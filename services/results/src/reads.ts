/**
 * results' reads bound to their caller: a route gets this repository from its caller and cannot reach a result
 * outside the caller's scope (canReadResult; super_admin every result).
 */
import type { Caller, HistoryEntry, ResultDetail, ResultListQuery } from '@labline/contracts';
import type { EventStore } from '@labline/eventstore';
import type { DatabasePool } from 'slonik';
import { resultStream } from './domain/result/events';
import { resultHistory } from './history';
import { findResult, listResults } from './projections/results/queries';

export interface ResultsReads {
  list(query: ResultListQuery): ReturnType<typeof listResults>;
  /** A result the caller sees, or null. */
  result(id: number): Promise<ResultDetail | null>;
  /** The history of a result the caller sees, or null. */
  history(id: number): Promise<HistoryEntry[] | null>;
}

export function resultsReads({ pool, store }: { pool: DatabasePool; store: EventStore }, caller: Caller): ResultsReads {
  return {
    list: (query) => listResults(pool, caller, query),
    result: (id) => findResult(pool, caller, id),
    async history(id) {
      if (!(await findResult(pool, caller, id))) return null;
      return resultHistory(pool, await store.readStream(resultStream(id)));
    },
  };
}
