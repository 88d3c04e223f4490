/**
 * Which users are deactivated and which sessions have ended, known from identity's user events, for the
 * gateway, which verifies tokens without asking identity: a deactivated user's or an ended session's live
 * token is refused on the next request after the event reaches NATS, not when the token expires.
 *
 * An ordered (ephemeral) JetStream consumer replays the user events from the stream's start at boot and then
 * follows them live. No durable state: every replica rebuilds the sets in memory, which hold only ids (a
 * few bytes per deactivated account; an ended session only while one of its tokens could still be valid),
 * and nothing needs cleaning up when a replica goes away.
 */
import {
  eventEnvelopeSchema,
  IDENTITY_EVENT_SCHEMAS,
  JETSTREAM_STREAM,
  parseEventData,
  type Principal,
} from '@labline/contracts';
import { startResumingLoop } from '@labline/bus';
import { createLogger, type Logger } from '@labline/telemetry';
import { consumerOpts, NatsError, type JetStreamSubscription, type JsMsg, type NatsConnection } from 'nats';

const STATUS_EVENTS = ['UserRegistered', 'UserDeactivated', 'UserReactivated', 'SessionEnded'] as const;
const SUBJECTS = STATUS_EVENTS.map((type) => `lab.identity.user.${type}`);
/** One filter subject (servers before 2.10 take no more); the other user events are skipped here. */
const COVERING_SUBJECT = 'lab.identity.user.>';
const STREAM_NOT_FOUND = 10059;
const NO_MESSAGE_FOUND = 10037;

export interface DeactivatedUsers {
  /** False for a deactivated user; true for everyone else (including ids never seen). */
  isActive(userId: number): boolean;
  /** The shape authPlugin's `isPrincipalActive` takes: the user is active and the token's session open. */
  isPrincipalActive(principal: Pick<Principal, 'id' | 'sid'>): Promise<boolean>;
  /** Resolves once every user event stored when the watch started has been applied. */
  readonly caughtUp: Promise<void>;
  /** For readiness probes: caught up, and the connection is open. */
  isCaughtUp(): boolean;
  stop(): Promise<void>;
}

export interface DeactivationWatchOptions {
  nc: NatsConnection;
  /** Default LABLINE. */
  stream?: string;
  logger?: Logger;
  /** How long an ended session is remembered: the longest a token lives (JWT_TTL_SECONDS). Default 1 day. */
  rememberEndedSessionsMs?: number;
}

const apiErrorCode = (error: unknown) => (error instanceof NatsError ? error.api_error?.err_code : undefined);

/** The stream sequence of the newest status event stored now (0 for none, or no stream yet). */
async function lastStatusSequence(nc: NatsConnection, stream: string): Promise<number> {
  const jsm = await nc.jetstreamManager();
  let last = 0;
  for (const subject of SUBJECTS) {
    try {
      last = Math.max(last, (await jsm.streams.getMessage(stream, { last_by_subj: subject })).seq);
    } catch (error) {
      const code = apiErrorCode(error);
      if (code !== NO_MESSAGE_FOUND && code !== STREAM_NOT_FOUND) throw error;
    }
  }
  return last;
}

/** Starts following identity's user events; await `caughtUp` before serving requests. */
export async function watchDeactivatedUsers(options: DeactivationWatchOptions): Promise<DeactivatedUsers> {
  const { nc } = options;
  const stream = options.stream ?? JETSTREAM_STREAM;
  const logger = (options.logger ?? createLogger('deactivations')).child({ component: 'deactivation-watch' });
  const deactivated = new Set<number>();
  const target = await lastStatusSequence(nc, stream);
  let caughtUp = target === 0;
  let markCaughtUp: () => void = () => undefined;
  const caughtUpPromise = caughtUp ? Promise.resolve() : new Promise<void>((resolve) => (markCaughtUp = resolve));
  let lastSequence = 0;
  let subscription: JetStreamSubscription | null = null;
  /** Ended sessions by id, oldest first (events arrive in order), with when they ended. */
  const endedSessions = new Map<string, number>();
  const rememberMs = options.rememberEndedSessionsMs ?? 86_400_000;

  function rememberEnded(sessionId: string, endedAt: number): void {
    endedSessions.set(sessionId, endedAt);
    // Tokens of a session ended longer ago than a token lives have expired anyway.
    for (const [oldest, at] of endedSessions) {
      if (at >= Date.now() - rememberMs) break;
      endedSessions.delete(oldest);
    }
  }

  function apply(message: JsMsg): void {
    lastSequence = message.seq;
    const type = message.subject.slice(message.subject.lastIndexOf('.') + 1);
    if ((STATUS_EVENTS as readonly string[]).includes(type)) {
      try {
        const envelope = eventEnvelopeSchema.parse(message.json());
        if (envelope.type === 'UserRegistered') {
          const data = parseEventData(IDENTITY_EVENT_SCHEMAS, 'UserRegistered', envelope.data);
          if (data.is_active) deactivated.delete(data.userId);
          else deactivated.add(data.userId);
        } else if (envelope.type === 'SessionEnded') {
          const { sessionId } = parseEventData(IDENTITY_EVENT_SCHEMAS, 'SessionEnded', envelope.data);
          rememberEnded(sessionId, Date.parse(envelope.occurredAt));
        } else if (envelope.type === 'UserDeactivated' || envelope.type === 'UserReactivated') {
          const { userId } = parseEventData(IDENTITY_EVENT_SCHEMAS, envelope.type, envelope.data);
          if (envelope.type === 'UserDeactivated') deactivated.add(userId);
          else deactivated.delete(userId);
        }
      } catch {
        // Never the data in the log: a malformed event is skipped, identity's own check still applies.
        logger.error({ subject: message.subject, sequence: message.seq }, 'malformed user event skipped');
      }
    }
    if (!caughtUp && (message.seq >= target || message.info.pending === 0)) {
      caughtUp = true;
      markCaughtUp();
      logger.info({ deactivated: deactivated.size }, 'deactivated users caught up');
    }
  }

  const loop = startResumingLoop({
    nc,
    async pass({ madeProgress, isStopping }) {
      try {
        // A push-based ordered consumer (the legacy API): nats.js's pull-based ordered consumer receives
        // nothing from nats-server 2.9. It resets itself on a gap or missed heartbeats.
        const consumerOptions = consumerOpts();
        consumerOptions.orderedConsumer();
        // After an interruption, resume after the last applied event: the set in memory is kept.
        if (lastSequence === 0) consumerOptions.deliverAll();
        else consumerOptions.startSequence(lastSequence + 1);
        consumerOptions.bindStream(stream);
        subscription = await nc.jetstream().subscribe(COVERING_SUBJECT, consumerOptions);
        if (isStopping()) return;
        for await (const message of subscription) {
          apply(message);
          madeProgress();
        }
      } finally {
        subscription?.unsubscribe();
        subscription = null;
      }
    },
    interrupt: () => subscription?.unsubscribe(),
    onInterrupted: (error, failures) => {
      // A missing stream (nothing published yet) is said once, not at every retry.
      if (apiErrorCode(error) !== STREAM_NOT_FOUND || failures === 1) {
        logger.warn(
          { failures, error: error instanceof Error ? error.message : String(error) },
          'user event watch interrupted; resuming',
        );
      }
    },
  });

  return {
    isActive: (userId) => !deactivated.has(userId),
    isPrincipalActive: async (principal) => !deactivated.has(principal.id) && !endedSessions.has(principal.sid),
    caughtUp: caughtUpPromise,
    isCaughtUp: () => caughtUp && !nc.isClosed(),
    stop: () => loop.stop(),
  };
}
