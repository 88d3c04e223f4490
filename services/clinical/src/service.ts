import { fileURLToPath } from 'node:url';
import {
  CATALOGUE_FIELD_ERRORS,
  CLINICAL_EVENT_SCHEMAS,
  PATIENT_FIELD_ERRORS,
  TEST_REQUEST_FIELD_ERRORS,
} from '@labline/contracts';
import { defineService, resolveDirectoryCaller } from '@labline/service-kit';
import { clinicalConfigSchema, type ClinicalConfig, type ClinicalResources } from './config';
import { catalogueProjection, LAB_ASSIGNMENT_UNIQUE_INDEX } from './projections/catalogue/projection';
import { identityDirectoryProjection } from './projections/directory/projection';
import { kitDelivered, resultReleased } from './consumers/lifecycle-facts';
import { testRequestFulfillmentsProjection } from './projections/fulfillment-requests/projection';
import { notificationLogsProjection } from './projections/notification-logs/projection';
import { testRequestResultsProjection } from './projections/results/projection';
import { patientsProjection, RECORD_NUMBER_CONSTRAINT } from './projections/patients/projection';
import { BARCODE_UNIQUE_INDEX, testRequestsProjection } from './projections/test-requests/projection';
import { catalogueRoutes } from './routes/catalogue';
import { labAssignmentRoutes } from './routes/lab-assignments';
import { patientRoutes } from './routes/patients';
import { testRequestRoutes } from './routes/test-requests';
import { seedDemoPatients } from './seed';
import { seedDemoCatalogue } from './seed-catalogue';
import { seedDemoTestRequests } from './seed-test-requests';

/** clinical: patients, the CMS catalogue, lab assignments and test requests — docs/architecture.md §2. */
export const service = defineService<ClinicalConfig, typeof CLINICAL_EVENT_SCHEMAS, ClinicalResources>({
  name: 'clinical',
  defaultPort: 4002,
  config: clinicalConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: CLINICAL_EVENT_SCHEMAS,
  projections: [patientsProjection, catalogueProjection, testRequestsProjection],
  // Institutions, clinicians and who is active, from identity's events; the messages sent about each test
  // request, from the notifications service's; the kits shipped for each, from fulfillment's and inventory's; its
  // results, from the results service's.
  consumes: [
    identityDirectoryProjection,
    notificationLogsProjection,
    testRequestFulfillmentsProjection,
    testRequestResultsProjection,
  ],
  // Other services' facts that move a request along its lifecycle: a delivered kit, a released result.
  reactors: (context) => [kitDelivered(context), resultReleased(context)],
  conflicts: {
    [RECORD_NUMBER_CONSTRAINT]: PATIENT_FIELD_ERRORS.medicalRecordNumberTaken,
    [LAB_ASSIGNMENT_UNIQUE_INDEX]: CATALOGUE_FIELD_ERRORS.labAlreadyAssigned,
    [BARCODE_UNIQUE_INDEX]: TEST_REQUEST_FIELD_ERRORS.barcodeTaken,
  },
  resources: async ({ config }) => ({ keys: { jwksUrl: config.IDENTITY_JWKS_URL } }),
  auth: (context) => ({
    keys: context.resources.keys,
    // A user deactivated in identity is refused here as soon as the event is projected.
    resolveCaller: (principal) => resolveDirectoryCaller(context.pool, principal),
  }),
  routes: (context) => [
    patientRoutes(context),
    catalogueRoutes(context),
    labAssignmentRoutes(context),
    testRequestRoutes(context),
  ],
  async seed(context) {
    if (context.config.LABLINE_SEED !== 'demo') return;
    const options = { waitMs: context.config.SEED_WAIT_MS };
    for (const [what, seed] of [
      ['patients', seedDemoPatients],
      ['catalogue', seedDemoCatalogue],
      // After the catalogue: the requests order its markers from its labs.
      ['test requests', seedDemoTestRequests],
    ] as const) {
      const outcome = await seed(context, options);
      if ('seeded' in outcome) context.logger.info({ [what]: outcome.seeded }, `demo ${what} seeded`);
      else if (outcome.skipped !== 'already seeded') context.logger.warn(`demo ${what} not seeded: ${outcome.skipped}`);
    }
  },
});
