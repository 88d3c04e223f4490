import type { NotificationRequested } from '@labline/contracts';
import { RuleViolation, type Decider } from '@labline/eventstore';
import type { NotificationEvent } from './events';
import { evolveNotification, initialNotificationState, type NotificationState } from './state';

/** What a provider's status report (Twilio's callback) says about a message. */
export type ProviderStatus = 'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export type NotificationCommand =
  /** With a skip reason, the message is recorded as skipped at once and never sent. */
  | { type: 'RequestNotification'; data: NotificationRequested; skipReason?: string | null }
  /** The provider took the message on this attempt. */
  | { type: 'RecordSent'; data: { notificationId: number; attempt: number; providerMessageId: string | null } }
  /**
   * An attempt failed. `retryAt` is when the next one is due, or null when there is none: the refusal was
   * permanent, or this was the last attempt.
   */
  | {
      type: 'RecordAttemptFailure';
      data: { notificationId: number; attempt: number; errorMessage: string; retryAt: string | null };
    }
  | {
      type: 'RecordProviderStatus';
      data: { notificationId: number; providerMessageId: string; status: ProviderStatus; errorMessage: string | null };
    };

const isOpen = (state: NotificationState) => state.status === 'pending' || state.status === 'sent';

function decideProviderStatus(
  state: Exclude<NotificationState, { status: 'absent' }>,
  data: Extract<NotificationCommand, { type: 'RecordProviderStatus' }>['data'],
): NotificationEvent[] {
  const { notificationId, providerMessageId } = data;
  // Reports arrive out of order or twice: a message that ended stays as it ended.
  if (!isOpen(state)) return [];
  switch (data.status) {
    case 'delivered':
      return [{ type: 'NotificationDelivered', data: { notificationId, provider_message_id: providerMessageId } }];
    case 'failed':
    case 'undelivered':
      return [
        {
          type: 'NotificationFailed',
          data: {
            notificationId,
            attempt: Math.max(state.attempts, 1),
            error_message: data.errorMessage ?? `The provider reported the message ${data.status}`,
            provider_message_id: providerMessageId,
          },
        },
      ];
    default:
      // The provider took it before the sender recorded so (the callback won the race): it is sent.
      return state.status === 'pending'
        ? [
            {
              type: 'NotificationSent',
              data: { notificationId, attempt: state.attempts + 1, provider_message_id: providerMessageId },
            },
          ]
        : [];
  }
}

/**
 * A message's rules: requested once (and skipped with it when it must not be sent); each attempt's outcome
 * recorded once, in order (a repeated or stale report changes nothing); sent → delivered or failed by the
 * provider's reports; an ended (or skipped) message stays ended.
 */
export function decideNotification(command: NotificationCommand, state: NotificationState): NotificationEvent[] {
  if (command.type === 'RequestNotification') {
    if (state.status !== 'absent') throw new RuleViolation('conflict', 'The notification was already requested');
    const requested: NotificationEvent = { type: 'NotificationRequested', data: command.data };
    if (!command.skipReason) return [requested];
    const { notificationId } = command.data;
    return [requested, { type: 'NotificationSkipped', data: { notificationId, reason: command.skipReason } }];
  }
  if (state.status === 'absent') throw new RuleViolation('not_found', 'Notification not found');
  const { data } = command;
  switch (command.type) {
    case 'RecordSent':
      return state.status === 'pending'
        ? [
            {
              type: 'NotificationSent',
              data: {
                notificationId: data.notificationId,
                attempt: command.data.attempt,
                provider_message_id: command.data.providerMessageId,
              },
            },
          ]
        : [];
    case 'RecordAttemptFailure': {
      const { notificationId, attempt, errorMessage, retryAt } = command.data;
      if (state.status !== 'pending' || attempt <= state.attempts) return [];
      return retryAt === null
        ? [
            {
              type: 'NotificationFailed',
              data: { notificationId, attempt, error_message: errorMessage, provider_message_id: null },
            },
          ]
        : [
            {
              type: 'NotificationAttemptFailed',
              data: { notificationId, attempt, error_message: errorMessage, retry_at: retryAt },
            },
          ];
    }
    case 'RecordProviderStatus':
      return decideProviderStatus(state, command.data);
  }
}

export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationState> = {
  decide: decideNotification,
  evolve: evolveNotification,
  initialState: initialNotificationState,
};
