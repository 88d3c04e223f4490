import { fileURLToPath } from 'node:url';
import { RESULT_ERRORS, RESULTS_SERVICE_EVENT_SCHEMAS } from '@labline/contracts';
import { defineService, identityDirectoryProjection, resolveDirectoryCaller } from '@labline/service-kit';
import { resultsConfigSchema, type ResultsConfig, type ResultsResources } from './config';
import { catalogueProjection } from './projections/catalogue/projection';
import { patientsProjection } from './projections/patients/projection';
import { resultsProjection, TEST_REQUEST_UNIQUE_INDEX } from './projections/results/projection';
import { testRequestsProjection } from './projections/test-requests/projection';
import { externalOrdersProjection } from './projections/external-orders/projection';
import { labProvidersFrom } from './providers';
import { externalLabRoutes } from './routes/external-lab';
import { resultsRoutes } from './routes/results';
import { createExternalLabPoll } from './workers/external-lab-poll';
import { seedDemoResults } from './seed';

/**
 * results: laboratory results, their review and release, corrections and the PDF report (issue 26), and their
 * orders at an external laboratory (issue 27) —
 * docs/architecture.md §2. Its deployment facts are its entry in contracts' SERVICE_DECLARATIONS.
 */
export const service = defineService<ResultsConfig, typeof RESULTS_SERVICE_EVENT_SCHEMAS, ResultsResources>({
  name: 'results',
  defaultPort: 4010,
  config: resultsConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: RESULTS_SERVICE_EVENT_SCHEMAS,
  projections: [resultsProjection, externalOrdersProjection],
  // identity's directory (callers, institutions, user names); clinical's patients, test requests and catalogue
  // (markers with their ranges, panels, labs).
  consumes: [
    // 2: institutions' api_enabled (the external laboratory's panel)
    identityDirectoryProjection({ version: 2 }),
    patientsProjection,
    testRequestsProjection,
    catalogueProjection,
  ],
  conflicts: { [TEST_REQUEST_UNIQUE_INDEX]: RESULT_ERRORS.testRequestHasResult },
  resources: async ({ config }) => ({
    keys: { jwksUrl: config.IDENTITY_JWKS_URL },
    labProviders: labProvidersFrom(config),
  }),
  auth: (context) => ({
    keys: context.resources.keys,
    // A user deactivated in identity is refused here as soon as the event is projected.
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  routes: (context) => [resultsRoutes(context), externalLabRoutes(context)],
  // the external laboratory's orders followed in the background (issue 27)
  workers: (context) => [
    createExternalLabPoll(
      { ...context, providers: context.resources.labProviders },
      context.config.EXTERNAL_LAB_POLL_MS,
      context.logger,
    ),
  ],
  async seed(context) {
    if (context.config.LABLINE_SEED !== 'demo') return;
    const outcome = await seedDemoResults(context, { waitMs: context.config.SEED_WAIT_MS });
    if ('seeded' in outcome) context.logger.info({ results: outcome.seeded }, 'demo results seeded');
    else if (outcome.skipped !== 'already seeded') context.logger.warn(`demo results not seeded: ${outcome.skipped}`);
  },
});
