import type { ANALYTICS_EVENT_SCHEMAS } from '@labline/contracts';
import { baseServiceConfigSchema, type JwksSource, type ServiceContext } from '@labline/service-kit';
import { z } from 'zod';

/** analytics's environment beyond every service's (README "Configuration"). */
export const analyticsConfigSchema = baseServiceConfigSchema.extend({
  /** identity's public keys, e.g. http://identity:4001/.well-known/jwks.json: every request's token is verified. */
  IDENTITY_JWKS_URL: z.url(),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

export interface AnalyticsResources {
  /** identity's key set: its URL in a deployment, a local set in tests. */
  keys: JwksSource;
}

/** What analytics's commands, reads and routes work with. */
export type AnalyticsContext = ServiceContext<AnalyticsConfig, typeof ANALYTICS_EVENT_SCHEMAS, AnalyticsResources>;
