import type { FULFILLMENT_EVENT_SCHEMAS } from '@labline/contracts';
import { baseServiceConfigSchema, type JwksSource, type ServiceContext } from '@labline/service-kit';
import { z } from 'zod';

/** fulfillment's environment beyond every service's (README "Configuration"). */
export const fulfillmentConfigSchema = baseServiceConfigSchema.extend({
  /** identity's public keys, e.g. http://identity:4001/.well-known/jwks.json: every request's token is verified. */
  IDENTITY_JWKS_URL: z.url(),
});
export type FulfillmentConfig = z.infer<typeof fulfillmentConfigSchema>;

export interface FulfillmentResources {
  /** identity's key set: its URL in a deployment, a local set in tests. */
  keys: JwksSource;
}

/** What fulfillment's commands, reads and routes work with. */
export type FulfillmentContext = ServiceContext<
  FulfillmentConfig,
  typeof FULFILLMENT_EVENT_SCHEMAS,
  FulfillmentResources
>;
