import { describe, it } from 'vitest';
import {
  canMoveResult,
  ERRORS,
  EXTERNAL_LAB_ERRORS,
  RESULT_ERRORS,
  RESULT_STATUSES,
  type Caller,
  type ResultStatus,
} from '@labline/contracts';
import { RuleViolation } from '@labline/eventstore';
import { deciderSpecification } from '@labline/eventstore/testing';
import { resultDecider, type EntryFacts, type ResultCommand } from './decide';
import type { ResultEvent } from './events';
import type { ResultContent } from './state';

const spec = deciderSpecification(resultDecider);
const NORTHWIND = 1;
const RIVERSIDE = 2;
const as = (role: Caller['role'], institutionIds: number[] = [NORTHWIND]): Caller => ({
  userId: 7,
  role,
  institutionId: institutionIds[0] ?? null,
  institutionIds,
  permissions: [],
});
const labUser = as('lab_user');
const violation = (kind: RuleViolation['kind'], message?: string) => (error: unknown) =>
  error instanceof RuleViolation && error.kind === kind && (message === undefined || error.message === message);

const content: ResultContent = { result_data: 'Glucose:\nValue: 130', result_values: null, interpretation: null };
const filed = { resultId: 9, test_request_id: 40, institution_id: NORTHWIND, patient_id: 3 };
const marker = {
  marker_id: 21,
  name: 'Glucose',
  description: null,
  units: 'mg/dL',
  units_ucum: 'mg/dL',
  range_min: 70,
  range_max: 99,
};
const entered: ResultEvent = {
  type: 'ResultEntered',
  data: { ...filed, ...content, clinician_id: 5, test_name: 'Glucose', markers: [marker], status: 'draft' },
};
const REASON = 'Re-run on a fresh sample';

/** The event that leaves result 9 in `to` from `from`, with `data` as its content. */
function moved(from: ResultStatus, to: ResultStatus, data = content): ResultEvent {
  const move = { ...filed, ...data, previous_status: from, status: to };
  switch (to) {
    case 'draft':
      return { type: 'ResultUpdated', data: { ...filed, ...data, status: to } };
    case 'reviewed':
      return { type: 'ResultReviewed', data: move };
    case 'final':
      return { type: 'ResultFinalized', data: move };
    case 'amended':
      return { type: 'ResultAmended', data: { ...move, clinician_id: 5, test_name: 'Glucose', reason: REASON } };
  }
}

/** The events that leave result 9 in `status` (by the shortest legal path). */
function historyTo(status: ResultStatus): ResultEvent[] {
  const path: Record<ResultStatus, ResultStatus[]> = {
    draft: [],
    reviewed: ['reviewed'],
    final: ['reviewed', 'final'],
    amended: ['reviewed', 'final', 'amended'],
  };
  let from: ResultStatus = 'draft';
  return [
    entered,
    ...path[status].map((to) => {
      const event = moved(from, to);
      from = to;
      return event;
    }),
  ];
}

const save = (
  status: ResultStatus | undefined,
  fields: Partial<Extract<ResultCommand, { type: 'SaveResult' }>['data']> = {},
) =>
  ({
    type: 'SaveResult',
    data: {
      resultId: 9,
      test_request_id: 40,
      content: { ...content, interpretation: 'Edited' },
      status,
      amendment_reason: REASON,
      caller: labUser,
      ...fields,
    },
  }) satisfies ResultCommand;

describe('test result: every pair of statuses', () => {
  for (const from of RESULT_STATUSES) {
    for (const to of RESULT_STATUSES) {
      it(`${from} → ${to}: ${canMoveResult(from, to) ? 'saved' : '409'}`, () => {
        const given = spec.given(historyTo(from)).when(save(to));
        if (!canMoveResult(from, to)) {
          given.thenThrows(violation('conflict', RESULT_ERRORS.illegalTransition(from, to)));
          return;
        }
        given.then([moved(from, to, { ...content, interpretation: 'Edited' })]);
      });
    }
  }
});

