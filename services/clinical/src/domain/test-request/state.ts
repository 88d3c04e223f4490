import type { TestRequestSnapshot } from '@labline/contracts';
import type { TestRequestEvent } from './events';

export type TestRequestState =
  | { status: 'absent' }
  | { status: 'active'; request: TestRequestSnapshot }
  | { status: 'archived'; request: TestRequestSnapshot };

export const initialTestRequestState = (): TestRequestState => ({ status: 'absent' });

export function evolveTestRequest(state: TestRequestState, event: TestRequestEvent): TestRequestState {
  switch (event.type) {
    case 'TestRequestCreated':
    case 'TestRequestUpdated':
      return { status: 'active', request: event.data };
    case 'TestRequestStatusChanged':
      return state.status === 'absent' ? state : { ...state, request: { ...state.request, status: event.data.to } };
    case 'TestRequestCancelled':
      return state.status === 'absent' ? state : { ...state, request: { ...state.request, status: 'cancelled' } };
    case 'TestRequestArchived':
      return state.status === 'absent' ? state : { status: 'archived', request: state.request };
    case 'TestRequestRestored':
      return state.status === 'absent' ? state : { status: 'active', request: state.request };
    case 'TestRequestNotificationRequested':
      return state;
  }
}
