import { testRequestFulfillmentSchema, type TestRequestDetail } from '@labline/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/**
 * The fulfillment requests of a request the caller may see, newest first: those filed under the request's own
 * institution (a request moved to another institution keeps the old one's shipments out of view).
 */
export async function testRequestFulfillments(
  db: CommonQueryMethods,
  request: { id: number; institution_id: number },
): Promise<TestRequestDetail['fulfillment_requests']> {
  const rows = await db.any(sql.type(testRequestFulfillmentSchema)`
    SELECT f.id, coalesce(i.item_name, '') AS item_name, i.item_sku, f.quantity_requested, f.status,
           u.first_name AS assigned_to_name, u.last_name AS assigned_to_lastname,
           f.created_at
    FROM fulfillment_request_summaries f
    LEFT JOIN kit_items i ON i.id = f.inventory_item_id
    LEFT JOIN users u ON u.id = f.assigned_to
    WHERE f.test_request_id = ${request.id} AND f.institution_id = ${request.institution_id}
    ORDER BY f.created_at DESC, f.id DESC`);
  return [...rows];
}

/** The test request a fulfillment request ships a kit for, with the FUL id's number; null when not projected. */
export const fulfillmentTestRequestOf = (db: CommonQueryMethods, fulfillmentRequestId: number) =>
  db.maybeOneFirst(sql.type(z.object({ test_request_id: z.number().int() }))`
    SELECT test_request_id FROM fulfillment_request_summaries WHERE id = ${fulfillmentRequestId}`);
