/**
 * Test requests' policy (spec 1 §4, §5, §6, §9): statuses and priorities, the status transition table, the
 * order form's constants and institution rule, and the per-record rules of who reads, orders, edits, cancels,
 * archives, moves and notifies which request. Pure and free of zod (like records.ts), so the clinical
 * service's decider and read scope and the web's buttons ask the same functions.
 */
import { canAccessSection, type Role } from './access';
import { ERRORS } from './errors';
import { canOrderTests, type Caller } from './records';
import { TEST_REQUEST_FIELD_ERRORS } from './test-request-errors';

/** spec 1 §4: a request's status. */
export const TEST_REQUEST_STATUSES = [
  'pending',
  'approved',
  'fulfilled',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type TestRequestStatus = (typeof TEST_REQUEST_STATUSES)[number];

/** spec 1 §4: a request's priority (urgent and stat count as Urgent on the list's counters). */
export const TEST_REQUEST_PRIORITIES = ['normal', 'urgent', 'stat'] as const;
export type TestRequestPriority = (typeof TEST_REQUEST_PRIORITIES)[number];

/**
 * The status a request may move to from each status. spec 1 §4 shows only the move to cancelled ("only
 * non-completed requests may be cancelled"); the rest is Labline's lifecycle: ordered (pending), approved by
 * the clinic, kit fulfilled (sent or sample taken), in the laboratory, completed (its result is final).
 * Steps are not skipped and never go back; completed and cancelled are final.
 */
export const TEST_REQUEST_TRANSITIONS: Readonly<Record<TestRequestStatus, readonly TestRequestStatus[]>> = {
  pending: ['approved', 'cancelled'],
  approved: ['fulfilled', 'cancelled'],
  fulfilled: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const canMoveTestRequest = (from: TestRequestStatus, to: TestRequestStatus): boolean =>
  TEST_REQUEST_TRANSITIONS[from].includes(to);

/**
 * The single steps that carry a request forward to `to`, each one a legal move of the table: what another service's
 * fact moves it by (a kit delivered → fulfilled, a final result → completed; docs/architecture.md §2, the kit's
 * saga). Empty when the request is at `to` already, past it, or cancelled: such a fact changes nothing.
 */
export function stepsForward(from: TestRequestStatus, to: TestRequestStatus): TestRequestStatus[] {
  const steps: TestRequestStatus[] = [];
  let at = from;
  while (at !== to) {
    const next = TEST_REQUEST_TRANSITIONS[at].find((status) => status !== 'cancelled');
    if (next === undefined) return [];
    steps.push(next);
    at = next;
  }
  return steps;
}

/** spec 1 §4: only non-completed requests may be cancelled (and a cancelled one is cancelled already). */
export const isCancellableStatus = (status: TestRequestStatus): boolean => canMoveTestRequest(status, 'cancelled');

/** spec 1 §4: Archive is offered for requests that are neither completed nor cancelled. */
export const isArchivableStatus = (status: TestRequestStatus): boolean =>
  status !== 'completed' && status !== 'cancelled';

/** A completed or cancelled request is a record; its order is no longer edited. */
export const isEditableStatus = isArchivableStatus;

/** spec 1 §9: a device without max_capacity holds 100 µL. */
export const DEFAULT_DEVICE_CAPACITY_UL = 100;
/** spec 1 §5, §9: the expected test date is at least one hour ahead. */
export const EXPECTED_TEST_MIN_LEAD_MS = 60 * 60 * 1000;
/**
 * spec 1 §5: the expected test time of a calendar date (YYYY-MM-DD): the form's time is fixed at 12:00 (UTC, so
 * the server and every browser read the same instant).
 */
export const expectedTestDateTime = (date: string): string => new Date(`${date}T12:00:00Z`).toISOString();

/**
 * spec 1 §5, §9: an expected test time (ISO 8601) sooner than an hour from `now` (ms since the epoch), so refused
 * with TEST_REQUEST_FIELD_ERRORS.expectedDateTooSoon. `kept` is the edited request's own time: left as it was,
 * it is not held to the lead again. The server's decider and the order form's field ask this one function.
 */
export const isExpectedTestTooSoon = (expected: string | null, now: number, kept: string | null = null): boolean =>
  expected !== null &&
  (kept === null || Date.parse(expected) !== Date.parse(kept)) &&
  Date.parse(expected) < now + EXPECTED_TEST_MIN_LEAD_MS;

/** spec 1 §9: test_type_id is always sent as 1. */
export const DEFAULT_TEST_TYPE_ID = 1;
/** spec 1 §9: the test list's page size. */
export const TEST_REQUEST_PAGE_SIZE = 20;

/**
 * custom_data (spec 1 §3, §7): the order's extra fields, named values. A name has at most 100 characters, a
 * text value at most 2,000 (the event contract's customDataSchema and the order form's inputs use these).
 */
export const CUSTOM_DATA_LIMITS = { name: 100, value: 2000 } as const;

/** The volume the chosen markers need fits the device (µL; null capacity: the default). */
export const fitsDevice = (requiredVolume: number, maxCapacity: number | null): boolean =>
  requiredVolume <= (maxCapacity ?? DEFAULT_DEVICE_CAPACITY_UL);

/**
 * Issue 22: a device holds a sample type when one of its tube types holds it. A device without tube types
 * suits every sample (spec 3 §5), and so does a tube type that names no sample types (the events before issue
 * 22 have none).
 */
export const holdsSampleType = (
  device: { tube_types: readonly { sample_type_ids: readonly number[] }[] },
  sampleTypeId: number,
): boolean =>
  device.tube_types.length === 0 ||
  device.tube_types.some((tube) => tube.sample_type_ids.length === 0 || tube.sample_type_ids.includes(sampleTypeId));

// ------------------------------------------------------------------------------------------------ access

/** The part of a test request the rules look at. */
export interface TestRequestAccessFacts {
  institution_id: number;
  /** The ordering clinician. */
  clinician_id: number | null;
  /** The clinician the patient is assigned to (null when none, or the patient is gone). */
  patient_clinician_id: number | null;
  status: TestRequestStatus;
}

/** Which requests a caller reads: all, those of some institutions, or a clinician's own there. */
export type TestRequestScope =
  | { kind: 'all' }
  | { kind: 'institutions'; institutionIds: readonly number[] }
  | { kind: 'clinician'; clinicianId: number; institutionIds: readonly number[] }
  | { kind: 'none' };

const subjectOf = (caller: Caller) => ({ role: caller.role, permissions: caller.permissions });

/** The test request routes: the tests section, or results, whose form reads requests (the gateway's policy). */
export const canUseTestRequests = (caller: Caller): boolean =>
  caller.role !== 'fulfillment_agent' &&
  (canAccessSection(subjectOf(caller), 'tests') || canAccessSection(subjectOf(caller), 'results'));

/**
 * As for patients: super_admin all; institution_admin, lab_user and client_admin their institution's; a
 * clinician the requests they ordered or of the patients assigned to them, within their institutions.
 */
export function testRequestScope(caller: Caller): TestRequestScope {
  if (!canUseTestRequests(caller)) return { kind: 'none' };
  switch (caller.role) {
    case 'super_admin':
      return { kind: 'all' };
    case 'clinician':
      return { kind: 'clinician', clinicianId: caller.userId, institutionIds: caller.institutionIds };
    default:
      return { kind: 'institutions', institutionIds: caller.institutionIds };
  }
}

export function isInTestRequestScope(scope: TestRequestScope, request: TestRequestAccessFacts): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'institutions':
      return scope.institutionIds.includes(request.institution_id);
    case 'clinician':
      return (
        scope.institutionIds.includes(request.institution_id) &&
        (request.clinician_id === scope.clinicianId || request.patient_clinician_id === scope.clinicianId)
      );
    case 'none':
      return false;
  }
}

