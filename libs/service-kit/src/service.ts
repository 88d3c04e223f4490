/**
 * A service as one declaration (Emmett's `getApplication({ apis })` is the flavour): its name, its extension
 * of the base configuration, migrations, event schemas, projections (inline and of other services' events),
 * resources, caller, routes and demo seed. Start-up, health and readiness, the relay, the consumers and
 * graceful shutdown are derived from it here, once for every service.
 */
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  type Caller,
  type EventSchemaMap,
  type Principal,
  type ServiceName,
} from '@labline/contracts';
import { busMigrations, ensureJetStream, replayStream, startRelay } from '@labline/bus';
import { loadMigrations, type Migration } from '@labline/db';
import { eventStoreMigrations, type EventStore } from '@labline/eventstore';
import { createLogger, stopTelemetry, type Logger } from '@labline/telemetry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connect, type NatsConnection } from 'nats';
import type { DatabasePool } from 'slonik';
import { z } from 'zod';
import { createHttpApp, type HttpApp } from './app';
import { authPlugin } from './auth';
import { resolveCallerHook } from './caller';
import { createCommandHandler, type CommandHandler, type ConstraintConflicts } from './commands';
import {
  checkEventStore,
  checkNatsCredentials,
  eventStoreShape,
  loadConfig,
  logLevelSchema,
  natsConnectionOptions,
  natsCredentialsShape,
  natsUrlSchema,
  otelEndpointSchema,
  postgresUrlSchema,
} from './config';
import { migrateDatabase, openDatabase } from './database';
import { createServiceEventStore, eventStoreProblem } from './event-store';
import { natsProbe, postgresProbe, type ReadinessProbes } from './health';
import type { JwksSource, TokenVerifier } from './jwt';
import { startBackground, type Background, type Reactor, type ServiceWorker } from './background';
import { projectionInitMigrations, type CrossServiceProjection, type Projection } from './projection';
import {
  eventStoreSource,
  outdatedProjections,
  projectionMigrations,
  rebuildProjection,
  type RebuildOutcome,
  type RebuildSource,
} from './rebuild';
import { runService, type Closer, type RunningService } from './run';
import { recordRoutes, SIGNED_IN_GROUP } from './routes';
import { tracedEventStore } from './traced-store';

/** What every service reads from its environment; a service extends it with its own variables. */
export const baseServiceConfigSchema = z
  .object({
    /** The service's application role (`<schema>_app`); without DATABASE_ADMIN_URL, the admin's (roles.ts). */
    DATABASE_URL: postgresUrlSchema,
    /** Provisioning the service's roles and running its migrations (production: a role with CREATEROLE). */
    DATABASE_ADMIN_URL: postgresUrlSchema.optional(),
    /** The schema the service owns in a shared database; the service's name when absent. */
    DB_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case schema name')
      .optional(),
    NATS_URL: natsUrlSchema.default('nats://127.0.0.1:4222'),
    ...natsCredentialsShape,
    /** Replicas of the LABLINE stream when the service creates or updates it: 3 on a NATS cluster. */
    NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
    /** The service's own default port when absent. */
    PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    /** Loopback unless configured: a service is reached through the gateway, never directly from outside. */
    HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: logLevelSchema,
    LABLINE_SEED: z.enum(['demo', 'none']).default('none'),
    /** How long a demo seed waits for the other services' data it needs (identity's institutions) over NATS. */
    SEED_WAIT_MS: z.coerce.number().int().positive().default(120_000),
    /** The access tokens' lifetime: identity issues them for this long, every verifier refuses longer ones. */
    JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(DEFAULT_TOKEN_TTL_SECONDS),
    OTEL_EXPORTER_OTLP_ENDPOINT: otelEndpointSchema,
    ...eventStoreShape,
  })
  .superRefine((env, context) => {
    checkNatsCredentials(env, context);
    checkEventStore(env, context);
  });
export type BaseServiceConfig = z.infer<typeof baseServiceConfigSchema>;

/** What a service's commands, routes, consumers and seed work with. */
export interface ServiceContext<Config extends BaseServiceConfig, M extends EventSchemaMap, Resources> {
  name: ServiceName;
  config: Config;
  pool: DatabasePool;
  store: EventStore;
  logger: Logger;
  commands: CommandHandler<M>;
  resources: Resources;
}

