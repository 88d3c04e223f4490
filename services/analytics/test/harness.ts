/**
 * An analytics app on a fresh database and a private NATS JetStream per test file: real Postgres, its real
 * durable consumers fed with identity- and clinical-shaped events published as their relays would.
 */
import type { Actor, ANALYTICS_EVENT_SCHEMAS } from '@labline/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@labline/service-kit/testing';
import type { TestUser } from '@labline/testkit';
import type { AnalyticsConfig, AnalyticsResources } from '../src/config';
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

export type AnalyticsTestContext = ServiceUnderTest<
  AnalyticsConfig,
  typeof ANALYTICS_EVENT_SCHEMAS,
  AnalyticsResources
>;

export const startAnalytics = (): Promise<AnalyticsTestContext> => startServiceUnderTest(service);
