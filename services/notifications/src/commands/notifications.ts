import { SYSTEM_ACTOR, type Caller, type NotificationRequested } from '@labline/contracts';
import { STREAM_DOES_NOT_EXIST, type AppendMetadata } from '@labline/eventstore';
import { nextId } from '@labline/service-kit';
import { sql, type CommonQueryMethods, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import type { NotificationsContext } from '../config';
import type { DeliveryWorker } from '../delivery/worker';
import { notificationDecider, type NotificationCommand } from '../domain/notification/decide';
import { notificationStream } from '../domain/notification/events';
import { notificationIdForProviderMessage } from '../projections/notification-logs/queries';
import type { ProviderStatus } from '../domain/notification/decide';

/**
 * A message to request: everything but the id, which the sequence gives. With a skip reason (consent.ts: the
 * patient's contact preference or an SMS opt-out) it is logged as skipped with that reason and never sent.
 */
export type NotificationRequest = Omit<NotificationRequested, 'notificationId'> & { skip_reason?: string | null };

const requestCommand = (notificationId: number, request: NotificationRequest): NotificationCommand => {
  const { skip_reason: skipReason = null, ...message } = request;
  return { type: 'RequestNotification', data: { notificationId, ...message }, skipReason };
};

async function isRequested(db: CommonQueryMethods, idempotencyKey: string): Promise<boolean> {
  const found = await db.maybeOneFirst(
    sql.type(z.object({ found: z.boolean() }))`
      SELECT true AS found FROM notification_logs WHERE idempotency_key = ${idempotencyKey}`,
  );
  return found === true;
}

/**
 * Requests a message inside the caller's transaction (a reaction's, with its processed-event row), unless its
 * idempotency key was requested before: answers the new id, or null. The unique key in the log is the last
 * guard: a second writer racing this one fails its transaction and, redelivered, finds the key.
 */
export async function requestNotificationIn(
  context: Pick<NotificationsContext, 'commands'>,
  transaction: DatabaseTransactionConnection,
  request: NotificationRequest,
  metadata: AppendMetadata,
): Promise<number | null> {
  if (await isRequested(transaction, request.idempotency_key)) return null;
  const notificationId = await nextId(transaction, 'notification_id_seq');
  await context.commands.handleCommand({
    stream: notificationStream(notificationId),
    decider: notificationDecider,
    command: requestCommand(notificationId, request),
    metadata,
    expectedVersion: STREAM_DOES_NOT_EXIST,
    transaction,
  });
  return notificationId;
}

/**
 * A reaction's messages, requested in its transaction; the delivery worker is woken once it commits if any is
 * to be sent (not skipped, not requested before).
 */
export async function requestAll(
  context: Pick<NotificationsContext, 'commands'>,
  worker: Pick<DeliveryWorker, 'wake'>,
  transaction: DatabaseTransactionConnection,
  requests: readonly NotificationRequest[],
  metadata: AppendMetadata,
): Promise<number[]> {
  const ids: number[] = [];
  let toSend = 0;
  for (const request of requests) {
    const id = await requestNotificationIn(context, transaction, request, metadata);
    if (id === null) continue;
    ids.push(id);
    if (!request.skip_reason) toSend += 1;
  }
  if (toSend > 0) transaction.once('commit', () => worker.wake());
  return ids;
}

/** Requests a message from an HTTP command (a test send, a contact message); answers its id. */
export async function requestNotification(
  context: Pick<NotificationsContext, 'pool' | 'commands'>,
  request: NotificationRequest,
  metadata: AppendMetadata,
): Promise<number> {
  const notificationId = await nextId(context.pool, 'notification_id_seq');
  await context.commands.handleCommand({
    stream: notificationStream(notificationId),
    decider: notificationDecider,
    command: requestCommand(notificationId, request),
    metadata,
  });
  return notificationId;
}

/** What a signed-in caller's message to staff (a test send, a contact message) says; the rest follows from it. */
export type StaffMessage = Pick<
  NotificationRequest,
  | 'idempotency_key'
  | 'message_type'
  | 'notification_type'
  | 'recipient_email'
  | 'recipient_phone'
  | 'subject'
  | 'body'
  | 'reply_to'
>;

/** A caller's message to staff: about no patient or test request, filed under the caller's institution, manual. */
export const staffMessageRequest = (caller: Caller, message: StaffMessage): NotificationRequest => ({
  ...message,
  recipient_type: 'staff',
  patient_id: null,
  patient_name: null,
  test_request_id: null,
  institution_id: caller.institutionId,
  triggered_by_type: 'manual',
  triggered_by_user_id: caller.userId,
});

/**
 * Records what happened to a message (an attempt's outcome, a provider's report). Outcomes do not depend on
 * what the recorder saw, so a race with another report is decided again on the new state.
 */
export async function recordNotificationOutcome(
  context: Pick<NotificationsContext, 'commands'>,
  command: Exclude<NotificationCommand, { type: 'RequestNotification' }>,
  correlationId: string,
): Promise<void> {
  await context.commands.handleCommand({
    stream: notificationStream(command.data.notificationId),
    decider: notificationDecider,
    command,
    metadata: { actor: SYSTEM_ACTOR, correlationId, causationId: null, traceparent: null },
    retries: 5,
  });
}

/**
 * A provider's report on a message (Twilio's status callback), found by the provider's message id or, before
 * the sender recorded that id, by the notification id the callback URL carries. False when no message matches.
 */
export async function recordProviderReport(
  context: Pick<NotificationsContext, 'commands' | 'pool'>,
  report: { providerMessageId: string; claimedId: number | null; status: ProviderStatus; errorMessage: string | null },
  correlationId: string,
): Promise<boolean> {
  const notificationId = await notificationIdForProviderMessage(
    context.pool,
    report.providerMessageId,
    report.claimedId,
  );
  if (notificationId === null) return false;
  await recordNotificationOutcome(
    context,
    {
      type: 'RecordProviderStatus',
      data: {
        notificationId,
        providerMessageId: report.providerMessageId,
        status: report.status,
        errorMessage: report.errorMessage,
      },
    },
    correlationId,
  );
  return true;
}
