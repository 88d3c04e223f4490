import type { FulfillmentStatus } from '@labline/contracts';
import type { RequestEvent } from './events';

/** What the rules look at: the status, the tenant, the assignee. */
export interface OpenRequest {
  fulfillmentRequestId: number;
  test_request_id: number;
  institution_id: number;
  assigned_to: number | null;
  status: FulfillmentStatus;
}

export type RequestState = { status: 'none' } | { status: 'recorded'; request: OpenRequest };

export const initialRequestState = (): RequestState => ({ status: 'none' });

export function evolveRequest(state: RequestState, event: RequestEvent): RequestState {
  if (event.type === 'FulfillmentRequested') {
    const { fulfillmentRequestId, test_request_id, institution_id, assigned_to } = event.data;
    return {
      status: 'recorded',
      request: { fulfillmentRequestId, test_request_id, institution_id, assigned_to, status: 'pending' },
    };
  }
  if (state.status !== 'recorded') return state;
  const request = { ...state.request, status: event.data.status };
  if (event.type === 'FulfillmentAssigned') request.assigned_to = event.data.assigned_to;
  return { status: 'recorded', request };
}
