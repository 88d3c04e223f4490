import type { RESULTS_EVENT_SCHEMAS } from '@labline/contracts';
import { baseServiceConfigSchema, type JwksSource, type ServiceContext } from '@labline/service-kit';
import { z } from 'zod';

/** results's environment beyond every service's (README "Configuration"). */
export const resultsConfigSchema = baseServiceConfigSchema.extend({
  /** identity's public keys, e.g. http://identity:4001/.well-known/jwks.json: every request's token is verified. */
  IDENTITY_JWKS_URL: z.url(),
});
export type ResultsConfig = z.infer<typeof resultsConfigSchema>;

export interface ResultsResources {
  /** identity's key set: its URL in a deployment, a local set in tests. */
  keys: JwksSource;
}

/** What results's commands, reads and routes work with. */
export type ResultsContext = ServiceContext<ResultsConfig, typeof RESULTS_EVENT_SCHEMAS, ResultsResources>;
