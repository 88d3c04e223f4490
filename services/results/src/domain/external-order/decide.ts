import {
  canFetchExternalResults,
  canSubmitExternalOrder,
  EXTERNAL_LAB_ERRORS,
  isExternalLabStatusAhead,
  type ExternalAcceptedValue,
  type ExternalLabProviderName,
  type ExternalLabStatus,
  type ExternalRefusedValue,
  type RESULTS_SERVICE_EVENT_SCHEMAS,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { z } from 'zod';
import type { ExternalOrderEvent } from './events';
import { evolveExternalOrder, initialExternalOrderState, type ExternalOrderState } from './state';

/** The result an order belongs to, and what the rules need of its test request and institution. */
export interface ExternalOrderFacts {
  resultId: number;
  test_request_id: number;
  institution_id: number;
  api_enabled: boolean;
  barcode_number: string | null;
}

type Marker = z.infer<(typeof RESULTS_SERVICE_EVENT_SCHEMAS)['ExternalOrderSubmitted']>['markers'][number];

/** What a call to the laboratory came back with. */
export type LabAnswer =
  | { ok: true; externalLabId: string; status: ExternalLabStatus; reason: string | null }
  | { ok: false; reason: string; retryable: boolean };

export type ExternalOrderCommand =
  /** The laboratory's answer to a submission (POST /external-api/{provider}/submit-order/…). */
  | {
      type: 'RecordSubmission';
      data: { facts: ExternalOrderFacts; provider: ExternalLabProviderName; markers: Marker[]; answer: LabAnswer };
    }
  /** What the laboratory says of the order now (sync-status, fetch-results, the poll); `explicit`: a sync. */
  | { type: 'RecordLabStatus'; data: { facts: ExternalOrderFacts; answer: LabAnswer; explicit: boolean } }
  /** The results, once written into the result's draft: what was taken and what was refused. */
  | {
      type: 'RecordResults';
      data: {
        facts: ExternalOrderFacts;
        issuedAt: string;
        accepted: ExternalAcceptedValue[];
        refused: ExternalRefusedValue[];
      };
    };

const orderOf = (facts: ExternalOrderFacts, state: ExternalOrderState, provider: ExternalLabProviderName) => ({
  resultId: facts.resultId,
  test_request_id: facts.test_request_id,
  institution_id: facts.institution_id,
  provider,
  previous_status: state.status,
});

/** Why an order may not be submitted now, or null (checked before the laboratory is called, and again after). */
export function submissionRefusal(facts: ExternalOrderFacts, state: ExternalOrderState): string | null {
  if (!facts.api_enabled) return EXTERNAL_LAB_ERRORS.notEnabled;
  if (state.status !== 'pending' && state.status !== 'failed') return EXTERNAL_LAB_ERRORS.notSubmittable(state.status);
  if (facts.barcode_number === null || facts.barcode_number.trim() === '') return EXTERNAL_LAB_ERRORS.noBarcode;
  const allowed = canSubmitExternalOrder({
    api_enabled: facts.api_enabled,
    external_api_status: state.status,
    has_external_data: state.hasResults,
    barcode_number: facts.barcode_number,
  });
  return allowed ? null : EXTERNAL_LAB_ERRORS.notSubmittable(state.status);
}

/** Why the laboratory may not be asked about the order now (a sync, a fetch), or null. */
export function followUpRefusal(
  facts: ExternalOrderFacts,
  state: ExternalOrderState,
  fetching: boolean,
): string | null {
  if (!facts.api_enabled) return EXTERNAL_LAB_ERRORS.notEnabled;
  if (state.externalLabId === null || state.provider === null) return EXTERNAL_LAB_ERRORS.notSubmitted;
  if (!fetching) return null;
  if (state.hasResults) return EXTERNAL_LAB_ERRORS.resultsAlreadyReceived;
  const allowed = canFetchExternalResults({
    api_enabled: facts.api_enabled,
    external_api_status: state.status,
    has_external_data: state.hasResults,
    barcode_number: facts.barcode_number,
  });
  return allowed ? null : EXTERNAL_LAB_ERRORS.notSubmitted;
}

function submission(
  data: Extract<ExternalOrderCommand, { type: 'RecordSubmission' }>['data'],
  state: ExternalOrderState,
): ExternalOrderEvent[] {
  const refusal = submissionRefusal(data.facts, state);
  if (refusal !== null) throw new RuleViolation('conflict', refusal);
  const order = orderOf(data.facts, state, data.provider);
  const { answer } = data;
  if (!answer.ok) {
    return [
      {
        type: 'ExternalOrderFailed',
        data: { ...order, status: 'failed', external_lab_id: null, reason: answer.reason, retryable: answer.retryable },
      },
    ];
  }
  const submitted: ExternalOrderEvent = {
    type: 'ExternalOrderSubmitted',
    data: {
      ...order,
      status: 'submitted',
      external_lab_id: answer.externalLabId,
      barcode: data.facts.barcode_number ?? '',
      markers: data.markers,
    },
  };
  if (answer.status === 'submitted') return [submitted];
  // the laboratory had it further along already (a resubmission of an order it knows)
  const after = evolveExternalOrder(state, submitted);
  return [submitted, ...labStatus({ facts: data.facts, answer, explicit: false }, after)];
}

function labStatus(
  data: Extract<ExternalOrderCommand, { type: 'RecordLabStatus' }>['data'],
  state: ExternalOrderState,
): ExternalOrderEvent[] {
  const { answer } = data;
  if (state.externalLabId === null || state.provider === null || !answer.ok) {
    throw new RuleViolation('conflict', EXTERNAL_LAB_ERRORS.notSubmitted);
  }
  const order = orderOf(data.facts, state, state.provider);
  if (isExternalLabStatusAhead(state.status, answer.status)) {
    return [
      {
        type: 'ExternalOrderStatusChanged',
        data: { ...order, status: answer.status, external_lab_id: answer.externalLabId, reason: answer.reason },
      },
    ];
  }
  // nothing new: a sync says so (its last_sync), the poll records nothing
  if (!data.explicit) return [];
  return [
    { type: 'ExternalOrderSynced', data: { ...order, status: state.status, external_lab_id: state.externalLabId } },
  ];
}

function results(
  data: Extract<ExternalOrderCommand, { type: 'RecordResults' }>['data'],
  state: ExternalOrderState,
): ExternalOrderEvent[] {
  if (state.externalLabId === null || state.provider === null) {
    throw new RuleViolation('conflict', EXTERNAL_LAB_ERRORS.notSubmitted);
  }
  if (state.hasResults) throw new RuleViolation('conflict', EXTERNAL_LAB_ERRORS.resultsAlreadyReceived);
  return [
    {
      type: 'ExternalResultsReceived',
      data: {
        ...orderOf(data.facts, state, state.provider),
        status: 'complete',
        external_lab_id: state.externalLabId,
        issued_at: data.issuedAt,
        accepted: data.accepted,
        refused: data.refused,
      },
    },
  ];
}

export const externalOrderDecider: Decider<ExternalOrderCommand, ExternalOrderEvent, ExternalOrderState> = {
  decide(command, state) {
    switch (command.type) {
      case 'RecordSubmission':
        return submission(command.data, state);
      case 'RecordLabStatus':
        return labStatus(command.data, state);
      case 'RecordResults':
        return results(command.data, state);
    }
  },
  evolve: evolveExternalOrder,
  initialState: initialExternalOrderState,
};
