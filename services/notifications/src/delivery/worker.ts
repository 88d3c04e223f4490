/**
 * The delivery worker: sends the messages that are due (pending, next attempt reached) through their channel
 * and records each attempt's outcome as an event. A message is leased before it is sent, so replicas never
 * send one at the same time; a worker that dies mid-send leaves its lease to expire, after which the message is
 * tried again (at-least-once: SMTP and Twilio's Messages API take no idempotency key).
 */
import { randomUUID } from 'node:crypto';
import { NOTIFICATION_ERRORS, type NotificationChannel } from '@labline/contracts';
import type { Logger } from '@labline/telemetry';
import { sql } from 'slonik';
import { z } from 'zod';
import { recordNotificationOutcome } from '../commands/notifications';
import type { NotificationsContext } from '../config';
import type { Channels, SendOutcome } from './channels';

export interface DeliveryWorker {
  start(): void;
  /** Finishes the message in hand and stops. */
  stop(): Promise<void>;
  /** A message may be due now: look at once instead of at the next poll. */
  wake(): void;
  /** Tries one message now (an HTTP command's own), unless another worker holds it. */
  deliverNow(notificationId: number): Promise<void>;
  /** One pass over the due messages; answers how many were tried. */
  runOnce(): Promise<number>;
}

const BATCH_SIZE = 10;

const claimedSchema = z.object({ notification_id: z.number().int() });
const messageSchema = z.object({
  id: z.number().int(),
  notification_type: z.enum(['email', 'sms']),
  recipient_email: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  reply_to: z.string().nullable(),
  delivery_status: z.string(),
  attempts: z.number().int(),
});

/** When the next attempt after this failed one is due, or null when it was the last (or could not help). */
export function retryAtAfter(
  outcome: Extract<SendOutcome, { ok: false }>,
  attempt: number,
  backoffMs: readonly number[],
  now = Date.now(),
): string | null {
  const wait = backoffMs[attempt - 1];
  if (outcome.permanent || wait === undefined) return null;
  return new Date(now + wait).toISOString();
}

/** How long a request that sends at once (the test notification) waits for another worker's attempt. */
const DELIVER_NOW_WAIT_MS = 15_000;

export function createDeliveryWorker(
  context: Pick<NotificationsContext, 'pool' | 'commands' | 'config'>,
  channels: Channels,
  logger: Logger,
): DeliveryWorker {
  const { pool, config } = context;
  const leaseMs = config.NOTIFICATION_LEASE_MS;
  let stopped = true;
  let running: Promise<void> | null = null;
  let wakeRequested = false;
  let wakeUp: (() => void) | null = null;

  /**
   * Leases due messages (or the one named) that no live lease holds; answers their ids and the leases' owner,
   * this claim: only the owner ends a lease, so an attempt outliving its lease leaves the next one's alone.
   */
  async function claim(only: number | null, limit: number): Promise<{ ids: number[]; owner: string }> {
    const owner = randomUUID();
    const rows = await pool.any(sql.type(claimedSchema)`
      WITH due AS (
        SELECT l.id FROM notification_logs l
        WHERE l.delivery_status = 'pending' AND l.next_attempt_at <= now()
          AND (${only}::int IS NULL OR l.id = ${only}::int)
          AND NOT EXISTS (SELECT 1 FROM notification_leases le WHERE le.notification_id = l.id AND le.locked_until > now())
        ORDER BY l.next_attempt_at, l.id
        LIMIT ${limit}
        FOR UPDATE OF l SKIP LOCKED)
      INSERT INTO notification_leases (notification_id, locked_until, owner)
      SELECT id, now() + ${leaseMs} * interval '1 millisecond', ${owner}::uuid FROM due
      ON CONFLICT (notification_id) DO UPDATE SET locked_until = excluded.locked_until, owner = excluded.owner
        WHERE notification_leases.locked_until <= now()
      RETURNING notification_id`);
    return { ids: rows.map((row) => row.notification_id), owner };
  }

  async function attempt(notificationId: number, owner: string): Promise<void> {
    try {
      const message = await pool.maybeOne(sql.type(messageSchema)`
        SELECT id, notification_type, recipient_email, recipient_phone, subject, body, reply_to, delivery_status,
               attempts
        FROM notification_logs WHERE id = ${notificationId}`);
      if (!message || message.delivery_status !== 'pending') return;
      const channel: NotificationChannel = message.notification_type;
      const attemptNumber = message.attempts + 1;
      const to = channel === 'email' ? message.recipient_email : message.recipient_phone;
      const outcome: SendOutcome = to
        ? await channels[channel].send({
            notificationId,
            to,
            subject: message.subject,
            body: message.body,
            replyTo: message.reply_to,
          })
        : { ok: false, permanent: true, reason: NOTIFICATION_ERRORS.noContactDetails };
      const correlationId = `notification-${notificationId}-attempt-${attemptNumber}`;
      if (outcome.ok) {
        await recordNotificationOutcome(
          context,
          {
            type: 'RecordSent',
            data: { notificationId, attempt: attemptNumber, providerMessageId: outcome.providerMessageId },
          },
          correlationId,
        );
        return;
      }
      const retryAt = retryAtAfter(outcome, attemptNumber, config.NOTIFICATION_RETRY_BACKOFF_MS);
      logger.warn({ notificationId, attempt: attemptNumber, channel, retry: retryAt !== null }, 'send failed');
      await recordNotificationOutcome(
        context,
        {
          type: 'RecordAttemptFailure',
          data: { notificationId, attempt: attemptNumber, errorMessage: outcome.reason, retryAt },
        },
        correlationId,
      );
    } finally {
      // Not a lease another worker took after this one's expired (this send outlasted it).
      await pool.query(
        sql.unsafe`DELETE FROM notification_leases WHERE notification_id = ${notificationId} AND owner = ${owner}`,
      );
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim(null, BATCH_SIZE);
    for (const notificationId of claimed.ids) {
      try {
        await attempt(notificationId, claimed.owner);
      } catch (error) {
        logger.error({ notificationId, error: (error as Error).message }, 'delivery attempt failed to record');
      }
    }
    return claimed.ids.length;
  }

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (wakeRequested || stopped) return resolve();
      const done = () => {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, config.NOTIFICATION_POLL_MS);
      wakeUp = done;
    });

  async function loop(): Promise<void> {
    while (!stopped) {
      wakeRequested = false;
      let tried = 0;
      try {
        tried = await runOnce();
      } catch (error) {
        logger.warn({ error: (error as Error).message }, 'looking for due notifications failed');
      }
      if (tried === 0) await sleep();
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
      running = null;
    },
    wake() {
      wakeRequested = true;
      wakeUp?.();
    },
    async deliverNow(notificationId) {
      const claimed = await claim(notificationId, 1);
      if (claimed.ids.length > 0) return attempt(notificationId, claimed.owner);
      // Another worker took it first (this replica's loop, woken by the new message, or another replica): the
      // caller reads the outcome of that attempt, so wait for it, for as long as a send may reasonably take.
      const deadline = Date.now() + DELIVER_NOW_WAIT_MS;
      while (Date.now() < deadline) {
        const tried = await pool.exists(sql.unsafe`
          SELECT 1 FROM notification_logs l
          WHERE l.id = ${notificationId}
            AND (l.delivery_status <> 'pending' OR l.attempts > 0)
            AND NOT EXISTS (SELECT 1 FROM notification_leases le WHERE le.notification_id = l.id)`);
        if (tried) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    runOnce,
  };
}
