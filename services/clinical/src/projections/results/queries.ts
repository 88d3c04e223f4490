import { testRequestResultSchema, type TestRequestDetail } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';

/**
 * The results of a request the caller may see, newest entered first: those filed under the request's own
 * institution. The external laboratory's fields stay empty until that integration exists (issue 27).
 */
export async function testRequestResults(
  db: CommonQueryMethods,
  request: { id: number; institution_id: number },
): Promise<TestRequestDetail['test_results']> {
  const rows = await db.any(sql.type(testRequestResultSchema)`
    SELECT r.id, r.status, r.result_data, r.interpretation, u.first_name AS entered_by_name,
           u.last_name AS entered_by_lastname, r.entered_at, NULL::text AS external_api_status,
           NULL::text AS external_lab_id, NULL::text AS api_order_submitted_at, NULL::text AS api_results_received_at,
           false AS has_external_results
    FROM test_request_results r LEFT JOIN users u ON u.id = r.entered_by
    WHERE r.test_request_id = ${request.id} AND r.institution_id = ${request.institution_id}
    ORDER BY r.entered_at DESC, r.id DESC`);
  return [...rows];
}
