/**
 * The caller-bound reads of test requests (part of clinicalReads, reads.ts): every read applies the caller's
 * test request scope (contracts' testRequestScope), so an unknown or another tenant's request answers null (the
 * route's 404). An archived request is read (flagged `archived`, and listed by the Archived filter) by those who
 * may archive and restore it (contracts' archivesTestRequests); to others it answers null too, but its history.
 */
import {
  archivesTestRequests,
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
  const seesArchived = archivesTestRequests(caller);
  return {
    testRequests(query) {
      if (query.archived !== true) return listTestRequests(pool, scope, query);
      return listTestRequests(pool, seesArchived ? scope : { kind: 'none' }, query, 'only');
    },
    testRequest: (id) => findTestRequest(pool, scope, id, seesArchived ? 'included' : 'excluded'),
    async testRequestHistory(id) {
      if (!(await isTestRequestHistoryReadable(pool, scope, id))) return null;
      return testRequestHistory(pool, await store.readStream(testRequestStream(id)));
    },
    patientTestRequests: (patientId) => listPatientTestRequests(pool, scope, patientId),
  };
}
