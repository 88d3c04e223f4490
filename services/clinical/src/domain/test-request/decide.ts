import {
  canCreateTestRequest,
  canMoveTestRequest,
  canOrderTests,
  canReadTestRequest,
  changesTestRequestStatus,
  ERRORS,
  isArchivableStatus,
  isCancellableStatus,
  isEditableStatus,
  notifiesAboutTestRequests,
  statusChangeNotAllowed,
  TEST_REQUEST_FIELD_ERRORS,
  type Caller,
  type TestRequestSnapshot,
  type TestRequestStatus,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { TestRequestEvent } from './events';
import { orderedRequest, type OrderContext } from './order';
import { evolveTestRequest, initialTestRequestState, type TestRequestState } from './state';

export type { OrderFacts } from './order';

/** Who asks, and the patient's clinician (a clinician also sees the requests of patients assigned to them). */
interface Asker {
  testRequestId: number;
  caller: Caller;
  patientClinicianId: number | null;
}

export type TestRequestCommand =
  | { type: 'CreateTestRequest'; data: OrderContext }
  | { type: 'UpdateTestRequest'; data: OrderContext & Pick<Asker, 'patientClinicianId'> }
  | { type: 'ChangeTestRequestStatus'; data: Asker & { status: TestRequestStatus } }
  | { type: 'ArchiveTestRequest'; data: Asker }
  | { type: 'RequestTestRequestNotification'; data: Asker & { message: string | null } };

/** The request as the caller may act on it: 404 when they cannot see it (or it is archived), 403 when they may not act. */
function actionable(state: TestRequestState, asker: Asker, may: (caller: Caller) => boolean): TestRequestSnapshot {
  const visible =
    state.status === 'active' &&
    canReadTestRequest(asker.caller, { ...state.request, patient_clinician_id: asker.patientClinicianId });
  if (!visible) throw new RuleViolation('not_found', ERRORS.testRequestNotFound);
  if (!may(asker.caller)) throw new RuleViolation('forbidden', ERRORS.forbidden);
  return state.request;
}

const filedUnder = (request: TestRequestSnapshot) => ({
  testRequestId: request.testRequestId,
  patient_id: request.patient_id,
  institution_id: request.institution_id,
});

const sameRequest = (a: TestRequestSnapshot, b: TestRequestSnapshot) =>
  (Object.keys(b) as (keyof TestRequestSnapshot)[]).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

function changeStatus(request: TestRequestSnapshot, to: TestRequestStatus): TestRequestEvent[] {
  if (to === 'cancelled') {
    if (!isCancellableStatus(request.status))
      throw new RuleViolation('conflict', TEST_REQUEST_FIELD_ERRORS.notCancellable);
    return [{ type: 'TestRequestCancelled', data: { ...filedUnder(request), from: request.status } }];
  }
  if (!canMoveTestRequest(request.status, to)) {
    throw new RuleViolation('conflict', statusChangeNotAllowed(request.status, to));
  }
  return [{ type: 'TestRequestStatusChanged', data: { ...filedUnder(request), from: request.status, to } }];
}

export function decideTestRequest(command: TestRequestCommand, state: TestRequestState): TestRequestEvent[] {
  switch (command.type) {
    case 'CreateTestRequest': {
      if (!canCreateTestRequest(command.data.caller)) throw new RuleViolation('forbidden', ERRORS.forbidden);
      if (state.status !== 'absent') {
        throw new RuleViolation('conflict', `Test request ${command.data.testRequestId} already exists`);
      }
      return [{ type: 'TestRequestCreated', data: orderedRequest(command.data, null) }];
    }
    case 'UpdateTestRequest': {
      const current = actionable(state, command.data, canOrderTests);
      if (!isEditableStatus(current.status)) throw new RuleViolation('conflict', TEST_REQUEST_FIELD_ERRORS.notEditable);
      const next = orderedRequest(command.data, current);
      // Saving an unchanged form records nothing.
      return sameRequest(current, next) ? [] : [{ type: 'TestRequestUpdated', data: next }];
    }
    case 'ChangeTestRequestStatus': {
      const current = actionable(state, command.data, changesTestRequestStatus);
      return changeStatus(current, command.data.status);
    }
    case 'ArchiveTestRequest': {
      const current = actionable(state, command.data, canOrderTests);
      if (!isArchivableStatus(current.status))
        throw new RuleViolation('conflict', TEST_REQUEST_FIELD_ERRORS.notArchivable);
      return [{ type: 'TestRequestArchived', data: { ...filedUnder(current), status: current.status } }];
    }
    case 'RequestTestRequestNotification': {
      const current = actionable(state, command.data, notifiesAboutTestRequests);
      const message = command.data.message?.trim() ?? '';
      if (message === '') throw new RuleViolation('invalid', ERRORS.pleaseEnterMessage);
      return [
        {
          type: 'TestRequestNotificationRequested',
          data: { ...filedUnder(current), reminder_type: 'custom_notification', custom_message: message },
        },
      ];
    }
  }
}

export const testRequestDecider: Decider<TestRequestCommand, TestRequestEvent, TestRequestState> = {
  decide: decideTestRequest,
  evolve: evolveTestRequest,
  initialState: initialTestRequestState,
};
