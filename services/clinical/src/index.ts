export { buildClinicalApp, type ClinicalAppDependencies } from './app';
export { clinicalEnvSchema, type ClinicalEnv } from './config';
export { clinicalMigrations } from './migrations';
export { startIdentityDirectoryConsumer, IDENTITY_DIRECTORY_CONSUMER } from './consumers/identity';
export { projectIdentityEvent } from './projections/directory/projection';
export { seedDemoPatients } from './seed';
