import { describe, it } from 'vitest';
import { EXTERNAL_LAB_ERRORS } from '@labline/contracts';
import { RuleViolation } from '@labline/eventstore';
import { deciderSpecification } from '@labline/eventstore/testing';
import { externalOrderDecider, type ExternalOrderCommand, type ExternalOrderFacts, type LabAnswer } from './decide';
import type { ExternalOrderEvent } from './events';

const spec = deciderSpecification(externalOrderDecider);
const facts: ExternalOrderFacts = {
  resultId: 9,
  test_request_id: 40,
  institution_id: 1,
  api_enabled: true,
  barcode_number: 'LB-40',
};
const order = { resultId: 9, test_request_id: 40, institution_id: 1, provider: 'fhir' as const };
const markers = [{ marker_id: 21, loinc: '2345-7', unit_ucum: 'mg/dL' }];
const violation = (message: string) => (error: unknown) =>
  error instanceof RuleViolation && error.kind === 'conflict' && error.message === message;

const submit = (answer: LabAnswer, given: Partial<ExternalOrderFacts> = {}) =>
  ({
    type: 'RecordSubmission',
    data: { facts: { ...facts, ...given }, provider: 'fhir', markers, answer },
  }) satisfies ExternalOrderCommand;
const lab = (status: 'submitted' | 'sample_received' | 'complete' | 'failed', explicit = false) =>
  ({
    type: 'RecordLabStatus',
    data: { facts, explicit, answer: { ok: true, externalLabId: 'sr-1', status, reason: null } },
  }) satisfies ExternalOrderCommand;

const submitted: ExternalOrderEvent = {
  type: 'ExternalOrderSubmitted',
  data: {
    ...order,
    previous_status: 'pending',
    status: 'submitted',
    external_lab_id: 'sr-1',
    barcode: 'LB-40',
    markers,
  },
};
const down = 'The external laboratory could not be reached: timed out';
const failed: ExternalOrderEvent = {
  type: 'ExternalOrderFailed',
  data: {
    ...order,
    previous_status: 'pending',
    status: 'failed',
    external_lab_id: null,
    reason: down,
    retryable: true,
  },
};
const received: ExternalOrderEvent = {
  type: 'ExternalOrderStatusChanged',
  data: { ...order, previous_status: 'submitted', status: 'sample_received', external_lab_id: 'sr-1', reason: null },
};

describe('an external order', () => {
  it('is submitted once, fails with the reason when the laboratory is down, and may then be submitted again', () => {
    spec
      .given([])
      .when(submit({ ok: true, externalLabId: 'sr-1', status: 'submitted', reason: null }))
      .then([submitted]);
    spec
      .given([])
      .when(submit({ ok: false, reason: down, retryable: true }))
      .then([failed]);
    spec
      .given([failed])
      .when(submit({ ok: true, externalLabId: 'sr-1', status: 'submitted', reason: null }))
      .then([{ ...submitted, data: { ...submitted.data, previous_status: 'failed' } }]);
    spec
      .given([submitted])
      .when(submit({ ok: true, externalLabId: 'sr-2', status: 'submitted', reason: null }))
      .thenThrows(violation(EXTERNAL_LAB_ERRORS.notSubmittable('submitted')));
  });

  it('needs the integration on and a barcode', () => {
    const answer: LabAnswer = { ok: true, externalLabId: 'sr-1', status: 'submitted', reason: null };
    spec
      .given([])
      .when(submit(answer, { api_enabled: false }))
      .thenThrows(violation(EXTERNAL_LAB_ERRORS.notEnabled));
    spec
      .given([])
      .when(submit(answer, { barcode_number: null }))
      .thenThrows(violation(EXTERNAL_LAB_ERRORS.noBarcode));
  });

  it('moves only forward; a sync that finds nothing new says so, the poll records nothing', () => {
    spec.given([submitted]).when(lab('sample_received')).then([received]);
    spec.given([submitted, received]).when(lab('submitted')).then([]);
    spec
      .given([submitted, received])
      .when(lab('submitted', true))
      .then([
        {
          type: 'ExternalOrderSynced',
          data: { ...order, previous_status: 'sample_received', status: 'sample_received', external_lab_id: 'sr-1' },
        },
      ]);
    spec.given([]).when(lab('complete')).thenThrows(violation(EXTERNAL_LAB_ERRORS.notSubmitted));
  });

  it('takes its results once', () => {
    const results = {
      type: 'RecordResults',
      data: { facts, issuedAt: '2030-01-01T10:00:00Z', accepted: [], refused: [] },
    } satisfies ExternalOrderCommand;
    const receivedResults: ExternalOrderEvent = {
      type: 'ExternalResultsReceived',
      data: {
        ...order,
        previous_status: 'sample_received',
        status: 'complete',
        external_lab_id: 'sr-1',
        issued_at: '2030-01-01T10:00:00Z',
        accepted: [],
        refused: [],
      },
    };
    spec.given([submitted, received]).when(results).then([receivedResults]);
    spec
      .given([submitted, received, receivedResults])
      .when(results)
      .thenThrows(violation(EXTERNAL_LAB_ERRORS.resultsAlreadyReceived));
  });
});
