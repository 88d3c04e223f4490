/**
 * fulfillment's reads bound to their caller: a route gets this repository from its caller and cannot reach a
 * request outside the caller's scope (canReadFulfillmentRequest; super_admin every request).
 */
import type { Caller, FulfillmentListQuery, FulfillmentRequestDetail } from '@labline/contracts';
import type { DatabasePool } from 'slonik';
import { findRequest, listRequests } from './projections/requests/queries';

export interface FulfillmentReads {
  list(query: FulfillmentListQuery): ReturnType<typeof listRequests>;
  /** A request the caller sees, with its patient, or null. */
  request(id: number): Promise<FulfillmentRequestDetail | null>;
}

export function fulfillmentReads({ pool }: { pool: DatabasePool }, caller: Caller): FulfillmentReads {
  return {
    list: (query) => listRequests(pool, caller, query),
    request: (id) => findRequest(pool, caller, id),
  };
}
