import {
  canCreateTestRequest,
  canMoveTestRequest,
  canOrderTests,
  archivesTestRequests,
  canReadTestRequest,
  changesTestRequestStatus,
  ERRORS,
  isArchivableStatus,
  isCancellableStatus,
  isEditableStatus,
  notifiesAboutTestRequests,
  statusChangeNotAllowed,
  stepsForward,
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
  | { type: 'ChangeTestRequestStatus'; data: Asker & { status: TestRequestStatus; message: string | null } }
  | { type: 'ArchiveTestRequest'; data: Asker }
  | { type: 'RestoreTestRequest'; data: Asker }
  | { type: 'RequestTestRequestNotification'; data: Asker & { message: string | null } }
  /**
   * Another service's fact moves the request forward (a kit delivered → fulfilled, a final result → completed):
   * the system's move, one legal step per event, none when the request is there already, past it or cancelled.
   */
  | { type: 'AdvanceTestRequest'; data: { testRequestId: number; to: TestRequestStatus; cause: string } };

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

/** A message to the patient, trimmed; a blank one is refused (spec 1 §5 'Please enter a message'). */
function patientMessage(message: string): string {
  const text = message.trim();
  if (text === '') throw new RuleViolation('invalid', ERRORS.pleaseEnterMessage);
  return text;
}

/**
 * A status change. To cancelled it carries the patient's message (spec 1 §4's mandatory notification step), so
 * the cancellation and what the patient is told are one event: a refused cancel tells nobody anything.
 */
function changeStatus(request: TestRequestSnapshot, to: TestRequestStatus, message: string | null): TestRequestEvent[] {
  if (to === 'cancelled') {
    const text = message === null ? null : patientMessage(message);
    if (!isCancellableStatus(request.status))
      throw new RuleViolation('conflict', TEST_REQUEST_FIELD_ERRORS.notCancellable);
    const told = text === null ? {} : { custom_message: text };
    return [{ type: 'TestRequestCancelled', data: { ...filedUnder(request), from: request.status, ...told } }];
  }
  if (message !== null) throw new RuleViolation('invalid', TEST_REQUEST_FIELD_ERRORS.messageOnlyWhenCancelling);
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
      return changeStatus(current, command.data.status, command.data.message);
    }
    case 'AdvanceTestRequest': {
      // An archived request is still the record of what happened to it; only one never created is refused.
      if (state.status === 'absent') throw new RuleViolation('not_found', ERRORS.testRequestNotFound);
      const { request } = state;
      const { to, cause } = command.data;
      let from = request.status;
      return stepsForward(from, to).map((step) => {
        const event = {
          type: 'TestRequestStatusChanged' as const,
          data: { ...filedUnder(request), from, to: step, cause },
        };
        from = step;
        return event;
      });
    }
    case 'ArchiveTestRequest': {
      const current = actionable(state, command.data, archivesTestRequests);
      if (!isArchivableStatus(current.status))
        throw new RuleViolation('conflict', TEST_REQUEST_FIELD_ERRORS.notArchivable);
      return [{ type: 'TestRequestArchived', data: { ...filedUnder(current), status: current.status } }];
    }
    case 'RestoreTestRequest': {
      // Those who may archive see the archived request (read-only) and restore it; to others it is not found.
      const visible =
        state.status !== 'absent' &&
        canReadTestRequest(command.data.caller, {
          ...state.request,
          patient_clinician_id: command.data.patientClinicianId,
        });
      if (!visible || (state.status === 'archived' && !archivesTestRequests(command.data.caller)))
        throw new RuleViolation('not_found', ERRORS.testRequestNotFound);
      if (!archivesTestRequests(command.data.caller)) throw new RuleViolation('forbidden', ERRORS.forbidden);
      if (state.status !== 'archived') throw new RuleViolation('conflict', TEST_REQUEST_FIELD_ERRORS.notArchived);
      return [{ type: 'TestRequestRestored', data: filedUnder(state.request) }];
    }
    case 'RequestTestRequestNotification': {
      const current = actionable(state, command.data, notifiesAboutTestRequests);
      // Send Notification's message is required: absent reads as blank.
      const message = patientMessage(command.data.message ?? '');
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
