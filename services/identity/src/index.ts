export { service } from './service';
export { identityConfigSchema, type IdentityConfig, type IdentityContext } from './config';
export { DEMO_PASSWORD } from './seed';
