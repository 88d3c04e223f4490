/**
 * Composition root: environment, telemetry, migrations, event store, outbox relay, identity projection,
 * demo seed, HTTP and graceful shutdown.
 */
import { createLogger, startTelemetry } from '@labline/telemetry';

// before the HTTP and database stacks are loaded, so their instrumentations can hook into them
startTelemetry('clinical');

const { loadConfig, natsProbe, postgresProbe, runService } = await import('@labline/service-kit');
const { createDatabasePool, migrate } = await import('@labline/db');
const { createPostgresEventStore, eventStoreMigrations } = await import('@labline/eventstore');
const { busMigrations, ensureJetStream, startRelay } = await import('@labline/bus');
const { connect } = await import('nats');
const { buildClinicalApp } = await import('./app');
const { clinicalEnvSchema } = await import('./config');
const { clinicalMigrations } = await import('./migrations');
const { startIdentityDirectoryConsumer } = await import('./consumers/identity');
const { seedDemoPatients } = await import('./seed');

const env = loadConfig(clinicalEnvSchema);
const logger = createLogger('clinical', env.LOG_LEVEL);

await migrate(env.DATABASE_URL, env.DB_SCHEMA, [
  ...eventStoreMigrations,
  ...busMigrations,
  ...(await clinicalMigrations()),
]);
const pool = await createDatabasePool({ url: env.DATABASE_URL, schema: env.DB_SCHEMA, applicationName: 'clinical' });
const store = createPostgresEventStore({ pool });
const nats = await connect({ servers: env.NATS_URL, name: 'clinical', maxReconnectAttempts: -1 });
await ensureJetStream(nats);
// Other services (identity's institution stats, later fulfillment and results) learn patients from these.
const relay = startRelay({ store, pool, nc: nats, service: 'clinical', logger });
// Institutions, clinicians and who is active, from identity's events.
const directory = await startIdentityDirectoryConsumer({ nc: nats, pool, logger });

if (env.LABLINE_SEED === 'demo') {
  const outcome = await seedDemoPatients({ pool, store }, { waitMs: env.SEED_WAIT_MS });
  if ('seeded' in outcome) logger.info({ patients: outcome.seeded }, 'demo patients seeded');
  else if (outcome.skipped !== 'already seeded') logger.warn(`demo patients not seeded: ${outcome.skipped}`);
}

const app = buildClinicalApp({
  pool,
  store,
  keys: { jwksUrl: env.IDENTITY_JWKS_URL },
  logger,
  readinessProbes: { postgres: postgresProbe(pool), nats: natsProbe(nats) },
});

await runService(app, {
  port: env.PORT,
  host: env.HOST,
  onShutdown: [() => directory.stop(), () => relay.stop(), () => store.close(), () => nats.drain(), () => pool.end()],
});
