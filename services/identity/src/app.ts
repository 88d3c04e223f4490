import type { EventStore } from '@labline/eventstore';
import {
  authPlugin,
  createHttpApp,
  createTokenVerifier,
  type HttpApp,
  type ReadinessProbes,
} from '@labline/service-kit';
import type { Logger } from '@labline/telemetry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import type { CommandDependencies } from './commands/deps';
import { isUserActive } from './projections/users/queries';
import { institutionRoutes } from './routes/institutions';
import { jwksRoutes } from './routes/jwks';
import { loginRoutes } from './routes/login';
import { sessionRoutes } from './routes/session';
import { userRoutes } from './routes/users';
import { createLoginThrottle } from './security/login-throttle';
import { createPasswordHasher, type PasswordHasher } from './security/passwords';
import type { SigningKeys } from './security/signing-keys';
import { createTokenIssuer } from './security/tokens';

export interface IdentitySettings {
  tokenTtlSeconds: number;
  login: {
    /** Sign-in attempts per client address and window (per replica). */
    perAddressMax: number;
    perAddressWindowMs: number;
    /** Failed sign-ins per account and window (across replicas). */
    perAccountMaxFailures: number;
    perAccountWindowMs: number;
  };
}

export const DEFAULT_IDENTITY_SETTINGS: IdentitySettings = {
  tokenTtlSeconds: 900,
  login: { perAddressMax: 30, perAddressWindowMs: 60_000, perAccountMaxFailures: 5, perAccountWindowMs: 900_000 },
};

export interface IdentityAppDependencies {
  pool: DatabasePool;
  store: EventStore;
  signingKeys: SigningKeys;
  settings?: IdentitySettings;
  passwords?: PasswordHasher;
  logger?: Logger | false;
  readinessProbes?: ReadinessProbes;
  /** Addresses whose X-Forwarded-For is believed (the gateway); private networks by default. */
  trustProxy?: boolean | string | string[];
}

/** identity's HTTP app, without listening: main.ts listens, tests inject. */
export function buildIdentityApp(deps: IdentityAppDependencies): HttpApp {
  const settings = deps.settings ?? DEFAULT_IDENTITY_SETTINGS;
  const commands: CommandDependencies = {
    pool: deps.pool,
    store: deps.store,
    passwords: deps.passwords ?? createPasswordHasher(),
  };
  const tokens = createTokenIssuer(deps.signingKeys, settings.tokenTtlSeconds);
  const app = createHttpApp({
    name: 'identity',
    ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
    ...(deps.readinessProbes ? { readinessProbes: deps.readinessProbes } : {}),
    // Behind the gateway the client address arrives in X-Forwarded-For; the per-address limit needs it.
    trustProxy: deps.trustProxy ?? 'loopback,linklocal,uniquelocal',
  });

  // identity verifies its own tokens the way every service does, from its key set, without a network hop.
  app.register(authPlugin, {
    keys: createTokenVerifier({ jwks: deps.signingKeys.jwks }),
    isPrincipalActive: (principal) => isUserActive(deps.pool, principal.id),
  });
  app.register(jwksRoutes, { jwks: deps.signingKeys.jwks });
  app.register(loginRoutes, {
    commands,
    tokens,
    throttle: createLoginThrottle(deps.pool, {
      maxFailures: settings.login.perAccountMaxFailures,
      windowMs: settings.login.perAccountWindowMs,
    }),
    perAddress: { max: settings.login.perAddressMax, windowMs: settings.login.perAddressWindowMs },
  });
  const authenticated: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', scope.authenticate);
    await scope.register(sessionRoutes, { commands, tokens });
    await scope.register(userRoutes, { commands });
    await scope.register(institutionRoutes, { commands });
  };
  app.register(authenticated);
  return app;
}