export interface ServiceDefinition<Config extends BaseServiceConfig, M extends EventSchemaMap, Resources> {
  name: ServiceName;
  /** The port when PORT is not set. */
  defaultPort: number;
  /** `baseServiceConfigSchema.extend({...})`. */
  config: z.ZodType<Config>;
  /** The folder of the service's `NNN_name.sql` migrations. */
  migrationsDir: string;
  events: M;
  /** Read models of the service's own events, written in the append transaction (read-your-writes). */
  projections: readonly Projection[];
  /** Read models of other services' events, each kept by a durable consumer. */
  consumes?: readonly CrossServiceProjection[];
  /** Read-model constraints that mean a conflict (409) when a command breaks them, with the text. */
  conflicts?: ConstraintConflicts;
  /** What else the service needs (signing keys, a password hasher, identity's key set), from its config. */
  resources(base: Omit<ServiceContext<Config, M, Resources>, 'resources'>): Promise<Resources>;
  /** How tokens are verified and who the caller is (null: unknown or inactive, 401). */
  auth(context: ServiceContext<Config, M, Resources>): {
    keys: JwksSource | TokenVerifier;
    resolveCaller(principal: Principal): Promise<Caller | null>;
  };
  /** HTTP options beyond the defaults (identity believes X-Forwarded-For from the gateway). */
  http?(context: ServiceContext<Config, M, Resources>): { trustProxy?: boolean | string | string[] };
  /** Routes without a token (sign-in, the key set). */
  publicRoutes?(context: ServiceContext<Config, M, Resources>): FastifyPluginAsyncZod[];
  /** Routes of signed-in callers: each request's caller is resolved before its handler runs. */
  routes(context: ServiceContext<Config, M, Resources>): FastifyPluginAsyncZod[];
  /** The start-up data: the demo seed with LABLINE_SEED=demo, else what a production start needs. */
  seed?(context: ServiceContext<Config, M, Resources>): Promise<void>;
  /**
   * Reactions to other services' events (background.ts), each on its durable consumer `<service>-<name>`,
   * started after the seed; one may run after a projection of `consumes` has applied its event.
   */
  reactors?(context: ServiceContext<Config, M, Resources>): readonly Reactor[];
  /** The service's own loops (a delivery worker, a job scheduler), started after the reactors. */
  workers?(context: ServiceContext<Config, M, Resources>): readonly ServiceWorker[];
  /** Releases the resources once the workers and consumers stopped (an SMTP pool, an HTTP agent). */
  closeResources?(resources: Resources): Promise<void> | void;
}

/** Declares a service; the identity function gives the declaration its types. */
export function defineService<Config extends BaseServiceConfig, M extends EventSchemaMap, Resources>(
  definition: ServiceDefinition<Config, M, Resources>,
): ServiceDefinition<Config, M, Resources> {
  return definition;
}

type AnyService = ServiceDefinition<BaseServiceConfig, EventSchemaMap, unknown>;

export const schemaOf = (definition: Pick<AnyService, 'name'>, config: BaseServiceConfig): string =>
  config.DB_SCHEMA ?? definition.name;

/**
 * Every migration of a service, in order: the event store's, the bus's, the projections' bookkeeping, the
 * projections' tables (Projection.init), then its own.
 */
export async function serviceMigrations(
  definition: Pick<AnyService, 'name' | 'migrationsDir' | 'projections' | 'consumes'>,
): Promise<Migration[]> {
  const own = await loadMigrations(definition.migrationsDir);
  return [
    ...eventStoreMigrations,
    ...busMigrations,
    ...projectionMigrations,
    ...projectionInitMigrations([...definition.projections, ...(definition.consumes ?? [])]).map((migration) => ({
      ...migration,
      name: `${definition.name}_${migration.name}`,
    })),
    ...own.map((migration) => ({ ...migration, name: `${definition.name}_${migration.name}` })),
  ];
}

