/**
 * The caller-bound reads of test requests (part of clinicalReads, reads.ts): every read applies the caller's
 * test request scope (contracts' testRequestScope), so an archived, unknown or another tenant's request
 * answers null (the route's 404); only the history of an archived request stays readable in that scope.
 */
import {
  testRequestScope,
  type Caller,
  type HistoryEntry,
  type PatientTestRequest,
  type TestRequestDetail,
  type TestRequestListQuery,
} from '@labline/contracts';
import type { ReadDependencies } from './catalogue-reads';
import { testRequestStream } from './domain/test-request/events';
import {
  findTestRequest,
  isTestRequestHistoryReadable,
  listPatientTestRequests,
  listTestRequests,
  type TestRequestPage,
} from './projections/test-requests/queries';
import { testRequestHistory } from './test-request-history';

export interface TestRequestReads {
  /** The test request list of the caller's scope. */
  testRequests(query: TestRequestListQuery): Promise<TestRequestPage>;
  /** A request the caller may see, or null. */
  testRequest(id: number): Promise<TestRequestDetail | null>;
  /** The history of a request the caller may see (or saw before it was archived), or null. */
  testRequestHistory(id: number): Promise<HistoryEntry[] | null>;
  /** A patient's requests the caller may see (the patient detail). */
  patientTestRequests(patientId: number): Promise<PatientTestRequest[]>;
}

export function testRequestReads({ pool, store }: ReadDependencies, caller: Caller): TestRequestReads {
  const scope = testRequestScope(caller);
  return {
    testRequests: (query) => listTestRequests(pool, scope, query),
    testRequest: (id) => findTestRequest(pool, scope, id),
    async testRequestHistory(id) {
      if (!(await isTestRequestHistoryReadable(pool, scope, id))) return null;
      return testRequestHistory(pool, await store.readStream(testRequestStream(id)));
    },
    patientTestRequests: (patientId) => listPatientTestRequests(pool, scope, patientId),
  };
}
