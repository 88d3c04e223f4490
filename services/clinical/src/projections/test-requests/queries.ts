import {
  formatRequestId,
  parseDisplayId,
  patientTestRequestSchema,
  testRequestDetailSchema,
  testRequestSchema,
  type PatientTestRequest,
  type TestRequest,
  type TestRequestDetail,
  type TestRequestListQuery,
  type TestRequestScope,
} from '@labline/contracts';
import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { testRequestFulfillments } from '../fulfillment-requests/queries';
import { testRequestNotificationLogs } from '../notification-logs/queries';
import { testRequestResults } from '../results/queries';
import { searchPattern } from '../patients/queries';

/**
 * The caller's scope as a condition on `test_requests t LEFT JOIN patients p`: every read goes through it.
 * Archived requests are out of it unless asked for: 'included' (a history, or the detail for those who may
 * restore them), 'only' (the list's Archived filter).
 */
export type ArchivedRequests = 'excluded' | 'included' | 'only';

const ARCHIVED_CONDITIONS = {
  excluded: sql.fragment`NOT t.archived`,
  included: sql.fragment`TRUE`,
  only: sql.fragment`t.archived`,
} as const;

function scopeCondition(scope: TestRequestScope, archived: ArchivedRequests = 'excluded') {
  const listed = ARCHIVED_CONDITIONS[archived];
  switch (scope.kind) {
    case 'all':
      return listed;
    case 'institutions':
      return sql.fragment`${listed} AND t.institution_id = ANY(${sql.array([...scope.institutionIds], 'int4')})`;
    case 'clinician':
      return sql.fragment`${listed} AND t.institution_id = ANY(${sql.array([...scope.institutionIds], 'int4')})
        AND (t.clinician_id = ${scope.clinicianId} OR p.clinician_id = ${scope.clinicianId})`;
    case 'none':
      return sql.fragment`FALSE`;
  }
}

/** The request of the contract from a `test_requests t` row: names joined from their own read models. */
const REQUEST_COLUMNS = sql.fragment`
  t.id, t.patient_id, p.first_name AS patient_first_name, p.last_name AS patient_last_name,
  p.medical_record_number, p.email AS patient_email, p.phone AS patient_phone, t.test_name,
  t.sample_type AS category, t.priority, t.status, t.requested_by, rb.first_name AS requested_by_name,
  rb.last_name AS requested_by_lastname, t.clinician_id, c.first_name || ' ' || c.last_name AS clinician_name,
  p.clinician_id AS patient_clinician_id,
  t.institution_id, i.name AS institution_name, t.requested_at, t.updated_at, t.expected_test_datetime,
  t.test_type_id, t.sample_type, t.sample_type_id, t.panel_id, t.marker_ids, t.collection_device_ids,
  t.device_selections, t.department, t.cms_priority, t.cms_status, t.barcode_number, t.notes, t.custom_data,
  t.lab_id, l.name AS lab_name, t.fulfillment_by_partner, t.fulfillment_partner_id,
  fa.first_name || ' ' || fa.last_name AS fulfillment_agent, t.archived`;

const JOINS = sql.fragment`
  LEFT JOIN patients p ON p.id = t.patient_id
  LEFT JOIN users rb ON rb.id = t.requested_by
  LEFT JOIN users c ON c.id = t.clinician_id
  LEFT JOIN users fa ON fa.id = t.fulfillment_partner_id
  LEFT JOIN institutions i ON i.id = t.institution_id
  LEFT JOIN catalogue_items l ON l.id = t.lab_id`;

const rowSchema = testRequestSchema.omit({ display_id: true });
const withDisplayId = <T extends { id: number }>(row: T) => ({ ...row, display_id: formatRequestId(row.id) });

/** The search: a REQ id (or its number), the patient's name or MRN, the test's name or the barcode. */
function searchCondition(search: string) {
  const pattern = searchPattern(search.toLowerCase());
  const id = parseDisplayId('testRequest', search);
  return sql.fragment`(t.search_text LIKE ${pattern} OR p.search_text LIKE ${pattern}
    ${id === null || id > 2_147_483_647 ? sql.fragment`` : sql.fragment`OR t.id = ${id}`})`;
}

export interface TestRequestPage {
  requests: TestRequest[];
  total: number;
}

