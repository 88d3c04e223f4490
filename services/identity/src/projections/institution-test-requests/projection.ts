import { CLINICAL_EVENT_SCHEMAS, parseEventData, type EventEnvelope } from '@labline/contracts';
import type { CrossServiceProjection } from '@labline/service-kit';
import { sql, type CommonQueryMethods } from 'slonik';

/** What the stats count of a request, as one of its events leaves it. */
interface CountedRequest {
  testRequestId: number;
  institutionId: number;
  status: string;
  archived: boolean;
}

function countedRequestOf(event: EventEnvelope): CountedRequest | null {
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, event.type, event.data);
      return {
        testRequestId: data.testRequestId,
        institutionId: data.institution_id,
        status: data.status,
        archived: false,
      };
    }
    case 'TestRequestStatusChanged': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestStatusChanged', event.data);
      return {
        testRequestId: data.testRequestId,
        institutionId: data.institution_id,
        status: data.to,
        archived: false,
      };
    }
    case 'TestRequestCancelled': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestCancelled', event.data);
      return {
        testRequestId: data.testRequestId,
        institutionId: data.institution_id,
        status: 'cancelled',
        archived: false,
      };
    }
    case 'TestRequestArchived': {
      const data = parseEventData(CLINICAL_EVENT_SCHEMAS, 'TestRequestArchived', event.data);
      return {
        testRequestId: data.testRequestId,
        institutionId: data.institution_id,
        status: data.status,
        archived: true,
      };
    }
    default:
      return null;
  }
}

/**
 * institution_test_requests: each test request's institution, status and whether it is archived, for the
 * Test Requests and Pending stat cards. Every event carries the request's institution, so each one upserts;
 * guarded by the stream's version (a redelivered or late older event changes nothing) and archiving is final.
 */
async function applyInstitutionTestRequestEvent(db: CommonQueryMethods, event: EventEnvelope): Promise<void> {
  const request = countedRequestOf(event);
  if (!request) return;
  await db.query(sql.unsafe`
    INSERT INTO institution_test_requests (test_request_id, institution_id, status, archived, version)
    VALUES (${request.testRequestId}, ${request.institutionId}, ${request.status}, ${request.archived},
            ${event.version})
    ON CONFLICT (test_request_id) DO UPDATE
    SET institution_id = excluded.institution_id, status = excluded.status,
        archived = institution_test_requests.archived OR excluded.archived, version = excluded.version
    WHERE institution_test_requests.version < excluded.version`);
}

/** clinical's test requests per institution, kept by the durable consumer `identity-institution-test-requests`. */
export const institutionTestRequestsProjection: CrossServiceProjection = {
  name: 'institution-test-requests',
  version: 1,
  subjects: ['lab.clinical.testRequest.>'],
  handles: [
    'TestRequestCreated',
    'TestRequestUpdated',
    'TestRequestStatusChanged',
    'TestRequestCancelled',
    'TestRequestArchived',
  ],
  tables: ['institution_test_requests'],
  apply: applyInstitutionTestRequestEvent,
};
