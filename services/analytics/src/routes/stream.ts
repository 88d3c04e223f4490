import type { ServerResponse } from 'node:http';
import {
  ANALYTICS_CONTRACTS,
  DASHBOARD_STREAM,
  dashboardScope,
  withinDashboardScope,
  type DashboardChange,
} from '@labline/contracts';
import { callerOf, route } from '@labline/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsContext } from '../config';
import { activityFeedOf, type Announcement, type FeedSubscriber } from '../live/feed';
import { analyticsReads } from '../reads';

/** At most this many missed changes are replayed on a reconnect: the newest (one is enough to refresh). */
const REPLAY_LIMIT = 200;

/** A Last-Event-ID the stream gave out: a position; anything else is ignored (a fresh start). */
function positionOf(header: string | string[] | undefined): number | null {
  const text = Array.isArray(header) ? header[0] : header;
  return text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

function frame(position: number, change: DashboardChange): string {
  const data: DashboardChange = {
    type: change.type,
    test_request_id: change.test_request_id,
    patient_id: change.patient_id,
    created_at: change.created_at,
  };
  return `id: ${position}\nevent: ${DASHBOARD_STREAM.event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /analytics/stream (docs/architecture.md §2, "The live dashboard"): the dashboard's changes as server-sent
 * events, within the caller's dashboard scope (the same query and dashboardScope as GET /analytics/dashboard).
 * A reconnect with Last-Event-ID first gets what it missed from the activities table; a new stream starts with
 * a `ready` event whose id is the newest position. A heartbeat comment every 15 s keeps proxies from idling it
 * out; it ends after DASHBOARD_STREAM.maxAgeMs so that its client comes back with a token checked anew. When the
 * client goes, its subscription and timers go with it.
 */
export const streamRoutes =
  (context: AnalyticsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<ServerResponse>();
    // Open streams would hold the server's close forever: they end first, their clients reconnect elsewhere.
    app.addHook('preClose', async () => {
      for (const response of open) response.end();
    });
    app.addHook('onClose', async () => activityFeedOf(context).close());

    route(app, ANALYTICS_CONTRACTS.stream, async (request, reply) => {
      const caller = callerOf(request);
      const scope = dashboardScope(caller, request.query);
      const reads = analyticsReads(context.pool, caller);
      const after = positionOf(request.headers['last-event-id']);

      const response = reply.raw;
      // Nothing is written once the client has gone or the stream was ended (a write after the end would throw).
      const write = (text: string) => {
        if (!response.writableEnded && !response.destroyed) response.write(text);
      };
      // Live changes wait here while the replay is read, so that none falls between the two.
      let pending: Announcement[] | null = [];
      const replayed = new Set<number>();
      const subscriber: FeedSubscriber = {
        change(announcement) {
          const record = { institutionIds: announcement.institution_ids, clinicianId: announcement.clinician_id };
          if (!withinDashboardScope(scope, record)) return;
          if (pending) pending.push(announcement);
          else write(frame(announcement.position, announcement));
        },
        lost: () => response.end(),
      };

      const unsubscribe = await activityFeedOf(context).subscribe(subscriber);
      reply.hijack();
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and the like pass it on as it comes
        'x-accel-buffering': 'no',
      });
      open.add(response);
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), DASHBOARD_STREAM.heartbeatMs);
      const maxAge = setTimeout(() => response.end(), DASHBOARD_STREAM.maxAgeMs);
      response.on('close', () => {
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        unsubscribe();
        open.delete(response);
      });
      write(`retry: ${DASHBOARD_STREAM.retryMs}\n\n`);

      try {
        if (after === null) {
          write(`id: ${await reads.latestPosition()}\nevent: ready\ndata: {}\n\n`);
        } else {
          for (const change of await reads.changesAfter(request.query, after, REPLAY_LIMIT)) {
            replayed.add(change.position);
            write(frame(change.position, change));
          }
        }
      } catch (error) {
        request.log.error({ err: error }, 'live dashboard: replay failed');
        response.end();
        return reply;
      }
      const waiting = pending;
      pending = null;
      for (const announcement of waiting) {
        if (!replayed.has(announcement.position)) write(frame(announcement.position, announcement));
      }
      return reply;
    });
  };
