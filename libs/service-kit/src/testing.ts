/**
 * A service in this process for its integration tests (`@labline/service-kit/testing`): a fresh database with its
 * migrations, a private NATS JetStream feeding its consumers, other services' events published as their relays
 * would, and bearer headers for test users. Test-only: imported by `test/` files alone.
 */
import { startPrivateJetStream, testEventPublisher, type PrivateJetStream, type TestEvent } from '@labline/bus/testing';
import {
  BUILT_SERVICES,
  contractsOf,
  type EventEnvelope,
  type EventSchemaMap,
  type ServiceName,
} from '@labline/contracts';
import { openServiceDatabase } from '@labline/db';
import { createPostgresEventStore, type EventStore } from '@labline/eventstore';
import {
  bearerHeaders,
  createTestDatabase,
  createTestKeys,
  institutionRegisteredData,
  testUserEmail,
  userRegisteredData,
  type TestKeys,
  type TestUser,
} from '@labline/testkit';
import type { DatabasePool } from 'slonik';
import type { HttpApp } from './app';
import { contractCoverage, type ContractCoverage } from './routes';
import {
  buildInProcess,
  serviceMigrations,
  type BaseServiceConfig,
  type ServiceContext,
  type ServiceDefinition,
} from './service';

export interface ServiceUnderTest<C extends BaseServiceConfig, M extends EventSchemaMap, R> {
  app: HttpApp;
  context: ServiceContext<C, M, R>;
  pool: DatabasePool;
  store: EventStore;
  nats: PrivateJetStream;
  /** The test database's administrator URL (its owner): fixtures that must reach past the service's role. */
  databaseUrl: string;
  /** Publishes an event as its service's relay would (Nats-Msg-Id = event id); answers the envelope. */
  publish(service: ServiceName, event: TestEvent): Promise<EventEnvelope>;
  /** Publishes an envelope again under a new message id, as a relay republishing after JetStream's window. */
  republish(service: ServiceName, envelope: EventEnvelope): Promise<void>;
  /** Bearer headers of a test user (signed with the test keys the service trusts). */
  as(member: TestUser): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Starts `definition` on a new database (`<service>_test_…`) and a private JetStream, trusting local test keys for
 * identity's. `resources` builds the service's resources from those keys (default: `{ keys: { jwks } }`).
 */
export async function startServiceUnderTest<C extends BaseServiceConfig, M extends EventSchemaMap, R>(
  definition: ServiceDefinition<C, M, R>,
  options: { env?: Record<string, string>; resources?: (keys: TestKeys) => R } = {},
): Promise<ServiceUnderTest<C, M, R>> {
  const database = await createTestDatabase(`${definition.name}_test`);
  const pool = await openServiceDatabase({
    url: database.url,
    schema: definition.name,
    migrations: await serviceMigrations(definition),
  });
  const store = createPostgresEventStore({ pool });
  const nats = await startPrivateJetStream();
  const keys = await createTestKeys();
  const { publish, republish } = testEventPublisher(nats.nc);
  const resources = options.resources ? options.resources(keys) : ({ keys: { jwks: keys.jwks } } as R);
  const { app, context } = await buildInProcess(definition, {
    env: {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      IDENTITY_JWKS_URL: 'http://127.0.0.1/unused',
      ...options.env,
    },
    pool,
    store,
    resources,
    nc: nats.nc,
  });
  return {
    app,
    context,
    pool,
    store,
    nats,
    databaseUrl: database.url,
    publish,
    republish,
    as: (member) => bearerHeaders(keys, member, { permissions: [], email: testUserEmail(member) }),
    async close() {
      await app.close();
      await nats.close();
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

/**
 * identity's directory as its relay would publish it: each institution registered, then each user, so the service
 * under test resolves these callers and names.
 */
export async function publishDirectory(
  suite: Pick<ServiceUnderTest<BaseServiceConfig, EventSchemaMap, unknown>, 'publish'>,
  institutions: readonly (readonly [number, string])[],
  users: readonly TestUser[],
): Promise<void> {
  for (const [id, name] of institutions) {
    await suite.publish('identity', {
      stream: `institution-${id}`,
      version: 0,
      type: 'InstitutionRegistered',
      data: institutionRegisteredData(id, name),
    });
  }
  for (const member of users) {
    await suite.publish('identity', {
      stream: `user-${member.id}`,
      version: 0,
      type: 'UserRegistered',
      data: userRegisteredData(member),
    });
  }
}

/**
 * A service's routes against its contracts (docs/adding-a-service.md A8), on its app as start-up builds it: its
 * migrations on a fresh database, no NATS. Answers how many contracts it has in ROUTE_CONTRACTS and the routes
 * without a contract and contracts without a route (`contractCoverage`, whose own rules clinical's test checks).
 */
export async function routeContractGaps<C extends BaseServiceConfig, M extends EventSchemaMap, R>(
  definition: ServiceDefinition<C, M, R>,
  options: { resources?: (keys: TestKeys) => R } = {},
): Promise<ContractCoverage & { contracts: number }> {
  const built = BUILT_SERVICES.find((name) => name === definition.name);
  const contracts = built === undefined ? [] : contractsOf(built).map(({ route }) => route);
  const database = await createTestDatabase(`${definition.name}_test`);
  try {
    const pool = await openServiceDatabase({
      url: database.url,
      schema: definition.name,
      migrations: await serviceMigrations(definition),
    });
    const store = createPostgresEventStore({ pool });
    const keys = await createTestKeys();
    try {
      const { app } = await buildInProcess(definition, {
        env: { DATABASE_URL: database.url, IDENTITY_JWKS_URL: 'http://127.0.0.1/unused' },
        pool,
        store,
        resources: options.resources ? options.resources(keys) : ({ keys: { jwks: keys.jwks } } as R),
      });
      const coverage = contractCoverage(app, contracts);
      await app.close();
      return { contracts: contracts.length, ...coverage };
    } finally {
      await store.close();
      await pool.end();
    }
  } finally {
    await database.drop();
  }
}
