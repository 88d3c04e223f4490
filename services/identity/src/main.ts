/**
 * Composition root: environment, telemetry, migrations, event store, outbox relay, seed, keys, HTTP and
 * graceful shutdown.
 */
import { createLogger, startTelemetry } from '@labline/telemetry';

// before the HTTP and database stacks are loaded, so their instrumentations can hook into them
startTelemetry('identity');

const { loadConfig, natsProbe, postgresProbe, runService } = await import('@labline/service-kit');
const { createDatabasePool, migrate } = await import('@labline/db');
const { createPostgresEventStore, eventStoreMigrations } = await import('@labline/eventstore');
const { busMigrations, ensureJetStream, startRelay } = await import('@labline/bus');
const { connect } = await import('nats');
const { buildIdentityApp } = await import('./app');
const { identityEnvSchema, trustProxyOf } = await import('./config');
const { identityMigrations } = await import('./migrations');
const { bootstrapAdmin, seedDemo } = await import('./seed');
const { startPatientStatsConsumer } = await import('./consumers/patients');
const { createPasswordHasher } = await import('./security/passwords');
const { loadSigningKeys } = await import('./security/signing-keys');

const env = loadConfig(identityEnvSchema);
const logger = createLogger('identity', env.LOG_LEVEL);

await migrate(env.DATABASE_URL, env.DB_SCHEMA, [
  ...eventStoreMigrations,
  ...busMigrations,
  ...(await identityMigrations()),
]);
const pool = await createDatabasePool({ url: env.DATABASE_URL, schema: env.DB_SCHEMA, applicationName: 'identity' });
const store = createPostgresEventStore({ pool });
const nats = await connect({ servers: env.NATS_URL, name: 'identity', maxReconnectAttempts: -1 });
await ensureJetStream(nats);
// Other services learn identity's changes (users, institutions) from these events.
const relay = startRelay({ store, pool, nc: nats, service: 'identity', logger });
const passwords = createPasswordHasher();
// Institution stats count patients from clinical's events.
const patientStats = await startPatientStatsConsumer({ nc: nats, pool, logger });

if (env.LABLINE_SEED === 'demo') {
  const { seeded } = await seedDemo({ pool, store, passwords });
  if (seeded) logger.info('demo data seeded');
} else {
  const { created } = await bootstrapAdmin(
    { pool, store, passwords },
    { email: env.LABLINE_ADMIN_EMAIL, password: env.LABLINE_ADMIN_PASSWORD },
  );
  if (created) logger.info('first super_admin created from LABLINE_ADMIN_EMAIL');
}

const signingKeys = await loadSigningKeys(pool, { privateKeyPem: env.JWT_PRIVATE_KEY });
const app = buildIdentityApp({
  pool,
  store,
  signingKeys,
  passwords,
  logger,
  trustProxy: trustProxyOf(env.TRUST_PROXY),
  settings: {
    tokenTtlSeconds: env.JWT_TTL_SECONDS,
    login: {
      perAddressMax: env.LOGIN_RATE_LIMIT_PER_ADDRESS,
      perAddressWindowMs: env.LOGIN_RATE_LIMIT_WINDOW_MS,
      perAccountMaxFailures: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAccountWindowMs: env.LOGIN_FAILURE_WINDOW_MS,
    },
  },
  readinessProbes: { postgres: postgresProbe(pool), nats: natsProbe(nats) },
});

await runService(app, {
  port: env.PORT,
  host: env.HOST,
  onShutdown: [
    () => patientStats.stop(),
    () => relay.stop(),
    () => store.close(),
    () => nats.drain(),
    () => pool.end(),
  ],
});
