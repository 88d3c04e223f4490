/**
 * The fulfillment list and one request, within the caller's scope (canReadFulfillmentRequest's rule, as SQL), with
 * the names joined from the projections of clinical's, inventory's and identity's events.
 */
import {
  formatFulfillmentId,
  formatRequestId,
  fulfillmentPatientSchema,
  fulfillmentStockMovementSchema,
  FULFILLMENT_STATUSES,
  parseDisplayId,
  TEST_REQUEST_PRIORITIES,
  type Caller,
  type FulfillmentListQuery,
  type FulfillmentRequestDetail,
  type FulfillmentRequestRow,
  type FulfillmentStatus,
} from '@labline/contracts';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { REFUSAL_REASON_COLUMN, STOCK_MOVEMENTS_COLUMN } from '../stock-movements/queries';

/** The requests a caller sees (the routes' guard has already kept out everyone but the managers). */
export function requestScope(caller: Caller): FragmentSqlToken {
  if (caller.role === 'super_admin') return sql.fragment`true`;
  const own = sql.fragment`f.institution_id = ANY(${sql.array([...caller.institutionIds], 'int4')})`;
  if (caller.role === 'fulfillment_agent') {
    if (caller.institutionId === null) return sql.fragment`true`;
    return sql.fragment`(${own} OR f.assigned_to = ${caller.userId})`;
  }
  return own;
}