export const canReadTestRequest = (caller: Caller, request: TestRequestAccessFacts): boolean =>
  isInTestRequestScope(testRequestScope(caller), request);

/** New Test Request and the order form (spec 1 §6): super_admin, institution_admin, clinician, client_admin. */
export const canCreateTestRequest = (caller: Caller): boolean => canOrderTests(caller);

/** Edit: the ordering roles, on a request they see that is neither completed nor cancelled. */
export const canEditTestRequest = (caller: Caller, request: TestRequestAccessFacts): boolean =>
  canReadTestRequest(caller, request) && canOrderTests(caller) && isEditableStatus(request.status);

/**
 * The roles that cancel and archive requests (spec 1 §6's detail page: super_admin, institution_admin, lab_user and
 * clinician; not client_admin). Spec 1 §6 gives the list's Archive to the ordering roles instead (client_admin in,
 * lab_user out); an archive is one action with one server-side rule, so the detail page's rule, which issue 22
 * names, is the rule of the list, the detail page and the clinical service alike (README, "Roles and
 * permissions").
 */
const CANCELS_AND_ARCHIVES: readonly Role[] = ['super_admin', 'institution_admin', 'lab_user', 'clinician'];

const cancelsAndArchives = (caller: Caller): boolean =>
  canAccessSection(subjectOf(caller), 'tests') && CANCELS_AND_ARCHIVES.includes(caller.role);

