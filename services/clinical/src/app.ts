import type { EventStore } from '@labline/eventstore';
import {
  authPlugin,
  createHttpApp,
  createTokenVerifier,
  type HttpApp,
  type JwksSource,
  type ReadinessProbes,
} from '@labline/service-kit';
import type { Logger } from '@labline/telemetry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import type { CommandDependencies } from './commands/patients';
import { isUserActive } from './projections/directory/queries';
import { patientRoutes } from './routes/patients';

export interface ClinicalAppDependencies {
  pool: DatabasePool;
  store: EventStore;
  /** identity's JWKS URL in a deployment, a local key set in tests. */
  keys: JwksSource;
  logger?: Logger | false;
  readinessProbes?: ReadinessProbes;
}

/** clinical's HTTP app, without listening: main.ts listens, tests and the benchmark inject. */
export function buildClinicalApp(deps: ClinicalAppDependencies): HttpApp {
  const commands: CommandDependencies = { pool: deps.pool, store: deps.store };
  const app = createHttpApp({
    name: 'clinical',
    ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
    ...(deps.readinessProbes ? { readinessProbes: deps.readinessProbes } : {}),
  });
  app.register(authPlugin, {
    keys: createTokenVerifier(deps.keys),
    // A user deactivated in identity is refused here as soon as the event is projected.
    isPrincipalActive: (principal) => isUserActive(deps.pool, principal.id),
  });
  const authenticated: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', scope.authenticate);
    await scope.register(patientRoutes, { commands });
  };
  app.register(authenticated);
  return app;
}
