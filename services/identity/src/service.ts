import { fileURLToPath } from 'node:url';
import { ERRORS, IDENTITY_EVENT_SCHEMAS } from '@labline/contracts';
import { createTokenVerifier, defineService, testRequestSummaryProjection } from '@labline/service-kit';
import {
  commandDependencies,
  identityConfigSchema,
  settingsOf,
  trustProxyOf,
  type IdentityConfig,
  type IdentityResources,
} from './config';
import { institutionPatientsProjection } from './projections/institution-patients/projection';
import { institutionsProjection } from './projections/institutions/projection';
import { sessionsProjection } from './projections/sessions/projection';
import { resolveCaller } from './projections/users/administration-queries';
import { usersProjection } from './projections/users/projection';
import { accountEmailRoutes, passwordLinkRoutes } from './routes/account-emails';
import { institutionRoutes } from './routes/institutions';
import { jwksRoutes } from './routes/jwks';
import { loginRoutes } from './routes/login';
import { sessionRoutes } from './routes/session';
import { userRoutes } from './routes/users';
import { createLoginThrottle } from './security/login-throttle';
import { createPasswordHasher } from './security/passwords';
import { loadSigningKeys } from './security/signing-keys';
import { createTokenIssuer } from './security/tokens';
import { bootstrapAdmin, seedDemo } from './seed';

/** identity: users, institutions, sign-in, tokens and their keys — docs/architecture.md §2. */
export const service = defineService<IdentityConfig, typeof IDENTITY_EVENT_SCHEMAS, IdentityResources>({
  name: 'identity',
  defaultPort: 4001,
  config: identityConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  events: IDENTITY_EVENT_SCHEMAS,
  projections: [usersProjection, institutionsProjection, sessionsProjection],
  // Institution stats count patients and test requests from clinical's events.
  // summary 2: with the ordering clinician, the orderer and the creation time (the kit's summary widened for analytics)
  consumes: [institutionPatientsProjection, testRequestSummaryProjection({ version: 2 })],
  // Two registrations of one e-mail at once: the read model's unique index refuses the later one.
  conflicts: { users_email_key: ERRORS.emailAlreadyRegistered },
  resources: async ({ pool, config }) => ({
    signingKeys: await loadSigningKeys(pool, { privateKeyPem: config.JWT_PRIVATE_KEY }),
    passwords: createPasswordHasher(),
    settings: settingsOf(config),
  }),
  auth: (context) => ({
    // identity verifies its own tokens the way every service does, from its key set, without a network hop.
    keys: createTokenVerifier(
      { jwks: context.resources.signingKeys.jwks },
      { maxLifetimeSeconds: context.config.JWT_TTL_SECONDS },
    ),
    resolveCaller: (principal) => resolveCaller(context.pool, principal),
  }),
  // Behind the gateway the client address arrives in X-Forwarded-For; the per-address limit needs it.
  http: (context) => ({ trustProxy: trustProxyOf(context.config.TRUST_PROXY) }),
  publicRoutes: (context) => {
    const { settings, signingKeys } = context.resources;
    return [
      jwksRoutes(signingKeys.jwks),
      loginRoutes({
        commands: commandDependencies(context),
        tokens: createTokenIssuer(signingKeys, settings.tokenTtlSeconds),
        throttle: createLoginThrottle(context.pool, {
          maxFailuresPerAddress: settings.login.perAccountAddressMaxFailures,
          maxFailures: settings.login.perAccountMaxFailures,
          delayAfterFailures: settings.login.delayAfterFailures,
          windowMs: settings.login.perAccountWindowMs,
        }),
        perAddress: { max: settings.login.perAddressMax, windowMs: settings.login.perAddressWindowMs },
        sessionLifetimeSeconds: settings.session.maxLifetimeSeconds,
      }),
      passwordLinkRoutes(context, { max: settings.login.perAddressMax, windowMs: settings.login.perAddressWindowMs }),
    ];
  },
  routes: (context) => {
    const { settings, signingKeys } = context.resources;
    return [
      sessionRoutes(context, createTokenIssuer(signingKeys, settings.tokenTtlSeconds), settings.session),
      userRoutes(context),
      accountEmailRoutes(context),
      institutionRoutes(context),
    ];
  },
  async seed(context) {
    const deps = commandDependencies(context);
    if (context.config.LABLINE_SEED === 'demo') {
      const { seeded } = await seedDemo(deps);
      if (seeded) context.logger.info('demo data seeded');
      return;
    }
    const admin = { email: context.config.LABLINE_ADMIN_EMAIL, password: context.config.LABLINE_ADMIN_PASSWORD };
    const { created } = await bootstrapAdmin(deps, admin);
    if (created) context.logger.info('first super_admin created from LABLINE_ADMIN_EMAIL');
  },
});
