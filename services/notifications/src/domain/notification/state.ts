import type { DeliveryStatus } from '@labline/contracts';
import type { NotificationEvent } from './events';

export type NotificationState =
  { status: 'absent' } | { status: DeliveryStatus; attempts: number; providerMessageId: string | null };

export const initialNotificationState = (): NotificationState => ({ status: 'absent' });

export function evolveNotification(state: NotificationState, event: NotificationEvent): NotificationState {
  if (event.type === 'NotificationRequested') return { status: 'pending', attempts: 0, providerMessageId: null };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'NotificationSent':
      return { status: 'sent', attempts: event.data.attempt, providerMessageId: event.data.provider_message_id };
    case 'NotificationAttemptFailed':
      return { ...state, attempts: event.data.attempt };
    case 'NotificationDelivered':
      return {
        ...state,
        status: 'delivered',
        providerMessageId: event.data.provider_message_id ?? state.providerMessageId,
      };
    case 'NotificationSkipped':
      return { ...state, status: 'skipped' };
    case 'NotificationFailed':
      return {
        status: 'failed',
        attempts: Math.max(state.attempts, event.data.attempt),
        providerMessageId: event.data.provider_message_id ?? state.providerMessageId,
      };
  }
}