const iso = (column: FragmentSqlToken) =>
  sql.fragment`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const COLUMNS = sql.fragment`
  f.id, f.test_request_id, t.barcode_number AS test_request_barcode, f.inventory_item_id, f.quantity_requested,
  f.status, f.priority, f.tracking_number, f.barcode_number, f.notes,
  ${iso(sql.fragment`f.dispatch_date`)} AS dispatch_date, ${iso(sql.fragment`f.delivery_date`)} AS delivery_date,
  ${iso(sql.fragment`f.created_at`)} AS created_at, ${iso(sql.fragment`f.updated_at`)} AS updated_at,
  f.assigned_to, u.first_name AS assigned_to_name, u.last_name AS assigned_to_lastname,
  i.item_name, i.item_sku, i.item_description, i.location,
  f.patient_id, p.first_name AS patient_first_name, p.last_name AS patient_last_name, p.medical_record_number,
  f.institution_id, n.name AS institution_name, f.replaces_request_id, ${REFUSAL_REASON_COLUMN}`;
const SOURCE = sql.fragment`
  fulfillment_requests f
  LEFT JOIN fulfillment_test_requests t ON t.id = f.test_request_id
  LEFT JOIN fulfillment_items i ON i.id = f.inventory_item_id
  LEFT JOIN fulfillment_patients p ON p.id = f.patient_id
  LEFT JOIN institutions n ON n.id = f.institution_id
  LEFT JOIN users u ON u.id = f.assigned_to`;

const rowSchema = z.object({
  id: z.number().int(),
  test_request_id: z.number().int(),
  test_request_barcode: z.string().nullable(),
  inventory_item_id: z.number().int(),
  quantity_requested: z.number().int(),
  status: z.enum(FULFILLMENT_STATUSES),
  priority: z.enum(TEST_REQUEST_PRIORITIES),
  tracking_number: z.string().nullable(),
  barcode_number: z.string().nullable(),
  notes: z.string().nullable(),
  dispatch_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  assigned_to: z.number().int().nullable(),
  assigned_to_name: z.string().nullable(),
  assigned_to_lastname: z.string().nullable(),
  item_name: z.string().nullable(),
  item_sku: z.string().nullable(),
  item_description: z.string().nullable(),
  location: z.string().nullable(),
  patient_id: z.number().int(),
  patient_first_name: z.string().nullable(),
  patient_last_name: z.string().nullable(),
  medical_record_number: z.string().nullable(),
  institution_id: z.number().int(),
  institution_name: z.string().nullable(),
  replaces_request_id: z.number().int().nullable(),
  reservation_refused_reason: z.string().nullable(),
});

const withIds = (row: z.infer<typeof rowSchema>): FulfillmentRequestRow => ({
  ...row,
  display_id: formatFulfillmentId(row.id),
  test_request_display_id: formatRequestId(row.test_request_id),
});

/**
 * The search (spec 2 §2.5): a patient's name, a barcode (the kit's or the test request's), a test request id
 * (REQ-000123 or 123) or an item's SKU. Each is matched in its own table through its index and met as a set of
 * ids, so the list's scan stays on fulfillment_requests' indexes.
 */
function searchCondition(search: string): FragmentSqlToken {
  const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // ARRAY(…) is computed once (an init plan), so each `= ANY` is an index condition and the matches meet in a
  // bitmap OR over the request table's indexes, instead of a scan testing every row against three subqueries.
  const matches = [
    sql.fragment`f.patient_id = ANY(ARRAY(SELECT id FROM fulfillment_patients WHERE search_text LIKE ${like}))`,
    sql.fragment`f.test_request_id = ANY(ARRAY(
      SELECT id FROM fulfillment_test_requests WHERE lower(barcode_number) LIKE ${like}))`,
    sql.fragment`f.inventory_item_id = ANY(ARRAY(SELECT id FROM fulfillment_items WHERE lower(item_sku) LIKE ${like}))`,
    sql.fragment`(f.barcode_number IS NOT NULL AND lower(f.barcode_number) = ${search.toLowerCase()})`,
  ];
  const testRequestId = parseDisplayId('testRequest', search);
  if (testRequestId !== null && testRequestId <= 2_147_483_647) {
    matches.push(sql.fragment`f.test_request_id = ${testRequestId}`);
  }
  return sql.fragment`(${sql.join(matches, sql.fragment` OR `)})`;
}

function listConditions(caller: Caller, query: FulfillmentListQuery): FragmentSqlToken {
  const conditions = [requestScope(caller)];
  if (query.status) conditions.push(sql.fragment`f.status = ${query.status}`);
  if (query.priority) conditions.push(sql.fragment`f.priority = ${query.priority}`);
  if (query.assigned_to_me) conditions.push(sql.fragment`f.assigned_to = ${caller.userId}`);
  if (query.date_from) conditions.push(sql.fragment`f.created_at >= ${query.date_from}::date::timestamptz`);
  if (query.date_to) {
    conditions.push(sql.fragment`f.created_at < (${query.date_to}::date + 1)::timestamptz`);
  }
  if (query.search) conditions.push(searchCondition(query.search));
  return sql.fragment`${sql.join(conditions, sql.fragment` AND `)}`;
}

/** A page of the list, newest first, and how many match. */
export async function listRequests(db: CommonQueryMethods, caller: Caller, query: FulfillmentListQuery) {
  const where = listConditions(caller, query);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    // The page's ids first (skipping the earlier pages' rows without joining them), then the names. A search's
    // matches are gathered first (a bitmap over the id indexes), then sorted: walking the newest-first index in
    // the hope of meeting 20 of a handful of matches would read every row.
    db.any(sql.type(rowSchema)`
      WITH matched AS ${query.search ? sql.fragment`MATERIALIZED` : sql.fragment``} (
        SELECT f.id, f.created_at FROM fulfillment_requests f WHERE ${where}),
      page AS (
        SELECT id, created_at FROM matched
        ORDER BY created_at DESC, id DESC LIMIT ${query.limit} OFFSET ${offset})
      SELECT ${COLUMNS} FROM page, ${SOURCE} WHERE f.id = page.id
      ORDER BY f.created_at DESC, f.id DESC`),
    db.oneFirst(sql.type(z.object({ count: z.number().int() }))`
      SELECT count(*)::int AS count FROM fulfillment_requests f WHERE ${where}`),
  ]);
  return { requests: rows.map(withIds), total };
}

const patientRowSchema = fulfillmentPatientSchema;
const detailRowSchema = rowSchema.extend({ stock_movements: z.array(fulfillmentStockMovementSchema) });

/** A request the caller sees, with its patient, or null. */
export async function findRequest(
  db: CommonQueryMethods,
  caller: Caller,
  id: number,
): Promise<FulfillmentRequestDetail | null> {
  const found = await db.maybeOne(sql.type(detailRowSchema)`
    SELECT ${COLUMNS}, ${STOCK_MOVEMENTS_COLUMN} FROM ${SOURCE} WHERE f.id = ${id} AND ${requestScope(caller)}`);
  if (!found) return null;
  const { stock_movements, ...row } = found;
  const patient = await db.maybeOne(sql.type(patientRowSchema)`
    SELECT first_name, last_name, phone, email, street_address_1, street_address_2, city, state, postal_code, country
    FROM fulfillment_patients WHERE id = ${row.patient_id}`);
  return { ...withIds(row), patient, stock_movements };
}

const latestSchema = z.object({
  id: z.number().int(),
  test_request_id: z.number().int(),
  institution_id: z.number().int(),
  patient_id: z.number().int(),
  assigned_to: z.number().int().nullable(),
  status: z.enum(FULFILLMENT_STATUSES),
  priority: z.enum(TEST_REQUEST_PRIORITIES),
});

/** A test request's latest fulfillment request the caller sees (a replacement is made from it), or null. */
export async function latestRequestOf(db: CommonQueryMethods, caller: Caller, testRequestId: number) {
  const row = await db.maybeOne(sql.type(latestSchema)`
    SELECT f.id, f.test_request_id, f.institution_id, f.patient_id, f.assigned_to, f.status, f.priority
    FROM fulfillment_requests f WHERE f.test_request_id = ${testRequestId} AND ${requestScope(caller)}
    ORDER BY f.created_at DESC, f.id DESC LIMIT 1`);
  if (!row) return null;
  const { id, status, ...rest } = row;
  return { ...rest, fulfillmentRequestId: id, status: status as FulfillmentStatus };
}

/** Whether a test request already has a fulfillment request (the choreography asks once). */
export async function hasRequestFor(db: CommonQueryMethods, testRequestId: number): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM fulfillment_requests WHERE test_request_id = ${testRequestId}`);
}