/** The context of a service on a pool and store (start-up, tests, the rebuild command). */
export async function createServiceContext<C extends BaseServiceConfig, M extends EventSchemaMap, R>(
  definition: ServiceDefinition<C, M, R>,
  parts: { config: C; pool: DatabasePool; store: EventStore; logger?: Logger; resources?: R },
): Promise<ServiceContext<C, M, R>> {
  const base = {
    name: definition.name,
    config: parts.config,
    pool: parts.pool,
    store: parts.store,
    logger: parts.logger ?? createLogger(definition.name, parts.config.LOG_LEVEL),
    commands: createCommandHandler({
      store: tracedEventStore(parts.store),
      pool: parts.pool,
      schemas: definition.events,
      projections: definition.projections,
      ...(definition.conflicts ? { conflicts: definition.conflicts } : {}),
    }),
  };
  return { ...base, resources: parts.resources ?? (await definition.resources(base)) };
}

/** The service's HTTP app without listening: start-up listens, tests inject. */
export function buildServiceApp<C extends BaseServiceConfig, M extends EventSchemaMap, R>(
  definition: ServiceDefinition<C, M, R>,
  context: ServiceContext<C, M, R>,
  options: { logger?: Logger | false; readinessProbes?: ReadinessProbes } = {},
): HttpApp {
  const app = createHttpApp({
    name: definition.name,
    logger: options.logger ?? context.logger,
    ...(options.readinessProbes ? { readinessProbes: options.readinessProbes } : {}),
    ...definition.http?.(context),
  });
  const auth = definition.auth(context);
  app.register(authPlugin, { keys: auth.keys, maxTokenLifetimeSeconds: context.config.JWT_TTL_SECONDS });
  recordRoutes(app);
  for (const routes of definition.publicRoutes?.(context) ?? []) app.register(routes);
  const authenticated: FastifyPluginAsyncZod = async (scope) => {
    scope.decorate(SIGNED_IN_GROUP, true);
    scope.addHook('onRequest', scope.authenticate);
    // In onRequest too, so that a deactivated user's request is refused before its body is even validated.
    scope.addHook('onRequest', resolveCallerHook(auth.resolveCaller));
    for (const routes of definition.routes(context)) await scope.register(routes);
  };
  app.register(authenticated);
  return app;
}

/**
 * A service in this process on a given pool and store (tests, the benchmark): its configuration parsed from
 * `env` as at start-up, its resources as given (local keys, cheap password hashing) or from the declaration.
 * With a NATS connection, its background (the projections of `consumes`, its reactors and workers) runs from
 * the app's ready to its close, as at start-up.
 */
export async function buildInProcess<C extends BaseServiceConfig, M extends EventSchemaMap, R>(
  definition: ServiceDefinition<C, M, R>,
  parts: { env: Record<string, string>; pool: DatabasePool; store: EventStore; resources?: R; nc?: NatsConnection },
): Promise<{ context: ServiceContext<C, M, R>; app: HttpApp }> {
  const config = definition.config.parse({ LOG_LEVEL: 'silent', ...parts.env });
  const context = await createServiceContext(definition, {
    config,
    pool: parts.pool,
    store: parts.store,
    ...(parts.resources === undefined ? {} : { resources: parts.resources }),
  });
  const app = buildServiceApp(definition, context, { logger: false });
  let background: Background | null = null;
  app.addHook('onClose', async () => background?.stop());
  await app.ready();
  if (parts.nc) background = await startServiceBackground(definition, context, parts.nc);
  return { context, app };
}

/** The consumers, reactors and workers of a service on its NATS connection; the seed between (background.ts). */
export function startServiceBackground<C extends BaseServiceConfig, M extends EventSchemaMap, R>(
  definition: ServiceDefinition<C, M, R>,
  context: ServiceContext<C, M, R>,
  nc: NatsConnection,
  beforeWork?: () => Promise<void>,
): Promise<Background> {
  return startBackground(definition.name, {
    nc,
    pool: context.pool,
    logger: context.logger,
    projections: definition.consumes ?? [],
    reactors: definition.reactors?.(context) ?? [],
    workers: definition.workers?.(context) ?? [],
    ...(beforeWork ? { beforeWork } : {}),
    close: () => definition.closeResources?.(context.resources),
  });
}

/** The source a projection rebuilds from: the service's own store, or the JetStream stream. */
export function rebuildSourceOf(
  projection: Projection | CrossServiceProjection,
  parts: { store: EventStore; nc: NatsConnection },
): RebuildSource<unknown> {
  if (!('subjects' in projection)) return eventStoreSource(parts.store) as RebuildSource<unknown>;
  const { subjects } = projection;
  return {
    start: 0,
    replay: (after, apply) => replayStream({ nc: parts.nc, subjects, afterSequence: after as number, apply }),
  };
}

