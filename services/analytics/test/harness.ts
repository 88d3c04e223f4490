/**
 * An analytics app on a fresh database and a private NATS JetStream per test file: real Postgres, its real
 * durable consumers fed with identity- and clinical-shaped events published as their relays would.
 */
import { startPrivateJetStream, testEventPublisher, type PrivateJetStream, type TestEvent } from '@labline/bus/testing';
import type { Actor, EventEnvelope, ServiceName } from '@labline/contracts';
import { openServiceDatabase } from '@labline/db';
import { createPostgresEventStore, type EventStore } from '@labline/eventstore';
import { buildInProcess, serviceMigrations, type HttpApp } from '@labline/service-kit';
import {
  bearerHeaders,
  createTestDatabase,
  createTestKeys,
  testUserEmail,
  type TestDatabase,
  type TestUser,
} from '@labline/testkit';
import type { DatabasePool } from 'slonik';
import type { AnalyticsContext } from '../src/config';
import { service } from '../src/service';

/** The event actor of a test user. */
export const actorOf = (member: TestUser): Actor => ({
  userId: member.id,
  role: member.role,
  institutionId: member.institution_id,
});

/** A test user's name as the figures show it ("First Last"). */
export const nameOf = (member: TestUser): string => `${member.first_name} ${member.last_name}`;

/** Times relative to one moment of a test file: `hoursAgo(h)` as an ISO instant, `dayOf(h)` its UTC date. */
export function clockAt(now: number): { hoursAgo: (hours: number) => string; dayOf: (hours: number) => string } {
  const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
  return { hoursAgo, dayOf: (hours) => hoursAgo(hours).slice(0, 10) };
}

export interface AnalyticsTestContext {
  app: HttpApp;
  context: AnalyticsContext;
  pool: DatabasePool;
  store: EventStore;
  nats: PrivateJetStream;
  /** Publishes an event as its service's relay would (Nats-Msg-Id = event id); answers the envelope. */
  publish(service: ServiceName, event: TestEvent): Promise<EventEnvelope>;
  /** Publishes an envelope again under a new message id, as a relay republishing after JetStream's window. */
  republish(service: ServiceName, envelope: EventEnvelope): Promise<void>;
  as(member: TestUser): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function startAnalytics(): Promise<AnalyticsTestContext> {
  const database: TestDatabase = await createTestDatabase('analytics_test');
  const pool = await openServiceDatabase({
    url: database.url,
    schema: 'analytics',
    migrations: await serviceMigrations(service),
  });
  const store = createPostgresEventStore({ pool });
  const nats = await startPrivateJetStream();
  const keys = await createTestKeys();
  const { publish, republish } = testEventPublisher(nats.nc);
  const { app, context } = await buildInProcess(service, {
    env: { DATABASE_URL: database.url, NATS_URL: nats.url, IDENTITY_JWKS_URL: 'http://127.0.0.1/unused' },
    pool,
    store,
    resources: { keys: { jwks: keys.jwks } },
    nc: nats.nc,
  });
  return {
    app,
    context,
    pool,
    store,
    nats,
    publish,
    republish,
    as: (member) => bearerHeaders(keys, member, { permissions: [], email: testUserEmail(member) }),
    async close() {
      await app.close();
      await nats.close();
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}
