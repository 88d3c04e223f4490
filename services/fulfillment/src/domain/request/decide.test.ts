import { describe, it } from 'vitest';
import {
  ERRORS,
  FULFILLMENT_ERRORS,
  FULFILLMENT_NOTES,
  FULFILLMENT_STATUSES,
  fulfillmentActionFor,
  type Caller,
  type FulfillmentStatus,
} from '@labline/contracts';
import { deciderSpecification } from '@labline/eventstore/testing';
import { RuleViolation } from '@labline/eventstore';
import { requestDecider, type RequestCommand } from './decide';
import type { RequestEvent } from './events';

const spec = deciderSpecification(requestDecider);
const NORTHWIND = 1;
const RIVERSIDE = 2;
const as = (role: Caller['role'], institutionIds: number[] = [NORTHWIND], userId = 7): Caller => ({
  userId,
  role,
  institutionId: institutionIds[0] ?? null,
  institutionIds,
  permissions: [],
});
const clientAdmin = as('client_admin');
const violation = (kind: RuleViolation['kind'], message?: string) => (error: unknown) =>
  error instanceof RuleViolation && error.kind === kind && (message === undefined || error.message === message);

const requested: RequestEvent = {
  type: 'FulfillmentRequested',
  data: {
    fulfillmentRequestId: 9,
    test_request_id: 40,
    institution_id: NORTHWIND,
    patient_id: 3,
    inventory_item_id: 5,
    quantity_requested: 1,
    priority: 'urgent',
    assigned_to: null,
    notes: null,
    replaces_request_id: null,
  },
};

/** The events that leave request 9 in `status` (by the shortest legal path). */
function historyTo(status: FulfillmentStatus): RequestEvent[] {
  const id = { fulfillmentRequestId: 9 };
  const assigned: RequestEvent = { type: 'FulfillmentAssigned', data: { ...id, assigned_to: 7, status: 'assigned' } };
  const dispatched: RequestEvent = {
    type: 'FulfillmentDispatched',
    data: { ...id, tracking_number: '1Z', barcode_number: null, notes: null, status: 'dispatched' },
  };
  switch (status) {
    case 'pending':
      return [requested];
    case 'assigned':
      return [requested, assigned];
    case 'dispatched':
      return [requested, assigned, dispatched];
    case 'delivered':
      return [
        requested,
        assigned,
        dispatched,
        { type: 'FulfillmentDelivered', data: { ...id, previous_status: 'dispatched', notes: null, status } },
      ];
    case 'cancelled':
      return [
        requested,
        { type: 'FulfillmentCancelled', data: { ...id, previous_status: 'pending', notes: null, status } },
      ];
  }
}

const change = (to: FulfillmentStatus, caller: Caller = clientAdmin, tracking_number: string | null = 'TRK-1') =>
  ({
    type: 'ChangeStatus',
    data: { fulfillmentRequestId: 9, to, tracking_number, barcode_number: null, notes: null, caller },
  }) satisfies RequestCommand;

describe('fulfillment request: every pair of statuses', () => {
  for (const from of FULFILLMENT_STATUSES) {
    for (const to of FULFILLMENT_STATUSES) {
      const action = fulfillmentActionFor(from, to);
      it(`${from} → ${to}: ${action ?? '409'}`, () => {
        const given = spec.given(historyTo(from)).when(change(to));
        if (action === null) {
          given.thenThrows(violation('conflict', FULFILLMENT_ERRORS.illegalTransition(from, to)));
          return;
        }
        const id = { fulfillmentRequestId: 9 };
        const expected: Record<typeof action, RequestEvent> = {
          // Mark as Assigned keeps the request's assignee, else takes the caller.
          assign: { type: 'FulfillmentAssigned', data: { ...id, assigned_to: 7, status: to } },
          dispatch: {
            type: 'FulfillmentDispatched',
            data: {
              ...id,
              tracking_number: 'TRK-1',
              barcode_number: null,
              notes: FULFILLMENT_NOTES.dispatch!,
              status: to,
            },
          },
          deliver: {
            type: 'FulfillmentDelivered',
            data: { ...id, previous_status: from, notes: FULFILLMENT_NOTES.deliver!, status: to },
          },
          cancel: {
            type: 'FulfillmentCancelled',
            data: { ...id, previous_status: from, notes: FULFILLMENT_NOTES.cancel!, status: to },
          },
          reopen: {
            type: 'FulfillmentReopened',
            data: { ...id, previous_status: from, notes: 'Request reopened from cancelled status', status: to },
          },
        };
        given.then([expected[action]]);
      });
    }
  }
});

