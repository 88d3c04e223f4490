export {
  buildIdentityApp,
  DEFAULT_IDENTITY_SETTINGS,
  type IdentityAppDependencies,
  type IdentitySettings,
} from './app';
export { identityEnvSchema, type IdentityEnv } from './config';
export { identityMigrations } from './migrations';
export { projectIdentityEvents } from './projections';
export { bootstrapAdmin, DEMO_PASSWORD, seedDemo, type SeedDependencies } from './seed';
export { createPasswordHasher, type PasswordHasher } from './security/passwords';
export { loadSigningKeys, type SigningKeys } from './security/signing-keys';
