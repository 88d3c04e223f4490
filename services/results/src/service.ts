import { fileURLToPath } from 'node:url';
import { RESULT_ERRORS, RESULTS_EVENT_SCHEMAS } from '@labline/contracts';
import { defineService, identityDirectoryProjection, resolveDirectoryCaller } from '@labline/service-kit';
import { resultsConfigSchema, type ResultsConfig, type ResultsResources } from './config';
import { catalogueProjection } from './projections/catalogue/projection';
import { patientsProjection } from './projections/patients/projection';
import { resultsProjection, TEST_REQUEST_UNIQUE_INDEX } from './projections/results/projection';
import { testRequestsProjection } from './projections/test-requests/projection';
import { resultsRoutes } from './routes/results';
import { seedDemoResults } from './seed';

/**
 * results: laboratory results, their review and release, corrections and the PDF report (issue 26) —
 * docs/architecture.md §2. Its deployment facts are its entry in contracts' SERVICE_DECLARATIONS.
 */
export const service = defineService<ResultsConfig, typeof RESULTS_EVENT_SCHEMAS, ResultsResources>({
  name: 'results',
  defaultPort: 4010,
  config: resultsConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: RESULTS_EVENT_SCHEMAS,
  projections: [resultsProjection],
  // identity's directory (callers, institutions, user names); clinical's patients, test requests and catalogue
  // (markers with their ranges, panels, labs).
  consumes: [
    identityDirectoryProjection({ version: 1 }),
    patientsProjection,
    testRequestsProjection,
    catalogueProjection,
  ],
  conflicts: { [TEST_REQUEST_UNIQUE_INDEX]: RESULT_ERRORS.testRequestHasResult },
  resources: async ({ config }) => ({ keys: { jwksUrl: config.IDENTITY_JWKS_URL } }),
  auth: (context) => ({
    keys: context.resources.keys,
    // A user deactivated in identity is refused here as soon as the event is projected.
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  routes: (context) => [resultsRoutes(context)],
  async seed(context) {
    if (context.config.LABLINE_SEED !== 'demo') return;
    const outcome = await seedDemoResults(context, { waitMs: context.config.SEED_WAIT_MS });
    if ('seeded' in outcome) context.logger.info({ results: outcome.seeded }, 'demo results seeded');
    else if (outcome.skipped !== 'already seeded') context.logger.warn(`demo results not seeded: ${outcome.skipped}`);
  },
});
