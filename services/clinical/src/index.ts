export { service } from './service';
export { clinicalConfigSchema, type ClinicalConfig, type ClinicalContext } from './config';
export { DEMO_LAST_NAMES } from './seed';
