import { fileURLToPath } from 'node:url';
import { INVENTORY_ERRORS, INVENTORY_EVENT_SCHEMAS } from '@labline/contracts';
import { defineService, identityDirectoryProjection, resolveDirectoryCaller } from '@labline/service-kit';
import { inventoryConfigSchema, type InventoryConfig, type InventoryResources } from './config';
import { itemsProjection, SKU_UNIQUE_INDEX } from './projections/items/projection';
import { fulfillmentStockReactor } from './fulfillment/holds';
import { itemFulfillmentRequestsProjection } from './fulfillment/requests';
import { movementsProjection } from './projections/movements/projection';
import { STORAGE_LOCATION_NAME_INDEX, storageLocationsProjection } from './projections/storage-locations/projection';
import { inventoryRoutes } from './routes/inventory';
import { storageLocationRoutes } from './routes/storage-locations';
import { seedDemoInventory } from './seed';

/**
 * inventory: test-kit stock (items, their movements, low-stock alerts, stock requests) and storage locations —
 * docs/architecture.md §2. Its deployment facts are its entry in contracts' SERVICE_DECLARATIONS.
 */
export const service = defineService<InventoryConfig, typeof INVENTORY_EVENT_SCHEMAS, InventoryResources>({
  name: 'inventory',
  defaultPort: 4008,
  config: inventoryConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: INVENTORY_EVENT_SCHEMAS,
  projections: [itemsProjection, movementsProjection, storageLocationsProjection],
  // Institutions, users and ended sessions from identity's events: who the callers are and whether they still may,
  // the items' institution names and the admins a low-stock notice reaches; and each item's fulfillment requests
  // with their patients' names: the detail's Recent Fulfillment Requests and the kit the saga's stock moves take.
  consumes: [identityDirectoryProjection({ version: 1 }), itemFulfillmentRequestsProjection],
  // The fulfillment saga's stock: reserve on request and reopen, release on cancel, consume on dispatch.
  reactors: (context) => [fulfillmentStockReactor(context)],
  conflicts: {
    [SKU_UNIQUE_INDEX]: INVENTORY_ERRORS.skuTaken,
    [STORAGE_LOCATION_NAME_INDEX]: INVENTORY_ERRORS.storageLocationNameTaken,
  },
  resources: async ({ config }) => ({ keys: { jwksUrl: config.IDENTITY_JWKS_URL } }),
  auth: (context) => ({
    keys: context.resources.keys,
    // A user deactivated in identity is refused here as soon as the event is projected.
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  routes: (context) => [inventoryRoutes(context), storageLocationRoutes(context)],
  async seed(context) {
    if (context.config.LABLINE_SEED !== 'demo') return;
    const outcome = await seedDemoInventory(context, { waitMs: context.config.SEED_WAIT_MS });
    if ('seeded' in outcome) context.logger.info({ inventory: outcome.seeded }, 'demo inventory seeded');
    else if (outcome.skipped !== 'already seeded') context.logger.warn(`demo inventory not seeded: ${outcome.skipped}`);
  },
});