/** GET /tests/requests: newest first, with the total. */
export async function listTestRequests(
  pool: DatabasePool,
  scope: TestRequestScope,
  query: TestRequestListQuery,
  archived: ArchivedRequests = 'excluded',
): Promise<TestRequestPage> {
  const conditions = [scopeCondition(scope, archived)];
  if (query.status) conditions.push(sql.fragment`t.status = ${query.status}`);
  if (query.priority) conditions.push(sql.fragment`t.priority = ${query.priority}`);
  if (query.search) conditions.push(searchCondition(query.search));
  const where = sql.join(conditions, sql.fragment` AND `);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    pool.any(sql.type(rowSchema)`
      SELECT ${REQUEST_COLUMNS} FROM test_requests t ${JOINS}
      WHERE ${where} ORDER BY t.id DESC LIMIT ${query.limit} OFFSET ${offset}`),
    pool.oneFirst(sql.type(z.object({ total: z.number().int() }))`
      SELECT count(*)::int AS total FROM test_requests t LEFT JOIN patients p ON p.id = t.patient_id WHERE ${where}`),
  ]);
  return { requests: rows.map(withDisplayId), total };
}

const detailRowSchema = testRequestDetailSchema.omit({
  display_id: true,
  test_results: true,
  fulfillment_requests: true,
  notification_logs: true,
});

/**
 * One request the caller may see with its markers, devices and notification history, or null (unknown, out of
 * scope, and archived unless `archived` includes it, look the same), with its results, kits and messages.
 */
export async function findTestRequest(
  db: CommonQueryMethods,
  scope: TestRequestScope,
  id: number,
  archived: Exclude<ArchivedRequests, 'only'> = 'excluded',
): Promise<TestRequestDetail | null> {
  const row = await db.maybeOne(sql.type(detailRowSchema)`
    SELECT ${REQUEST_COLUMNS}, (SELECT name FROM catalogue_items WHERE id = t.panel_id) AS panel_name,
      coalesce((SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'value', m.value, 'units', m.units)
                                ORDER BY member.position)
                FROM unnest(t.marker_ids) WITH ORDINALITY AS member(id, position)
                JOIN catalogue_items m ON m.id = member.id), '[]') AS markers,
      coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.name, 'max_capacity', d.max_capacity)
                                ORDER BY member.position)
                FROM unnest(t.collection_device_ids) WITH ORDINALITY AS member(id, position)
                JOIN catalogue_items d ON d.id = member.id), '[]') AS collection_devices
    FROM test_requests t ${JOINS}
    WHERE t.id = ${id} AND ${scopeCondition(scope, archived)}`);
  if (!row) return null;
  return {
    ...withDisplayId(row),
    test_results: await testRequestResults(db, row),
    fulfillment_requests: await testRequestFulfillments(db, row),
    notification_logs: await testRequestNotificationLogs(db, row),
  };
}

/** The patient detail's requests (spec 1 §2): the patient's that the caller may see, newest first. */
export async function listPatientTestRequests(
  db: CommonQueryMethods,
  scope: TestRequestScope,
  patientId: number,
): Promise<PatientTestRequest[]> {
  const rows = await db.any(sql.type(patientTestRequestSchema)`
    SELECT t.id, t.test_name, t.status, t.priority, t.requested_at,
           c.first_name || ' ' || c.last_name AS clinician_name
    FROM test_requests t LEFT JOIN patients p ON p.id = t.patient_id LEFT JOIN users c ON c.id = t.clinician_id
    WHERE t.patient_id = ${patientId} AND ${scopeCondition(scope)}
    ORDER BY t.id DESC`);
  return [...rows];
}

/**
 * Whether the caller may read the request's history: a request of their scope, archived or not (archiving takes
 * it off the lists; its record, and who archived it, stay readable to whoever could read it).
 */
export async function isTestRequestHistoryReadable(
  db: CommonQueryMethods,
  scope: TestRequestScope,
  id: number,
): Promise<boolean> {
  return db.oneFirst(sql.type(z.object({ readable: z.boolean() }))`
    SELECT EXISTS (SELECT 1 FROM test_requests t LEFT JOIN patients p ON p.id = t.patient_id
                   WHERE t.id = ${id} AND ${scopeCondition(scope, 'included')}) AS readable`);
}

/** The clinician of a request's patient (a clinician sees the requests of patients assigned to them). */
export async function requestPatientClinicianId(db: CommonQueryMethods, testRequestId: number): Promise<number | null> {
  const row = await db.maybeOne(sql.type(z.object({ clinician_id: z.number().int().nullable() }))`
    SELECT p.clinician_id FROM test_requests t JOIN patients p ON p.id = t.patient_id WHERE t.id = ${testRequestId}`);
  return row?.clinician_id ?? null;
}