/** Roles that cancel requests and move them along their lifecycle (the detail page's Cancel, spec 1 §6). */
export const changesTestRequestStatus = cancelsAndArchives;

/** Roles that archive requests, see them archived and restore them: the list's and the detail's Archive. */
export const archivesTestRequests = cancelsAndArchives;

/** Archive (the list's and the detail's): the archiving roles, on a request neither completed nor cancelled. */
export const canArchiveTestRequest = (caller: Caller, request: TestRequestAccessFacts): boolean =>
  canReadTestRequest(caller, request) && archivesTestRequests(caller) && isArchivableStatus(request.status);

/**
 * Restore (issue 22): whoever may archive a request may see it archived (read-only, with the Archived filter)
 * and restore it; to everyone else an archived request stays 'Test Request Not Found'.
 */
export const canRestoreTestRequest = (caller: Caller, request: TestRequestAccessFacts): boolean =>
  canReadTestRequest(caller, request) && archivesTestRequests(caller);

/** Cancel: super_admin, institution_admin, lab_user and clinician, on a non-completed request they see. */
export const canCancelTestRequest = (caller: Caller, request: TestRequestAccessFacts): boolean =>
  canReadTestRequest(caller, request) && changesTestRequestStatus(caller) && isCancellableStatus(request.status);

/** PUT /tests/requests/{id}/status: the cancelling roles, along the transition table. */
export const canChangeTestRequestStatus = (
  caller: Caller,
  request: TestRequestAccessFacts,
  to: TestRequestStatus,
): boolean =>
  canReadTestRequest(caller, request) && changesTestRequestStatus(caller) && canMoveTestRequest(request.status, to);

/** Send Notification (spec 1 §6): super_admin, institution_admin and clinician. */
export const notifiesAboutTestRequests = (caller: Caller): boolean =>
  canAccessSection(subjectOf(caller), 'tests') &&
  (caller.role === 'super_admin' || caller.role === 'institution_admin' || caller.role === 'clinician');

export const canNotifyAboutTestRequest = (caller: Caller, request: TestRequestAccessFacts): boolean =>
  canReadTestRequest(caller, request) && notifiesAboutTestRequests(caller);

// ------------------------------------------------------------------------------- order form institution

/**
 * The institution a request is ordered for (spec 1 §6 order form institution rule), or the message that
 * refuses it: super_admin must choose one; a clinician chooses among their institutions (their only one
 * when the form names none); everyone else orders for their own institution.
 */
export function orderInstitution(
  caller: Caller,
  requested: number | null,
): { institutionId: number } | { problem: string } {
  if (caller.role === 'super_admin') {
    return requested === null ? { problem: ERRORS.selectInstitutionForTestRequest } : { institutionId: requested };
  }
  if (caller.institutionIds.length === 0) return { problem: ERRORS.institutionContextRequired };
  if (requested !== null) {
    const own = caller.role === 'clinician' ? caller.institutionIds : [caller.institutionId];
    return own.includes(requested)
      ? { institutionId: requested }
      : { problem: TEST_REQUEST_FIELD_ERRORS.unknownInstitution };
  }
  if (caller.role === 'clinician') {
    const [only] = caller.institutionIds;
    return caller.institutionIds.length === 1 && only !== undefined
      ? { institutionId: only }
      : { problem: ERRORS.selectInstitutionForTestRequest };
  }
  return caller.institutionId === null
    ? { problem: ERRORS.institutionContextRequired }
    : { institutionId: caller.institutionId };
}
