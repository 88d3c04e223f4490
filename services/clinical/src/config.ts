import type { CLINICAL_EVENT_SCHEMAS } from '@labline/contracts';
import { baseServiceConfigSchema, type JwksSource, type ServiceContext } from '@labline/service-kit';
import { z } from 'zod';

/** clinical's environment beyond every service's (README "Configuration"). */
export const clinicalConfigSchema = baseServiceConfigSchema.extend({
  /** identity's public keys, e.g. http://identity:4001/.well-known/jwks.json: every request's token is verified. */
  IDENTITY_JWKS_URL: z.url(),
});
export type ClinicalConfig = z.infer<typeof clinicalConfigSchema>;

export interface ClinicalResources {
  /** identity's key set: its URL in a deployment, a local set in tests. */
  keys: JwksSource;
}

/** What clinical's commands, reads and routes work with. */
export type ClinicalContext = ServiceContext<ClinicalConfig, typeof CLINICAL_EVENT_SCHEMAS, ClinicalResources>;
