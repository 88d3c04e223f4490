import {
  canManageFulfillment,
  canReadFulfillmentRequest,
  ERRORS,
  FULFILLMENT_ERRORS,
  FULFILLMENT_NOTES,
  FULFILLMENT_REPLACEABLE,
  fulfillmentActionFor,
  type Caller,
  type FulfillmentEventData,
  type FulfillmentStatus,
} from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { RequestEvent } from './events';
import { evolveRequest, initialRequestState, type OpenRequest, type RequestState } from './state';

type Requested = FulfillmentEventData<'FulfillmentRequested'>;

/** What the replacement command looked up before deciding. */
export interface ReplacementFacts {
  /** The test request's latest fulfillment request the caller sees, or null (none, or none in their scope). */
  latest: (OpenRequest & { patient_id: number; priority: Requested['priority'] }) | null;
  /** Whether the inventory item exists for the request's institution (its own or a global item). */
  itemKnown: boolean;
}

export type RequestCommand =
  /** The choreography: a test request fulfilled by a partner asks for its kit (the system acts). */
  | { type: 'RecordRequest'; data: Requested }
  /** POST /fulfillment: a new request for a test request whose latest request is cancelled. */
  | {
      type: 'RequestReplacement';
      data: {
        fulfillmentRequestId: number;
        test_request_id: number;
        inventory_item_id: number;
        quantity_requested: number;
        notes: string | null;
        caller: Caller;
        facts: ReplacementFacts;
      };
    }
  /** PUT /fulfillment/{id}/status. */
  | {
      type: 'ChangeStatus';
      data: {
        fulfillmentRequestId: number;
        to: FulfillmentStatus;
        tracking_number: string | null;
        barcode_number: string | null;
        notes: string | null;
        caller: Caller;
      };
    }
  /** POST /fulfillment/{id}/assign. */
  | {
      type: 'Assign';
      data: { fulfillmentRequestId: number; assigned_to: number; caller: Caller; facts: { assigneeEligible: boolean } };
    };

/** The request a manager may act on: unknown and another tenant's answer 404 alike; other roles 403. */
function managedRequest(state: RequestState, caller: Caller): OpenRequest {
  if (!canManageFulfillment(caller)) throw new RuleViolation('forbidden', ERRORS.forbidden);
  if (state.status !== 'recorded' || !canReadFulfillmentRequest(caller, state.request)) {
    throw new RuleViolation('not_found', FULFILLMENT_ERRORS.notFound);
  }
  return state.request;
}

/** The action of FULFILLMENT_TRANSITIONS that moves `from` to `to`, or 409 with the sentence. */
function actionFor(from: FulfillmentStatus, to: FulfillmentStatus) {
  const action = fulfillmentActionFor(from, to);
  if (action === null) throw new RuleViolation('conflict', FULFILLMENT_ERRORS.illegalTransition(from, to));
  return action;
}

function decideRequest(command: RequestCommand, state: RequestState): RequestEvent[] {
  switch (command.type) {
    case 'RecordRequest': {
      if (state.status !== 'none') throw new RuleViolation('conflict', ERRORS.concurrencyConflict);
      return [{ type: 'FulfillmentRequested', data: command.data }];
    }
    case 'RequestReplacement': {
      const { caller, facts, ...input } = command.data;
      if (!canManageFulfillment(caller)) throw new RuleViolation('forbidden', ERRORS.forbidden);
      if (state.status !== 'none') throw new RuleViolation('conflict', ERRORS.concurrencyConflict);
      const latest = facts.latest;
      if (latest === null) throw new RuleViolation('not_found', FULFILLMENT_ERRORS.testRequestNotFound);
      if (!FULFILLMENT_REPLACEABLE.includes(latest.status)) {
        throw new RuleViolation('conflict', FULFILLMENT_ERRORS.replacementNotCancelled);
      }
      if (!facts.itemKnown) throw new RuleViolation('invalid', FULFILLMENT_ERRORS.itemNotFound);
      return [
        {
          type: 'FulfillmentRequested',
          data: {
            fulfillmentRequestId: input.fulfillmentRequestId,
            test_request_id: input.test_request_id,
            institution_id: latest.institution_id,
            patient_id: latest.patient_id,
            inventory_item_id: input.inventory_item_id,
            quantity_requested: input.quantity_requested,
            priority: latest.priority,
            assigned_to: latest.assigned_to,
            notes: input.notes,
            replaces_request_id: latest.fulfillmentRequestId,
          },
        },
      ];
    }
    case 'ChangeStatus': {
      const { fulfillmentRequestId, to, caller } = command.data;
      const request = managedRequest(state, caller);
      const action = actionFor(request.status, to);
      const notes = command.data.notes ?? FULFILLMENT_NOTES[action] ?? null;
      switch (action) {
        case 'assign':
          // Mark as Assigned: the assignee the request has (its partner), else the caller.
          return [
            {
              type: 'FulfillmentAssigned',
              data: { fulfillmentRequestId, assigned_to: request.assigned_to ?? caller.userId, status: to },
            },
          ];
        case 'dispatch': {
          const tracking = command.data.tracking_number?.trim() ?? '';
          if (tracking === '') throw new RuleViolation('invalid', FULFILLMENT_ERRORS.trackingNumberRequired);
          return [
            {
              type: 'FulfillmentDispatched',
              data: {
                fulfillmentRequestId,
                tracking_number: tracking,
                barcode_number: command.data.barcode_number,
                notes,
                status: to,
              },
            },
          ];
        }
        case 'deliver':
          return [
            {
              type: 'FulfillmentDelivered',
              data: { fulfillmentRequestId, previous_status: request.status, notes, status: to },
            },
          ];
        case 'cancel':
          return [
            {
              type: 'FulfillmentCancelled',
              data: { fulfillmentRequestId, previous_status: request.status, notes, status: to },
            },
          ];
        case 'reopen':
          return [
            {
              type: 'FulfillmentReopened',
              // spec 2 §4: a reopened request always carries this note.
              data: {
                fulfillmentRequestId,
                previous_status: request.status,
                notes: FULFILLMENT_NOTES.reopen!,
                status: to,
              },
            },
          ];
      }
      throw new Error(`unhandled action ${String(action)}`);
    }
    case 'Assign': {
      const { fulfillmentRequestId, assigned_to, caller, facts } = command.data;
      const request = managedRequest(state, caller);
      actionFor(request.status, 'assigned');
      if (!facts.assigneeEligible) throw new RuleViolation('invalid', FULFILLMENT_ERRORS.assigneeNotAgent);
      return [{ type: 'FulfillmentAssigned', data: { fulfillmentRequestId, assigned_to, status: 'assigned' } }];
    }
  }
}

export const requestDecider: Decider<RequestCommand, RequestEvent, RequestState> = {
  decide: decideRequest,
  evolve: evolveRequest,
  initialState: initialRequestState,
};