describe('test result: rules beside the table', () => {
  it('needs a reason to amend, keeps the test request, and saves an unchanged draft as nothing', () => {
    for (const amendment_reason of [null, '', '  ']) {
      spec
        .given(historyTo('final'))
        .when(save('amended', { amendment_reason }))
        .thenThrows(violation('invalid', RESULT_ERRORS.amendmentReasonRequired));
    }
    spec
      .given(historyTo('draft'))
      .when(save('draft', { test_request_id: 41 }))
      .thenThrows(violation('invalid', RESULT_ERRORS.testRequestLocked));
    spec.given(historyTo('draft')).when(save(undefined, { content })).then([]);
  });

  it('moves along the Review menu with the content unchanged', () => {
    spec
      .given(historyTo('draft'))
      .when(save('reviewed', { test_request_id: null, content: null, amendment_reason: null }))
      .then([moved('draft', 'reviewed')]);
  });

  it('hides other institutions and unknown ids (404), and refuses other roles (403)', () => {
    spec
      .given(historyTo('draft'))
      .when(save('reviewed', { caller: as('lab_user', [RIVERSIDE]) }))
      .thenThrows(violation('not_found', RESULT_ERRORS.notFound));
    spec.given([]).when(save('reviewed')).thenThrows(violation('not_found', RESULT_ERRORS.notFound));
    for (const role of ['client_admin', 'fulfillment_agent'] as const) {
      spec
        .given(historyTo('draft'))
        .when(save('reviewed', { caller: as(role) }))
        .thenThrows(violation('forbidden', ERRORS.noPermissionEnterTestResults));
    }
    spec
      .given(historyTo('draft'))
      .when(save('reviewed', { caller: as('super_admin', []) }))
      .then([moved('draft', 'reviewed', { ...content, interpretation: 'Edited' })]);
  });
});

describe('test result: entry', () => {
  const request = {
    id: 40,
    institution_id: NORTHWIND,
    patient_id: 3,
    clinician_id: 5,
    test_name: 'Glucose',
    status: 'in_progress' as const,
    archived: false,
  };
  const enter = (facts: Partial<EntryFacts> = {}, status?: ResultStatus, caller = labUser) =>
    ({
      type: 'EnterResult',
      data: {
        resultId: 9,
        content,
        status,
        caller,
        facts: { testRequest: request, markers: [marker], hasResult: false, ...facts },
      },
    }) satisfies ResultCommand;

  it('enters a draft carrying the markers and their ranges', () => {
    spec.given([]).when(enter()).then([entered]);
  });

  it('refuses another status, a second result, a cancelled request, and an unknown, archived or foreign one', () => {
    for (const status of ['reviewed', 'final', 'amended'] as const) {
      spec
        .given([])
        .when(enter({}, status))
        .thenThrows(violation('conflict', RESULT_ERRORS.mustStartAsDraft(status)));
    }
    spec
      .given([])
      .when(enter({ hasResult: true }))
      .thenThrows(violation('conflict', RESULT_ERRORS.testRequestHasResult));
    spec
      .given([])
      .when(enter({ testRequest: { ...request, status: 'cancelled' } }))
      .thenThrows(violation('conflict', RESULT_ERRORS.testRequestCancelled));
    for (const facts of [{ testRequest: null }, { testRequest: { ...request, archived: true } }]) {
      spec.given([]).when(enter(facts)).thenThrows(violation('not_found', RESULT_ERRORS.testRequestNotFound));
    }
    spec
      .given([])
      .when(enter({}, undefined, as('clinician', [RIVERSIDE])))
      .thenThrows(violation('not_found', RESULT_ERRORS.testRequestNotFound));
  });
});

describe('test result: the external laboratory', () => {
  const values = {
    result_data: 'Glucose:\nValue: 101',
    result_values: '{"Glucose":{"value":"101"}}',
    interpretation: null,
  };
  const record = { type: 'RecordExternalResults', data: { resultId: 9, content: values } } satisfies ResultCommand;
  it("writes the laboratory's values into a draft, once", () => {
    spec
      .given(historyTo('draft'))
      .when(record)
      .then([{ type: 'ResultUpdated', data: { ...filed, ...values, status: 'draft' } }]);
    spec
      .given([...historyTo('draft'), { type: 'ResultUpdated', data: { ...filed, ...values, status: 'draft' } }])
      .when(record)
      .then([]);
  });
  it('never writes over a result under review or released, nor an unknown one', () => {
    for (const status of ['reviewed', 'final', 'amended'] as const) {
      spec.given(historyTo(status)).when(record).thenThrows(violation('conflict', EXTERNAL_LAB_ERRORS.resultNotDraft));
    }
    spec.given([]).when(record).thenThrows(violation('not_found', RESULT_ERRORS.notFound));
  });
});
