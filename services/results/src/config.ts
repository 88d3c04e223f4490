import type { RESULTS_SERVICE_EVENT_SCHEMAS } from '@labline/contracts';
import { baseServiceConfigSchema, type JwksSource, type ServiceContext } from '@labline/service-kit';
import { z } from 'zod';
import type { LabProviders } from './commands/external-orders';

/** results's environment beyond every service's (README "Configuration"). */
export const resultsConfigSchema = baseServiceConfigSchema.extend({
  /** identity's public keys, e.g. http://identity:4001/.well-known/jwks.json: every request's token is verified. */
  IDENTITY_JWKS_URL: z.url(),
  /** The external laboratory's FHIR R4 base URL (the `fhir` provider); without it no order can be submitted. */
  EXTERNAL_LAB_FHIR_URL: z.url().optional(),
  /** How long one call to the laboratory may take before it counts as down. */
  EXTERNAL_LAB_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** How often the background poll follows the orders at the laboratory. */
  EXTERNAL_LAB_POLL_MS: z.coerce.number().int().positive().default(5_000),
});
export type ResultsConfig = z.infer<typeof resultsConfigSchema>;

export interface ResultsResources {
  /** identity's key set: its URL in a deployment, a local set in tests. */
  keys: JwksSource;
  /** The external laboratories' adapters, by the `{provider}` that names them (none configured: empty). */
  labProviders: LabProviders;
}

/** What results's commands, reads and routes work with. */
export type ResultsContext = ServiceContext<ResultsConfig, typeof RESULTS_SERVICE_EVENT_SCHEMAS, ResultsResources>;