describe('fulfillment request: rules beside the table', () => {
  it('refuses a dispatch without a tracking number, blank or absent', () => {
    for (const tracking of ['', '   ', null]) {
      spec
        .given(historyTo('assigned'))
        .when(change('dispatched', clientAdmin, tracking))
        .thenThrows(violation('invalid', FULFILLMENT_ERRORS.trackingNumberRequired));
    }
  });

  it('is refused to roles that do not manage fulfillment (403), and hides other tenants and unknown ids (404)', () => {
    for (const role of ['institution_admin', 'clinician', 'lab_user'] as const) {
      spec
        .given(historyTo('pending'))
        .when(change('cancelled', as(role)))
        .thenThrows(violation('forbidden', ERRORS.forbidden));
    }
    spec
      .given(historyTo('pending'))
      .when(change('cancelled', as('client_admin', [RIVERSIDE])))
      .thenThrows(violation('not_found', FULFILLMENT_ERRORS.notFound));
    spec.given([]).when(change('cancelled')).thenThrows(violation('not_found', FULFILLMENT_ERRORS.notFound));
  });

  it('lets an agent of another institution act on a request assigned to them, and a partner of none on any', () => {
    const assignedToAgent: RequestEvent = {
      type: 'FulfillmentAssigned',
      data: { fulfillmentRequestId: 9, assigned_to: 30, status: 'assigned' },
    };
    spec
      .given([requested, assignedToAgent])
      .when(change('cancelled', as('fulfillment_agent', [RIVERSIDE], 30)))
      .then([
        {
          type: 'FulfillmentCancelled',
          data: {
            fulfillmentRequestId: 9,
            previous_status: 'assigned',
            notes: 'Request cancelled',
            status: 'cancelled',
          },
        },
      ]);
    spec
      .given([requested])
      .when(change('cancelled', as('fulfillment_agent', [], 31)))
      .then([
        {
          type: 'FulfillmentCancelled',
          data: {
            fulfillmentRequestId: 9,
            previous_status: 'pending',
            notes: 'Request cancelled',
            status: 'cancelled',
          },
        },
      ]);
  });

  it('assigns a pending request to an eligible manager only', () => {
    const assign = (eligible: boolean) =>
      ({
        type: 'Assign',
        data: { fulfillmentRequestId: 9, assigned_to: 30, caller: clientAdmin, facts: { assigneeEligible: eligible } },
      }) satisfies RequestCommand;
    spec
      .given(historyTo('pending'))
      .when(assign(true))
      .then([{ type: 'FulfillmentAssigned', data: { fulfillmentRequestId: 9, assigned_to: 30, status: 'assigned' } }]);
    spec
      .given(historyTo('pending'))
      .when(assign(false))
      .thenThrows(violation('invalid', FULFILLMENT_ERRORS.assigneeNotAgent));
    spec
      .given(historyTo('dispatched'))
      .when(assign(true))
      .thenThrows(violation('conflict', FULFILLMENT_ERRORS.illegalTransition('dispatched', 'assigned')));
  });
});

describe('fulfillment request: replacements', () => {
  const replace = (latestStatus: FulfillmentStatus | null, itemKnown = true) =>
    ({
      type: 'RequestReplacement',
      data: {
        fulfillmentRequestId: 12,
        test_request_id: 40,
        inventory_item_id: 6,
        quantity_requested: 2,
        notes: 'Lost in the post',
        caller: clientAdmin,
        facts: {
          latest:
            latestStatus === null
              ? null
              : {
                  fulfillmentRequestId: 9,
                  test_request_id: 40,
                  institution_id: NORTHWIND,
                  patient_id: 3,
                  assigned_to: 30,
                  status: latestStatus,
                  priority: 'urgent',
                },
          itemKnown,
        },
      },
    }) satisfies RequestCommand;

  it('makes a new request from a cancelled one, for the same patient, priority and assignee', () => {
    spec
      .given([])
      .when(replace('cancelled'))
      .then([
        {
          type: 'FulfillmentRequested',
          data: {
            fulfillmentRequestId: 12,
            test_request_id: 40,
            institution_id: NORTHWIND,
            patient_id: 3,
            inventory_item_id: 6,
            quantity_requested: 2,
            priority: 'urgent',
            assigned_to: 30,
            notes: 'Lost in the post',
            replaces_request_id: 9,
          },
        },
      ]);
  });

  it('refuses one from any other status, an unknown test request and an unknown item', () => {
    for (const status of ['pending', 'assigned', 'dispatched', 'delivered'] as const) {
      spec
        .given([])
        .when(replace(status))
        .thenThrows(violation('conflict', FULFILLMENT_ERRORS.replacementNotCancelled));
    }
    spec.given([]).when(replace(null)).thenThrows(violation('not_found', FULFILLMENT_ERRORS.testRequestNotFound));
    spec.given([]).when(replace('cancelled', false)).thenThrows(violation('invalid', FULFILLMENT_ERRORS.itemNotFound));
  });
});
