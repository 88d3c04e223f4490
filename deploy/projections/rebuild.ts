/**
 * `npm run projections:rebuild -- <service> [<projection> ...]`: rebuilds a service's projections (all when
 * none is named) beside their live tables from the event store (its own events) or the JetStream stream
 * (other services' events), and swaps them in; the running system keeps answering meanwhile. Nothing is sent
 * or republished. It works on DATABASE_URL / NATS_URL when set, else on the system `npm start` runs, and
 * signs in as the service's application role, as the service does (DATABASE_URL read as the service reads it).
 */
import { DEPLOYED_SERVICES, servicePackage, type DeployedService } from '@labline/contracts';
import { createDatabasePool, serviceDatabaseUrls } from '@labline/db';
import { createPostgresEventStore } from '@labline/eventstore';
import { natsConnectionOptions, rebuildProjections, type ServiceDefinition } from '@labline/service-kit';
import { connect } from 'nats';
import { persistentInfrastructure } from '../dev/stack';

const [name, ...projections] = process.argv.slice(2);
if (!name || !(DEPLOYED_SERVICES as readonly string[]).includes(name)) {
  console.error(
    `Usage: npm run projections:rebuild -- <service> [<projection> ...]\n` +
      `  <service> is one of: ${DEPLOYED_SERVICES.join(', ')}`,
  );
  process.exit(2);
}

// The service's package (`@labline/<name>`, its workspace) exports its ServiceDefinition as `service`.
const loaded: unknown = await import(servicePackage(name as DeployedService));
if (typeof loaded !== 'object' || loaded === null || !('service' in loaded) || typeof loaded.service !== 'object') {
  console.error(`${servicePackage(name as DeployedService)} exports no \`service\` (its ServiceDefinition)`);
  process.exit(2);
}
const service = loaded.service as ServiceDefinition<never, never, never>;
const infrastructure =
  process.env.DATABASE_URL && process.env.NATS_URL
    ? { databaseUrl: process.env.DATABASE_URL, natsUrl: process.env.NATS_URL, stop: async () => undefined }
    : await persistentInfrastructure();
const schema = process.env.DB_SCHEMA ?? name;
// As the service itself works: its application role (the rebuild's DDL runs in functions of the schema's owner).
const { application } = serviceDatabaseUrls({
  url: infrastructure.databaseUrl,
  adminUrl: process.env.DATABASE_ADMIN_URL,
  schema,
});
const pool = await createDatabasePool({ url: application, schema });
const store = createPostgresEventStore({ pool });
// As the service's own NATS user where the server has per-service users (compose, Kubernetes).
const nc = await connect({
  ...natsConnectionOptions({
    url: infrastructure.natsUrl,
    user: process.env.NATS_USER,
    password: process.env.NATS_PASSWORD,
  }),
  name: `${name}-projection-rebuild`,
});
try {
  for (const outcome of await rebuildProjections(service, { pool, store, nc }, projections)) {
    console.log(`${name}: ${outcome.projection} v${outcome.version} rebuilt from ${outcome.events} events`);
  }
} catch (error) {
  console.error(`Rebuild failed, the live tables are unchanged: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await nc.drain();
  await store.close();
  await pool.end();
  await infrastructure.stop();
}
