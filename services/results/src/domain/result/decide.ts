import {
  canMoveResult,
  canReadResult,
  canUseResults,
  ERRORS,
  EXTERNAL_LAB_ERRORS,
  needsAmendmentReason,
  RESULT_ERRORS,
  RESULT_INITIAL_STATUS,
  RESULT_REFUSED_TEST_REQUEST_STATUSES,
  type Caller,
  type ResultMarker,
  type ResultStatus,
  type TestRequestStatus,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { ResultEvent } from './events';
import { evolveResult, initialResultState, type RecordedResult, type ResultContent, type ResultState } from './state';

/** The test request a result is entered for, as results' read model of clinical's events has it. */
export interface TestRequestFacts {
  id: number;
  institution_id: number;
  patient_id: number;
  clinician_id: number | null;
  test_name: string;
  status: TestRequestStatus;
  archived: boolean;
}

/** What the entry command looked up before deciding. */
export interface EntryFacts {
  /** The request, or null when unknown here. */
  testRequest: TestRequestFacts | null;
  /** Its markers with the catalogue's reference ranges, now. */
  markers: ResultMarker[];
  /** Whether the request has a result already. */
  hasResult: boolean;
}

export type ResultCommand =
  /** POST /results. */
  | {
      type: 'EnterResult';
      data: {
        resultId: number;
        content: ResultContent;
        status: ResultStatus | undefined;
        caller: Caller;
        facts: EntryFacts;
      };
    }
  /** PUT /results/{id} (content and status) and POST /results/{id}/review (status only: content null). */
  | {
      type: 'SaveResult';
      data: {
        resultId: number;
        /** The body's test request: it must be the result's own. Null from the Review menu. */
        test_request_id: number | null;
        content: ResultContent | null;
        status: ResultStatus | undefined;
        amendment_reason: string | null;
        caller: Caller;
      };
    }
  /** The external laboratory's values into the result's draft (the system's write: a reviewer still releases it). */
  | { type: 'RecordExternalResults'; data: { resultId: number; content: ResultContent } };

function enter(command: Extract<ResultCommand, { type: 'EnterResult' }>['data'], state: ResultState): ResultEvent[] {
  const { caller, facts } = command;
  if (!canUseResults(caller)) throw new RuleViolation('forbidden', ERRORS.noPermissionEnterTestResults);
  if (state.status !== 'none') throw new RuleViolation('conflict', ERRORS.concurrencyConflict);
  const request = facts.testRequest;
  if (request === null || request.archived || !canReadResult(caller, request)) {
    throw new RuleViolation('not_found', RESULT_ERRORS.testRequestNotFound);
  }
  if (RESULT_REFUSED_TEST_REQUEST_STATUSES.includes(request.status)) {
    throw new RuleViolation('conflict', RESULT_ERRORS.testRequestCancelled);
  }
  if (facts.hasResult) throw new RuleViolation('conflict', RESULT_ERRORS.testRequestHasResult);
  const status = command.status ?? RESULT_INITIAL_STATUS;
  if (status !== RESULT_INITIAL_STATUS) throw new RuleViolation('conflict', RESULT_ERRORS.mustStartAsDraft(status));
  return [
    {
      type: 'ResultEntered',
      data: {
        resultId: command.resultId,
        test_request_id: request.id,
        institution_id: request.institution_id,
        patient_id: request.patient_id,
        clinician_id: request.clinician_id,
        test_name: request.test_name,
        markers: facts.markers,
        ...command.content,
        status,
      },
    },
  ];
}

const sameContent = (a: ResultContent, b: ResultContent) =>
  a.result_data === b.result_data && a.result_values === b.result_values && a.interpretation === b.interpretation;

/** The event that saves `result` in `to` with `content` (a move of the status table, or an edit in place). */
function saveEvent(result: RecordedResult, to: ResultStatus, content: ResultContent, reason: string | null) {
  const filed = {
    resultId: result.resultId,
    test_request_id: result.test_request_id,
    institution_id: result.institution_id,
    patient_id: result.patient_id,
    ...content,
  };
  const move = { ...filed, previous_status: result.status, status: to };
  switch (to) {
    case 'draft':
      return { type: 'ResultUpdated', data: { ...filed, status: to } } satisfies ResultEvent;
    case 'reviewed':
      return { type: 'ResultReviewed', data: move } satisfies ResultEvent;
    case 'final':
      return { type: 'ResultFinalized', data: move } satisfies ResultEvent;
    case 'amended':
      return {
        type: 'ResultAmended',
        data: { ...move, clinician_id: result.clinician_id, test_name: result.test_name, reason: reason ?? '' },
      } satisfies ResultEvent;
  }
}

function save(command: Extract<ResultCommand, { type: 'SaveResult' }>['data'], state: ResultState): ResultEvent[] {
  const { caller } = command;
  if (!canUseResults(caller)) throw new RuleViolation('forbidden', ERRORS.noPermissionEnterTestResults);
  if (state.status !== 'recorded' || !canReadResult(caller, state.result)) {
    throw new RuleViolation('not_found', RESULT_ERRORS.notFound);
  }
  const result = state.result;
  if (command.test_request_id !== null && command.test_request_id !== result.test_request_id) {
    throw new RuleViolation('invalid', RESULT_ERRORS.testRequestLocked);
  }
  const to = command.status ?? result.status;
  const content = command.content ?? result.content;
  // Saving a draft unchanged is no edit (the form's Save without a change); any other save must be a legal move.
  if (to === result.status && to === 'draft' && sameContent(content, result.content)) return [];
  if (!canMoveResult(result.status, to)) {
    throw new RuleViolation('conflict', RESULT_ERRORS.illegalTransition(result.status, to));
  }
  const reason = command.amendment_reason?.trim() ?? '';
  if (needsAmendmentReason(to) && reason === '') {
    throw new RuleViolation('invalid', RESULT_ERRORS.amendmentReasonRequired);
  }
  return [saveEvent(result, to, content, reason === '' ? null : reason)];
}

/** Only a draft takes the laboratory's values: a result under review or released is never written over. */
function recordExternal(
  command: Extract<ResultCommand, { type: 'RecordExternalResults' }>['data'],
  state: ResultState,
): ResultEvent[] {
  if (state.status !== 'recorded') throw new RuleViolation('not_found', RESULT_ERRORS.notFound);
  const result = state.result;
  if (result.status !== 'draft') throw new RuleViolation('conflict', EXTERNAL_LAB_ERRORS.resultNotDraft);
  if (sameContent(command.content, result.content)) return [];
  return [saveEvent(result, 'draft', command.content, null)];
}

export const resultDecider: Decider<ResultCommand, ResultEvent, ResultState> = {
  decide(command, state) {
    switch (command.type) {
      case 'EnterResult':
        return enter(command.data, state);
      case 'SaveResult':
        return save(command.data, state);
      case 'RecordExternalResults':
        return recordExternal(command.data, state);
    }
  },
  evolve: evolveResult,
  initialState: initialResultState,
};
