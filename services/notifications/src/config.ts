import type { NOTIFICATION_EVENT_SCHEMAS } from '@labline/contracts';
import { baseServiceConfigSchema, type JwksSource, type ServiceContext } from '@labline/service-kit';
import { z } from 'zod';
import type { Channels } from './delivery/channels';
import { isTimeZone } from './workers/reminders/time';

const optionalText = z.string().trim().min(1).optional();
const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `30000,120000` → [30000, 120000]: the waits before the second, third… attempt of a failed send. */
const backoffList = z
  .string()
  .default('30000,120000,600000')
  .transform((value, context) => {
    const waits = value.split(',').map((part) => Number(part.trim()));
    if (waits.length === 0 || waits.some((wait) => !Number.isInteger(wait) || wait <= 0)) {
      context.addIssue({ code: 'custom', message: 'must be positive whole milliseconds, comma-separated' });
      return z.NEVER;
    }
    return waits;
  });

/** A sender as SMTP takes it: `address@host` or `Name <address@host>`. */
const senderSchema = z
  .string()
  .trim()
  .regex(/^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address or "Name <address>"');

/**
 * notifications' environment beyond every service's (README "Configuration"). SMTP and Twilio are optional so
 * that a deployment without SMS still runs: a channel that is not configured fails its messages with a sentence
 * saying what to set, and GET /cron/notification-health reports it. Production points these at a real SMTP
 * relay and Twilio (no TWILIO_API_BASE_URL) with no code change.
 */
export const notificationsConfigSchema = baseServiceConfigSchema
  .extend({
    /** identity's public keys, e.g. http://identity:4001/.well-known/jwks.json. */
    IDENTITY_JWKS_URL: z.url(),
    SMTP_HOST: optionalText,
    SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
    /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
    SMTP_SECURE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** Refuse to send unless the connection is encrypted (STARTTLS required). */
    SMTP_REQUIRE_TLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    SMTP_FROM: senderSchema.optional(),
    /** Where contact-support messages go (spec 3 §2). */
    SUPPORT_EMAIL: z.email().optional(),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC and 32 hex digits')
      .optional(),
    TWILIO_AUTH_TOKEN: optionalText,
    /** The sending number in E.164, e.g. +15005550006. */
    TWILIO_FROM_NUMBER: z
      .string()
      .regex(/^\+[1-9][0-9]{7,14}$/, 'must be a number in E.164 form, e.g. +15005550006')
      .optional(),
    /** Another host for Twilio's REST API (the SMS sandbox); the real https://api.twilio.com when absent. */
    TWILIO_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * The public URL of this service's status-callback webhook as Twilio calls it (through the ingress in
     * production): given to Twilio with each message and used to check each callback's signature.
     */
    TWILIO_STATUS_CALLBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The public URL of the inbound-message webhook as Twilio calls it, for its signature. */
    TWILIO_INBOUND_URL: z.url({ protocol: /^https?$/ }).optional(),
    NOTIFICATION_RETRY_BACKOFF_MS: backoffList,
    /** How often the delivery worker looks for due messages (it is also woken at once by a new one). */
    NOTIFICATION_POLL_MS: milliseconds(1_000),
    /** How long a worker holds a message it is sending before another replica may try it. */
    NOTIFICATION_LEASE_MS: milliseconds(120_000),
    /** Events older than this cause no message (a consumer starting on old history must not notify). */
    NOTIFICATION_MAX_EVENT_AGE_HOURS: z.coerce.number().positive().default(24),
    /** Time zone reported by the health check. */
    TZ: z.string().min(1).optional(),
    /**
     * Whether this replica runs the reminder scheduler: its job workers and its planner (issue 13 part 3). Off
     * everywhere, reminders wait in their durable queue; one found later than the grace is marked missed.
     */
    REMINDER_SCHEDULER_ENABLED: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    /** How late a reminder may still be sent after its time; later, it is marked missed instead of sent. */
    REMINDER_MISSED_GRACE_MS: milliseconds(15 * 60 * 1000),
    /** How often the scheduler's workers look for due reminder jobs (pg-boss's polling; at least 500 ms). */
    REMINDER_POLL_MS: z.coerce.number().int().min(500).default(2_000),
    /** The zone a reminder writes {test_datetime} in and the health card reports; TZ, else the system's. */
    SCHEDULER_TIMEZONE: z.string().refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/London').optional(),
  })
  .superRefine((env, context) => {
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ['SMTP_USER', 'SMTP_PASSWORD'],
      ['SMTP_PASSWORD', 'SMTP_USER'],
    ];
    for (const [given, needed] of pairs) {
      if (env[given] !== undefined && env[needed] === undefined) {
        context.addIssue({ code: 'custom', path: [needed], message: `is required with ${given}` });
      }
    }
  });
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export interface NotificationsResources {
  /** identity's key set: its URL in a deployment, a local set in tests. */
  keys: JwksSource;
  /** The e-mail and SMS senders (nodemailer, twilio) as configured. */
  channels: Channels;
}

/** How old an event may be and still cause a message (NOTIFICATION_MAX_EVENT_AGE_HOURS). */
export const maxEventAgeMsOf = (config: Pick<NotificationsConfig, 'NOTIFICATION_MAX_EVENT_AGE_HOURS'>): number =>
  config.NOTIFICATION_MAX_EVENT_AGE_HOURS * 60 * 60 * 1000;

/** What notifications' commands, reads, routes and workers work with. */
export type NotificationsContext = ServiceContext<
  NotificationsConfig,
  typeof NOTIFICATION_EVENT_SCHEMAS,
  NotificationsResources
>;