/** Rebuilds the named projections of a service (all when none is named); no message is sent. */
export async function rebuildProjections(
  definition: Pick<AnyService, 'projections' | 'consumes'>,
  parts: { pool: DatabasePool; store: EventStore; nc: NatsConnection },
  names: readonly string[] = [],
): Promise<RebuildOutcome[]> {
  const all = [...definition.projections, ...(definition.consumes ?? [])];
  const unknown = names.filter((name) => !all.some((projection) => projection.name === name));
  if (unknown.length > 0) {
    throw new Error(`unknown projection ${unknown.join(', ')}; known: ${all.map((p) => p.name).join(', ')}`);
  }
  const chosen = names.length === 0 ? all : all.filter((projection) => names.includes(projection.name));
  const outcomes: RebuildOutcome[] = [];
  for (const projection of chosen) {
    outcomes.push(await rebuildProjection(parts.pool, projection, rebuildSourceOf(projection, parts)));
  }
  return outcomes;
}

/**
 * `--migrate-only` (a one-shot container, a Kubernetes Job): provisions the service's roles and applies its
 * migrations through the admin connection, as a start-up would, and starts nothing else.
 */
export async function migrateService<C extends BaseServiceConfig, M extends EventSchemaMap, R>(
  definition: ServiceDefinition<C, M, R>,
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const config = loadConfig(definition.config, env);
  const applied = await migrateDatabase(config, schemaOf(definition, config), await serviceMigrations(definition));
  createLogger(definition.name, config.LOG_LEVEL).info({ applied }, 'roles provisioned, migrations applied');
  return applied;
}

/**
 * Starts a service from its declaration: configuration, migrations, pool, store, NATS, resources, the rebuild
 * of projections whose version changed, the outbox relay, the consumers, the seed, HTTP and graceful
 * shutdown (SIGTERM/SIGINT). Call it through `launch` so telemetry starts first.
 */
export async function startService<C extends BaseServiceConfig, M extends EventSchemaMap, R>(
  definition: ServiceDefinition<C, M, R>,
  env: Record<string, string | undefined> = process.env,
): Promise<RunningService> {
  const config = loadConfig(definition.config, env);
  const storeProblem = eventStoreProblem(definition, config);
  if (storeProblem !== null) {
    console.error(storeProblem);
    process.exit(1);
  }
  const schema = schemaOf(definition, config);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const pool = await openDatabase(config, schema, await serviceMigrations(definition), definition.name);
  const store = createServiceEventStore(config, { pool, schema });
  const nc = await connect({
    ...natsConnectionOptions({ url: config.NATS_URL, user: config.NATS_USER, password: config.NATS_PASSWORD }),
    name: definition.name,
    maxReconnectAttempts: -1,
  });
  await ensureJetStream(nc, { replicas: config.NATS_STREAM_REPLICAS });
  const context = await createServiceContext(definition, { config, pool, store, logger });

  const consumed = definition.consumes ?? [];
  for (const projection of await outdatedProjections(pool, [...definition.projections, ...consumed])) {
    // Another replica starting with this version may have rebuilt it while this one waited for the lock.
    const outcome = await rebuildProjection(pool, projection, rebuildSourceOf(projection, { store, nc }), {
      onlyWhenOutdated: true,
    });
    if (outcome) logger.info(outcome, 'projection rebuilt for its new version');
  }
  // Other services learn this one's changes from these events.
  const relay = startRelay({ store, pool, nc, service: definition.name, logger });
  // The projections' consumers first (a seed may wait for them), then the seed, the reactors and the workers.
  const background = await startServiceBackground(definition, context, nc, async () => definition.seed?.(context));

  const app = buildServiceApp(definition, context, {
    readinessProbes: { postgres: postgresProbe(pool), nats: natsProbe(nc) },
  });
  const closers: Closer[] = [
    () => background.stop(),
    () => relay.stop(),
    () => store.close(),
    () => nc.drain(),
    () => pool.end(),
    // last, so that the spans of the steps before are exported too
    () => stopTelemetry(),
  ];
  return runService(app, { port: config.PORT ?? definition.defaultPort, host: config.HOST, onShutdown: closers });
}
