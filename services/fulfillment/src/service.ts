import { fileURLToPath } from 'node:url';
import { FULFILLMENT_ERRORS, FULFILLMENT_EVENT_SCHEMAS } from '@labline/contracts';
import { defineService, identityDirectoryProjection, resolveDirectoryCaller } from '@labline/service-kit';
import { fulfillmentConfigSchema, type FulfillmentConfig, type FulfillmentResources } from './config';
import { testRequestKits } from './consumers/test-request-kits';
import { itemsProjection } from './projections/items/projection';
import { patientsProjection } from './projections/patients/projection';
import { stockMovementsProjection } from './projections/stock-movements/projection';
import { ORIGIN_UNIQUE_INDEX, REPLACEMENT_UNIQUE_INDEX, requestsProjection } from './projections/requests/projection';
import { testRequestsProjection } from './projections/test-requests/projection';
import { fulfillmentRoutes } from './routes/fulfillment';
import { seedDemoFulfillment } from './seed';

/**
 * fulfillment: shipping test kits to patients (issue 25) — docs/architecture.md §2. Its deployment facts are its
 * entry in contracts' SERVICE_DECLARATIONS.
 */
export const service = defineService<FulfillmentConfig, typeof FULFILLMENT_EVENT_SCHEMAS, FulfillmentResources>({
  name: 'fulfillment',
  defaultPort: 4009,
  config: fulfillmentConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: FULFILLMENT_EVENT_SCHEMAS,
  projections: [requestsProjection],
  // identity's directory (callers, institution and assignee names); clinical's patients (names, MRN, address) and
  // test requests (barcodes); inventory's items (names, SKUs, and the collection device link) and the movements of
  // each request's kit (the detail's Stock Movements, a refused reservation's reason).
  consumes: [
    identityDirectoryProjection({ version: 1 }),
    patientsProjection,
    testRequestsProjection,
    itemsProjection,
    stockMovementsProjection,
  ],
  conflicts: {
    [ORIGIN_UNIQUE_INDEX]: FULFILLMENT_ERRORS.replacementNotCancelled,
    [REPLACEMENT_UNIQUE_INDEX]: FULFILLMENT_ERRORS.replacementNotCancelled,
  },
  resources: async ({ config }) => ({ keys: { jwksUrl: config.IDENTITY_JWKS_URL } }),
  auth: (context) => ({
    keys: context.resources.keys,
    // A user deactivated in identity is refused here as soon as the event is projected.
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  routes: (context) => [fulfillmentRoutes(context)],
  reactors: (context) => [testRequestKits(context)],
  async seed(context) {
    if (context.config.LABLINE_SEED !== 'demo') return;
    const outcome = await seedDemoFulfillment(context, { waitMs: context.config.SEED_WAIT_MS });
    if ('seeded' in outcome) context.logger.info({ fulfillment: outcome.seeded }, 'demo fulfillment seeded');
    else if (outcome.skipped !== 'already seeded')
      context.logger.warn(`demo fulfillment not seeded: ${outcome.skipped}`);
  },
});
