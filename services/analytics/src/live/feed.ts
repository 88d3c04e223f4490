/**
 * The live dashboard's fan-out within one replica (docs/architecture.md §2, "The live dashboard"). The
 * clinical-activity projection announces each new activity with pg_notify in its consumer's transaction, so
 * the announcement leaves Postgres when the activity commits, whichever replica's consumer applied it. Each
 * replica holds one LISTEN connection (opened by its first stream, kept while the replica runs) and hands every
 * announcement to its open streams, which keep what their caller may see.
 *
 * When the connection is lost, announcements may have been missed: every open stream is ended, and its client
 * reconnects with Last-Event-ID and gets the missed changes replayed from the activities table.
 */
import { ACTIVITY_TYPES } from '@labline/contracts';
import { serviceConnectionUrl, serviceDatabaseUrls } from '@labline/db';
import { schemaOf } from '@labline/service-kit';
import pg from 'pg';
import { z } from 'zod';
import type { AnalyticsContext } from '../config';
import { ACTIVITY_CHANNEL_SUFFIX } from '../projections/activity/projection';

/** What the projection announces (recordActivity): the change and what the scope needs, no name. */
export const announcementSchema = z.object({
  position: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  test_request_id: z.number().int().nullable(),
  patient_id: z.number().int().nullable(),
  institution_ids: z.array(z.number().int()),
  clinician_id: z.number().int().nullable(),
  created_at: z.string().transform((text) => new Date(text).toISOString()),
});
export type Announcement = z.infer<typeof announcementSchema>;

export interface FeedSubscriber {
  change(announcement: Announcement): void;
  /** The LISTEN connection was lost: announcements may be missing, the stream must end (its client replays). */
  lost(): void;
}

export interface ActivityFeed {
  /** Resolves once the replica listens: from then on every committed activity reaches `subscriber`. */
  subscribe(subscriber: FeedSubscriber): Promise<() => void>;
  /** The streams listening now (a closed one is gone at once). */
  readonly subscribers: number;
  close(): Promise<void>;
}

export interface FeedOptions {
  /** The application role's connection URL. */
  url: string;
  /** The service's schema: the channel is the live tables' (`<schema>.activity`). */
  schema: string;
  logger: AnalyticsContext['logger'];
}

export function createActivityFeed(options: FeedOptions): ActivityFeed {
  const subscribers = new Set<FeedSubscriber>();
  const channel = `${options.schema}${ACTIVITY_CHANNEL_SUFFIX}`;
  let connection: Promise<pg.Client> | null = null;
  let listening: pg.Client | null = null;
  let closed = false;

  function release(client: pg.Client): Promise<void> {
    client.removeAllListeners();
    client.on('error', () => undefined);
    return client.end().catch(() => undefined);
  }

  function lose(client: pg.Client, error: unknown) {
    if (closed) return;
    if (listening === client) {
      listening = null;
      connection = null;
    }
    void release(client);
    options.logger.warn({ err: error }, 'live dashboard: LISTEN connection lost, ending open streams');
    for (const subscriber of [...subscribers]) subscriber.lost();
  }

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: serviceConnectionUrl({ url: options.url, schema: options.schema, applicationName: 'live' }),
    });
    client.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      const parsed = announcementSchema.safeParse(JSON.parse(message.payload));
      if (!parsed.success) {
        options.logger.error({ issues: parsed.error.issues }, 'live dashboard: undecodable announcement');
        return;
      }
      for (const subscriber of subscribers) subscriber.change(parsed.data);
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    listening = client;
    return client;
  }

  return {
    async subscribe(subscriber) {
      if (closed) throw new Error('the live feed is closed');
      connection ??= connect().catch((error: unknown) => {
        connection = null;
        throw error;
      });
      await connection;
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    get subscribers() {
      return subscribers.size;
    },
    async close() {
      closed = true;
      subscribers.clear();
      const client = await connection?.catch(() => null);
      connection = null;
      listening = null;
      if (client) await release(client);
    },
  };
}

const feeds = new WeakMap<AnalyticsContext, ActivityFeed>();

/**
 * The one feed of a service context (of a replica), made on first use: the application role's connection to
 * the service's schema, as its pool's. Once closed (the app closing), the next use makes a new one.
 */
export function activityFeedOf(context: AnalyticsContext): ActivityFeed {
  const known = feeds.get(context);
  if (known) return known;
  const schema = schemaOf({ name: context.name }, context.config);
  const { DATABASE_URL: url, DATABASE_ADMIN_URL: adminUrl } = context.config;
  const { application } = serviceDatabaseUrls({ url, adminUrl, schema });
  const feed = createActivityFeed({ url: application, schema, logger: context.logger });
  const close = feed.close;
  feed.close = () => {
    feeds.delete(context);
    return close();
  };
  feeds.set(context, feed);
  return feed;
}