/** A test request's fulfillment requests whose kit has not left yet (pending or assigned): a cancellation's to undo. */
export async function unshippedRequestsOf(db: CommonQueryMethods, testRequestId: number): Promise<readonly number[]> {
  return db.anyFirst(sql.type(z.object({ id: z.number().int() }))`
    SELECT id FROM fulfillment_requests
    WHERE test_request_id = ${testRequestId} AND status IN ('pending', 'assigned') ORDER BY id`);
}

/** Whether an item exists for an institution: its own or a global one. */
export async function itemAvailableTo(db: CommonQueryMethods, itemId: number, institutionId: number) {
  return db.exists(sql.unsafe`
    SELECT 1 FROM fulfillment_items
    WHERE id = ${itemId} AND (institution_id IS NULL OR institution_id = ${institutionId})`);
}

/**
 * The kit of a collection device (docs/architecture.md §2, fulfillment): the inventory item whose name is the
 * device's name (case and surrounding spaces aside), the institution's own item before a global one, the oldest
 * first. Null when there is none.
 */
export async function kitForDevice(db: CommonQueryMethods, deviceName: string, institutionId: number) {
  return db.maybeOneFirst(sql.type(z.object({ id: z.number().int() }))`
    SELECT id FROM fulfillment_items
    WHERE lower(item_name) = ${deviceName.trim().toLowerCase()}
      AND (institution_id IS NULL OR institution_id = ${institutionId})
    ORDER BY institution_id IS NULL, id LIMIT 1`);
}

/**
 * Whether a user may be assigned a request of `institutionId`: an active fulfillment manager (FULFILLMENT_MANAGERS)
 * who would see it: super_admin, a manager of no institution, or of that institution.
 */
export async function assigneeEligible(
  db: CommonQueryMethods,
  userId: number,
  institutionId: number,
  roles: readonly string[],
): Promise<boolean> {
  return db.exists(sql.unsafe`
    SELECT 1 FROM users
    WHERE id = ${userId} AND is_active AND role = ANY(${sql.array([...roles], 'text')})
      AND (role = 'super_admin' OR institution_id IS NULL OR institution_id = ${institutionId})`);
}
