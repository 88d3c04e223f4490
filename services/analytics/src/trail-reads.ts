/**
 * The order trail's and turnaround's reads bound to their caller (as reads.ts for the dashboard): a route gets
 * them from its caller and cannot reach a request or an institution outside the caller's scope.
 */
import { ERRORS, turnaroundScope, type Caller, type TestRequestTrail, type Turnaround } from '@labline/contracts';
import { httpError } from '@labline/service-kit';
import type { CommonQueryMethods } from 'slonik';
import { testRequestTrail } from './projections/trail/queries';
import { turnaround } from './projections/turnaround/queries';

export interface TrailReads {
  /** The request's trail; 404 when the caller may not read the request (or it is unknown). */
  testRequestTrail(testRequestId: number): Promise<TestRequestTrail>;
  /** 404 when `institutionId` is outside the caller's institutions. */
  turnaround(query: { timeframe: number; institution_id?: number | undefined }): Promise<Turnaround>;
}

export function trailReads(db: CommonQueryMethods, caller: Caller): TrailReads {
  return {
    async testRequestTrail(testRequestId) {
      const trail = await testRequestTrail(db, caller, testRequestId);
      if (trail === null) throw httpError(404, ERRORS.testRequestNotFound);
      return trail;
    },
    async turnaround(query) {
      const scope = turnaroundScope(caller, query.institution_id);
      if (scope === null) throw httpError(404, ERRORS.institutionNotFound);
      return turnaround(db, scope, query.timeframe);
    },
  };
}
