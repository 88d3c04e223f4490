/**
 * Identity as a system test sees it: built from `@labline/identity`'s public entry point only (its own test
 * harness is identity's business), on a fresh seeded database, real event store and real signing keys.
 */
import type { SessionUser } from '@labline/contracts';
import { openServiceDatabase, type DatabasePool } from '@labline/db';
import { createPostgresEventStore, type PostgresEventStore } from '@labline/eventstore';
import { DEMO_PASSWORD, service, type IdentityContext } from '@labline/identity';
import { buildInProcess, serviceMigrations, type HttpApp } from '@labline/service-kit';
import { createTestDatabase } from '@labline/testkit';

export interface SeededIdentity {
  app: HttpApp;
  pool: DatabasePool;
  store: PostgresEventStore;
  signingKeys: IdentityContext['resources']['signingKeys'];
  close(): Promise<void>;
}

/** Identity on its own database, with the demo institutions and accounts (DEMO_PASSWORD). */
export async function startSeededIdentity(): Promise<SeededIdentity> {
  const database = await createTestDatabase('system_identity');
  // As at start-up: the pool signs in as identity's application role.
  const pool = await openServiceDatabase({
    url: database.url,
    schema: 'identity',
    migrations: await serviceMigrations(service),
  });
  const store = createPostgresEventStore({ pool });
  const { app, context } = await buildInProcess(service, {
    env: { DATABASE_URL: database.url, LABLINE_SEED: 'demo', LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' },
    pool,
    store,
  });
  await service.seed?.(context);
  return {
    app,
    pool,
    store,
    signingKeys: context.resources.signingKeys,
    async close() {
      await app.close();
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

/** Signs a demo account in directly at identity (not through the gateway). */
export async function signIn(
  identity: SeededIdentity,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ token: string; user: SessionUser }> {
  const response = await identity.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
  return response.json();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
