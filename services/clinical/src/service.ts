import { fileURLToPath } from 'node:url';
import { CLINICAL_EVENT_SCHEMAS, PATIENT_FIELD_ERRORS } from '@labline/contracts';
import { defineService } from '@labline/service-kit';
import { clinicalConfigSchema, type ClinicalConfig, type ClinicalResources } from './config';
import { identityDirectoryProjection } from './projections/directory/projection';
import { resolveCaller } from './projections/directory/queries';
import { patientsProjection, RECORD_NUMBER_CONSTRAINT } from './projections/patients/projection';
import { patientRoutes } from './routes/patients';
import { seedDemoPatients } from './seed';

/** clinical: patients (and, as they arrive, test requests and the CMS catalogue) — ARCHITECTURE §2. */
export const service = defineService<ClinicalConfig, typeof CLINICAL_EVENT_SCHEMAS, ClinicalResources>({
  name: 'clinical',
  defaultPort: 4002,
  config: clinicalConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: CLINICAL_EVENT_SCHEMAS,
  projections: [patientsProjection],
  // Institutions, clinicians and who is active, from identity's events.
  consumes: [identityDirectoryProjection],
  conflicts: { [RECORD_NUMBER_CONSTRAINT]: PATIENT_FIELD_ERRORS.medicalRecordNumberTaken },
  resources: async ({ config }) => ({ keys: { jwksUrl: config.IDENTITY_JWKS_URL } }),
  auth: (context) => ({
    keys: context.resources.keys,
    // A user deactivated in identity is refused here as soon as the event is projected.
    resolveCaller: (principal) => resolveCaller(context.pool, principal),
  }),
  routes: (context) => [patientRoutes(context)],
  async seed(context) {
    if (context.config.LABLINE_SEED !== 'demo') return;
    const outcome = await seedDemoPatients(context, { waitMs: context.config.SEED_WAIT_MS });
    if ('seeded' in outcome) context.logger.info({ patients: outcome.seeded }, 'demo patients seeded');
    else if (outcome.skipped !== 'already seeded') context.logger.warn(`demo patients not seeded: ${outcome.skipped}`);
  },
});
