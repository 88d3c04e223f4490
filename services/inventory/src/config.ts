import type { INVENTORY_EVENT_SCHEMAS } from '@labline/contracts';
import { baseServiceConfigSchema, type JwksSource, type ServiceContext } from '@labline/service-kit';
import { z } from 'zod';

/** inventory's environment beyond every service's (README "Configuration"). */
export const inventoryConfigSchema = baseServiceConfigSchema.extend({
  /** identity's public keys, e.g. http://identity:4001/.well-known/jwks.json: every request's token is verified. */
  IDENTITY_JWKS_URL: z.url(),
});
export type InventoryConfig = z.infer<typeof inventoryConfigSchema>;

export interface InventoryResources {
  /** identity's key set: its URL in a deployment, a local set in tests. */
  keys: JwksSource;
}

/** What inventory's commands, reads and routes work with. */
export type InventoryContext = ServiceContext<InventoryConfig, typeof INVENTORY_EVENT_SCHEMAS, InventoryResources>;
