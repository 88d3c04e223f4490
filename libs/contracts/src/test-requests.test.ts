/**
 * Test requests' policy: the transition table as spec 1 §4 and Labline's lifecycle define it, every per-record
 * rule over every role × relation (spec 1 §6), and the order form's institution rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { assertMatrix, callerAs, CALLER_ID, F, OTHER, OWN, T } from './access-matrix.fixture';
import { ERRORS } from './errors';
import type { Caller } from './records';
import { TEST_REQUEST_FIELD_ERRORS } from './test-request-errors';
import {
  archivesTestRequests,
  canArchiveTestRequest,
  canCancelTestRequest,
  canChangeTestRequestStatus,
  canCreateTestRequest,
  canEditTestRequest,
  canMoveTestRequest,
  stepsForward,
  canNotifyAboutTestRequest,
  canReadTestRequest,
  canRestoreTestRequest,
  changesTestRequestStatus,
  expectedTestDateTime,
  fitsDevice,
  isArchivableStatus,
  isExpectedTestTooSoon,
  isCancellableStatus,
  orderInstitution,
  TEST_REQUEST_STATUSES,
  type TestRequestAccessFacts,
  type TestRequestStatus,
} from './test-requests';

const request = (
  institution: number,
  clinician: number | null,
  patientClinician: number | null,
  status: TestRequestStatus = 'pending',
): TestRequestAccessFacts => ({
  institution_id: institution,
  clinician_id: clinician,
  patient_clinician_id: patientClinician,
  status,
});

const REQUESTS: Record<string, TestRequestAccessFacts> = {
  'own institution, ordered by the caller': request(OWN, CALLER_ID, 99),
  "own institution, the caller's patient": request(OWN, 99, CALLER_ID),
  'own institution, another clinician': request(OWN, 99, 99),
  'another institution, ordered by the caller': request(OTHER, CALLER_ID, CALLER_ID),
  'own institution, ordered by the caller, completed': request(OWN, CALLER_ID, 99, 'completed'),
  'own institution, ordered by the caller, cancelled': request(OWN, CALLER_ID, 99, 'cancelled'),
};
const of = (relation: string) => REQUESTS[relation]!;

describe('the status transition table', () => {
  it('moves one step along pending → approved → fulfilled → in_progress → completed, never back', () => {
    const allowed = TEST_REQUEST_STATUSES.flatMap((from) =>
      TEST_REQUEST_STATUSES.filter((to) => canMoveTestRequest(from, to)).map((to) => `${from}→${to}`),
    );
    assert.deepEqual(allowed, [
      'pending→approved',
      'pending→cancelled',
      'approved→fulfilled',
      'approved→cancelled',
      'fulfilled→in_progress',
      'fulfilled→cancelled',
      'in_progress→completed',
      'in_progress→cancelled',
    ]);
  });

  it('walks forward to a status one legal step at a time, and never back, from a closed request or to cancelled', () => {
    assert.deepEqual(
      [
        stepsForward('pending', 'fulfilled'),
        stepsForward('approved', 'fulfilled'),
        stepsForward('fulfilled', 'fulfilled'),
        stepsForward('in_progress', 'fulfilled'),
        stepsForward('cancelled', 'fulfilled'),
        stepsForward('fulfilled', 'completed'),
        stepsForward('completed', 'completed'),
        stepsForward('pending', 'cancelled'),
      ],
      [['approved', 'fulfilled'], ['fulfilled'], [], [], [], ['in_progress', 'completed'], [], []],
    );
  });

  it('cancels any non-completed request once, and archives neither completed nor cancelled ones', () => {
    assert.deepEqual(TEST_REQUEST_STATUSES.filter(isCancellableStatus), [
      'pending',
      'approved',
      'fulfilled',
      'in_progress',
    ]);
    assert.deepEqual(TEST_REQUEST_STATUSES.filter(isArchivableStatus), [
      'pending',
      'approved',
      'fulfilled',
      'in_progress',
    ]);
  });

  it('fits a volume within the capacity, 100 µL when unset', () => {
    assert.deepEqual(
      [fitsDevice(500, 500), fitsDevice(501, 500), fitsDevice(100, null), fitsDevice(101, null)],
      [true, false, true, false],
    );
  });

  it('holds an expected time to an hour ahead, to the millisecond, but not an edited request its own', () => {
    const noon = Date.parse('2026-11-26T12:00:00Z');
    const hour = 60 * 60 * 1000;
    assert.deepEqual(
      [
        isExpectedTestTooSoon('2026-11-26T12:00:00.000Z', noon - hour),
        isExpectedTestTooSoon('2026-11-26T12:00:00.000Z', noon - hour + 1),
        isExpectedTestTooSoon(null, noon),
        isExpectedTestTooSoon(expectedTestDateTime('2026-11-26'), noon, '2026-11-26T12:00:00Z'),
        isExpectedTestTooSoon(expectedTestDateTime('2026-11-25'), noon, '2026-11-26T12:00:00Z'),
      ],
      [false, true, false, false, true],
    );
  });
});

describe('per-record access rules: test requests', () => {
  //                                                                super   inst    clin    client  fulfil  lab
  it('reads', () => {
    assertMatrix(
      'canReadTestRequest',
      {
        'own institution, ordered by the caller': [T, T, T, T, F, T],
        "own institution, the caller's patient": [T, T, T, T, F, T],
        'own institution, another clinician': [T, T, F, T, F, T],
        'another institution, ordered by the caller': [T, F, F, F, F, F],
      },
      (caller, relation) => canReadTestRequest(caller, of(relation)),
    );
  });

  it('creates (the order form)', () => {
    assertMatrix('canCreateTestRequest', { any: [T, T, T, T, F, F] }, (caller) => canCreateTestRequest(caller));
  });

  it('edits requests neither completed nor cancelled, by the ordering roles', () => {
    assertMatrix(
      'canEditTestRequest',
      {
        'own institution, ordered by the caller': [T, T, T, T, F, F],
        'own institution, another clinician': [T, T, F, T, F, F],
        'another institution, ordered by the caller': [T, F, F, F, F, F],
        'own institution, ordered by the caller, completed': [F, F, F, F, F, F],
        'own institution, ordered by the caller, cancelled': [F, F, F, F, F, F],
      },
      (caller, relation) => canEditTestRequest(caller, of(relation)),
    );
  });

  // spec 1 §6's detail page: Cancel and Archive for super_admin, institution_admin, lab_user and clinician, not
  // client_admin. One rule per action serves the list, the detail page and the clinical service.
  it('cancels and archives by the detail page roles: the same cells, but for the status each allows', () => {
    const expected = {
      'own institution, ordered by the caller': [T, T, T, F, F, T],
      "own institution, the caller's patient": [T, T, T, F, F, T],
      'own institution, another clinician': [T, T, F, F, F, T],
      'another institution, ordered by the caller': [T, F, F, F, F, F],
      'own institution, ordered by the caller, completed': [F, F, F, F, F, F],
      'own institution, ordered by the caller, cancelled': [F, F, F, F, F, F],
    } as const;
    assertMatrix('canCancelTestRequest', expected, (caller, relation) => canCancelTestRequest(caller, of(relation)));
    assertMatrix('canArchiveTestRequest', expected, (caller, relation) => canArchiveTestRequest(caller, of(relation)));
    assertMatrix('archivesTestRequests', { any: [T, T, T, F, F, T] }, (caller) => archivesTestRequests(caller));
    assertMatrix('changesTestRequestStatus', { any: [T, T, T, F, F, T] }, (caller) => changesTestRequestStatus(caller));
  });

  it('restores (and shows archived) whatever the status, by the archiving roles, within their scope', () => {
    assertMatrix(
      'canRestoreTestRequest',
      {
        'own institution, ordered by the caller': [T, T, T, F, F, T],
        'own institution, another clinician': [T, T, F, F, F, T],
        'another institution, ordered by the caller': [T, F, F, F, F, F],
        'own institution, ordered by the caller, completed': [T, T, T, F, F, T],
        'own institution, ordered by the caller, cancelled': [T, T, T, F, F, T],
      },
      (caller, relation) => canRestoreTestRequest(caller, of(relation)),
    );
  });

  it('moves requests along the table by the cancelling roles', () => {
    const mine = of('own institution, ordered by the caller');
    assertMatrix('canChangeTestRequestStatus', { 'pending → approved': [T, T, T, F, F, T] }, (caller) =>
      canChangeTestRequestStatus(caller, mine, 'approved'),
    );
    assertMatrix('canChangeTestRequestStatus', { 'pending → completed': [F, F, F, F, F, F] }, (caller) =>
      canChangeTestRequestStatus(caller, mine, 'completed'),
    );
  });

  it('follows a menu permissions list: without tests, an admin neither cancels nor archives', () => {
    const admin = callerAs('institution_admin', ['dashboard', 'patients']);
    const mine = of('own institution, ordered by the caller');
    assert.deepEqual(
      [archivesTestRequests(admin), canArchiveTestRequest(admin, mine), canCancelTestRequest(admin, mine)],
      [false, false, false],
    );
  });

  it('sends notifications (super_admin, institution_admin, clinician), whatever the status', () => {
    assertMatrix(
      'canNotifyAboutTestRequest',
      {
        'own institution, ordered by the caller': [T, T, T, F, F, F],
        'own institution, another clinician': [T, T, F, F, F, F],
        'another institution, ordered by the caller': [T, F, F, F, F, F],
        'own institution, ordered by the caller, completed': [T, T, T, F, F, F],
      },
      (caller, relation) => canNotifyAboutTestRequest(caller, of(relation)),
    );
  });

  it('follows a menu permissions list that leaves out tests', () => {
    const admin = callerAs('institution_admin', ['dashboard', 'patients']);
    assert.equal(canCreateTestRequest(admin), false);
    assert.equal(canReadTestRequest(admin, of('own institution, ordered by the caller')), false);
  });
});

describe('the order form institution rule', () => {
  const clinicianOf = (ids: number[]): Caller => ({ ...callerAs('clinician'), institutionIds: ids });
  it('makes a super_admin choose any institution', () => {
    assert.deepEqual(orderInstitution(callerAs('super_admin'), null), {
      problem: ERRORS.selectInstitutionForTestRequest,
    });
    assert.deepEqual(orderInstitution(callerAs('super_admin'), OTHER), { institutionId: OTHER });
  });

  it('lets a clinician choose among theirs, taking their only one by default', () => {
    assert.deepEqual(orderInstitution(clinicianOf([OWN]), null), { institutionId: OWN });
    assert.deepEqual(orderInstitution(clinicianOf([OWN, OTHER]), null), {
      problem: ERRORS.selectInstitutionForTestRequest,
    });
    assert.deepEqual(orderInstitution(clinicianOf([OWN, OTHER]), OTHER), { institutionId: OTHER });
    assert.deepEqual(orderInstitution(clinicianOf([OWN]), OTHER), {
      problem: TEST_REQUEST_FIELD_ERRORS.unknownInstitution,
    });
    assert.deepEqual(orderInstitution(clinicianOf([]), null), { problem: ERRORS.institutionContextRequired });
  });

  it('keeps everyone else to their own institution', () => {
    for (const role of ['institution_admin', 'client_admin'] as const) {
      assert.deepEqual(orderInstitution(callerAs(role), null), { institutionId: OWN });
      assert.deepEqual(orderInstitution(callerAs(role), OWN), { institutionId: OWN });
      assert.deepEqual(orderInstitution(callerAs(role), OTHER), {
        problem: TEST_REQUEST_FIELD_ERRORS.unknownInstitution,
      });
    }
    const homeless: Caller = { ...callerAs('client_admin'), institutionId: null, institutionIds: [] };
    assert.deepEqual(orderInstitution(homeless, null), { problem: ERRORS.institutionContextRequired });
  });
});
