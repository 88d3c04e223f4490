/** An identity app on a fresh database per test file: real Postgres, real event store, real keys. */
import type { SessionUser } from '@labline/contracts';
import { openServiceDatabase } from '@labline/db';
import {
  createPostgresEventStore,
  NO_CONCURRENCY_CHECK,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@labline/eventstore';
import {
  buildServiceApp,
  createServiceContext,
  inlineProjector,
  serviceMigrations,
  type HttpApp,
} from '@labline/service-kit';
import { createTestDatabase, type TestDatabase } from '@labline/testkit';
import type { LightMyRequestResponse } from 'fastify';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import {
  commandDependencies,
  identityConfigSchema,
  settingsOf,
  type CommandDependencies,
  type IdentitySettings,
} from '../src/config';
import { DEMO_PASSWORD, seedDemo } from '../src/seed';
import { service } from '../src/service';
import { createPasswordHasher } from '../src/security/passwords';
import { loadSigningKeys, type SigningKeys } from '../src/security/signing-keys';

export const SCHEMA = 'identity';

export interface IdentityTestContext {
  app: HttpApp;
  pool: DatabasePool;
  store: EventStore;
  commands: CommandDependencies;
  signingKeys: SigningKeys;
  database: TestDatabase;
  /** Recorded events of a type in one stream (readStream sees commits at once; readAll may lag by design). */
  eventsOfType(type: string, stream: string): Promise<RecordedEvent[]>;
  /** Simulates another writer: the event lands on the stream just before the app's next append to it. */
  interleaveBeforeNextAppend(stream: string, event: NewEvent): void;
  /** A second app on the same database, as another replica behind the load balancer would be. */
  anotherReplica(): Promise<HttpApp>;
  close(): Promise<void>;
}

/** The store as the app sees it, with a hook to slip a concurrent writer's event in. */
function interleavingStore(store: EventStore) {
  const pending = new Map<string, NewEvent>();
  const wrapped: EventStore = {
    async appendToStream(stream, events, options) {
      const concurrent = pending.get(stream);
      if (concurrent) {
        pending.delete(stream);
        await store.appendToStream(stream, [concurrent], {
          expectedStreamVersion: NO_CONCURRENCY_CHECK,
          metadata: { actor: options.metadata.actor, correlationId: 'concurrent-writer' },
          inTransaction: inlineProjector(service.projections),
        });
      }
      return store.appendToStream(stream, events, options);
    },
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    streamVersion: (stream) => store.streamVersion(stream),
    close: () => store.close(),
  };
  return { store: wrapped, interleave: (stream: string, event: NewEvent) => pending.set(stream, event) };
}

export async function startIdentity(
  options: {
    seed?: boolean;
    login?: Partial<IdentitySettings['login']>;
    session?: Partial<IdentitySettings['session']>;
  } = {},
): Promise<IdentityTestContext> {
  const database = await createTestDatabase('identity_test');
  // As at start-up: provisioned and migrated as the admin, the pool signed in as identity's application role.
  const pool = await openServiceDatabase({
    url: database.url,
    schema: SCHEMA,
    migrations: await serviceMigrations(service),
  });
  const realStore = createPostgresEventStore({ pool });
  const { store, interleave } = interleavingStore(realStore);
  // Cheaper argon2id parameters keep the suite fast; production uses the defaults.
  const passwords = createPasswordHasher({ memoryCost: 4096, timeCost: 2, parallelism: 1 });
  const config = identityConfigSchema.parse({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  const defaults = settingsOf(config);
  const settings: IdentitySettings = {
    ...defaults,
    // Every test signs in from one address: only the tests of the limit itself set a small one.
    login: { ...defaults.login, perAddressMax: 1_000, ...options.login },
    session: { ...defaults.session, ...options.session },
  };
  const signingKeys = await loadSigningKeys(pool);
  const context = await createServiceContext(service, {
    config,
    pool,
    store,
    resources: { signingKeys, passwords, settings },
  });
  const commands = commandDependencies(context);
  if (options.seed) await seedDemo(commands);
  const startReplica = async () => {
    const replica = buildServiceApp(service, context, { logger: false });
    await replica.ready();
    return replica;
  };
  const app = await startReplica();
  const replicas: HttpApp[] = [];
  return {
    app,
    pool,
    store,
    commands,
    signingKeys,
    database,
    async eventsOfType(type, stream) {
      return (await realStore.readStream(stream)).filter((event) => event.type === type);
    },
    interleaveBeforeNextAppend: interleave,
    async anotherReplica() {
      const replica = await startReplica();
      replicas.push(replica);
      return replica;
    },
    async close() {
      await Promise.all([app, ...replicas].map((instance) => instance.close()));
      await realStore.close();
      await pool.end();
      await database.drop();
    },
  };
}

export function login(
  app: HttpApp,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/auth/login', headers, remoteAddress, payload: { email, password } });
}

export async function signIn(
  context: IdentityTestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ token: string; user: SessionUser }> {
  const response = await login(context.app, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
  return response.json();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A fingerprint of every stored event and credential: what a refused request must leave unchanged. */
export async function storedState(context: IdentityTestContext): Promise<{ events: number; credentials: string }> {
  return context.pool.one(
    sql.type(z.object({ events: z.number(), credentials: z.string() }))`
      SELECT (SELECT count(*) FROM events)::int AS events,
             (SELECT md5(coalesce(string_agg(user_id || ':' || password_hash, ',' ORDER BY user_id), ''))
              FROM credentials) AS credentials`,
  );
}
