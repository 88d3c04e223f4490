/**
 * The system the fuzz test (fuzz.int.test.ts) runs against: identity with the demo seed, clinical fed by
 * identity's real relay over a private JetStream and seeded with the demo patients, both listening, and a
 * gateway in front of them; real tokens of demo accounts; fingerprints of what each service stores.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startRelay, type DurableConsumer } from '@labline/bus';
import { startPrivateJetStream } from '@labline/bus/testing';
import { service as clinicalService } from '@labline/clinical';
import { openServiceDatabase, sql, type DatabasePool } from '@labline/db';
import { createPostgresEventStore } from '@labline/eventstore';
import { buildGateway } from '@labline/gateway';
import { buildInProcess, serviceMigrations, startProjectionConsumer, type HttpApp } from '@labline/service-kit';
import { createLogger } from '@labline/telemetry';
import { createTestDatabase } from '@labline/testkit';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { Payload } from './fuzz-inputs';
import { bearer, signIn, startSeededIdentity } from './identity';

/** The tables a request changes when it is carried out (besides events); a refused one leaves them as they were. */
const STORED = {
  identity: ['institutions', 'users', 'clinician_institutions', 'credentials', 'sessions'],
  clinical: ['patients', 'patient_record_numbers'],
} as const;
export type FuzzedService = keyof typeof STORED;

/** Demo accounts whose tokens the requests carry; `leaving` is the one the sign-out route may end. */
const ACCOUNTS = {
  super: 'super@labline.test',
  admin: 'admin@northwind.labline.test',
  clinician: 'clinician@northwind.labline.test',
  riverside: 'admin@riverside.labline.test',
  leaving: 'lab@northwind.labline.test',
} as const;

export interface FuzzSystem {
  services: Record<FuzzedService, HttpApp>;
  gateway: HttpApp;
  /** Headers per caller: the accounts above, `none` and a `garbage` token. */
  tokens: Record<string, Record<string, string>>;
  /** Ids that exist; `users` leaves out the token holders, so that the routes keep running as them. */
  known: { institutions: number[]; users: number[]; clinicians: number[]; patients: number[]; clientAdmin: number };
  /** The event count and a hash of every stored table of the service. */
  fingerprint(service: FuzzedService): Promise<string>;
  /** Every stored row of the service, as Postgres writes it out. */
  storedRows(service: FuzzedService): Promise<string[]>;
  close(): Promise<void>;
}

const idsOf = async (pool: DatabasePool, query: ReturnType<typeof sql.unsafe>) => [
  ...(await pool.manyFirst(sql.type(z.object({ id: z.number() }))`${query}`)),
];

export async function startFuzzSystem(): Promise<FuzzSystem> {
  const silent = createLogger('fuzz', 'silent');
  const identity = await startSeededIdentity();
  const nats = await startPrivateJetStream();
  const relay = startRelay({
    store: identity.store,
    pool: identity.pool,
    nc: nats.nc,
    service: 'identity',
    logger: silent,
  });
  const database = await createTestDatabase('system_fuzz_clinical');
  const clinicalPool = await openServiceDatabase({
    url: database.url,
    schema: 'clinical',
    migrations: await serviceMigrations(clinicalService),
  });
  const clinicalStore = createPostgresEventStore({ pool: clinicalPool });
  const consumers: DurableConsumer[] = await Promise.all(
    (clinicalService.consumes ?? []).map((projection) =>
      startProjectionConsumer('clinical', projection, { nc: nats.nc, pool: clinicalPool, logger: silent }),
    ),
  );
  const clinical = await buildInProcess(clinicalService, {
    env: {
      DATABASE_URL: database.url,
      IDENTITY_JWKS_URL: 'http://127.0.0.1/unused',
      LABLINE_SEED: 'demo',
      SEED_WAIT_MS: '30000',
    },
    pool: clinicalPool,
    store: clinicalStore,
    resources: { keys: { jwks: identity.signingKeys.jwks } },
  });
  await clinicalService.seed?.(clinical.context);

  const webDist = await mkdtemp(path.join(os.tmpdir(), 'labline-fuzz-web-'));
  const gateway = buildGateway(
    {
      upstreams: {
        identity: await identity.app.listen({ port: 0, host: '127.0.0.1' }),
        clinical: await clinical.app.listen({ port: 0, host: '127.0.0.1' }),
      },
      jwks: { jwks: identity.signingKeys.jwks },
      webDist,
      trustProxy: false,
      rateLimit: { max: 100_000, loginMax: 100_000, windowMs: 60_000 },
      upstreamTimeoutMs: 10_000,
    },
    { logger: false },
  );
  await gateway.ready();

  const tokens: FuzzSystem['tokens'] = { none: {}, garbage: { authorization: 'Bearer x.y.z' } };
  const holders: number[] = [];
  for (const [name, email] of Object.entries(ACCOUNTS)) {
    const { token, user } = await signIn(identity, email);
    tokens[name] = bearer(token);
    holders.push(user.id);
  }
  const users = await idsOf(identity.pool, sql.unsafe`SELECT id FROM users ORDER BY id`);
  const known: FuzzSystem['known'] = {
    institutions: await idsOf(identity.pool, sql.unsafe`SELECT id FROM institutions ORDER BY id`),
    users: users.filter((id) => !holders.includes(id)),
    clinicians: await idsOf(identity.pool, sql.unsafe`SELECT id FROM users WHERE role = 'clinician' ORDER BY id`),
    patients: await idsOf(clinicalPool, sql.unsafe`SELECT id FROM patients ORDER BY id`),
    clientAdmin: (
      await idsOf(identity.pool, sql.unsafe`SELECT id FROM users WHERE email = ${'client@northwind.labline.test'}`)
    )[0]!,
  };
  if (known.patients.length === 0) throw new Error('the demo patients were not seeded');

  const pools: Record<FuzzedService, DatabasePool> = { identity: identity.pool, clinical: clinicalPool };
  return {
    services: { identity: identity.app, clinical: clinical.app },
    gateway,
    tokens,
    known,
    async fingerprint(service) {
      const pool = pools[service];
      const events = await pool.oneFirst(
        sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM events`,
      );
      const parts = [String(events)];
      for (const table of STORED[service]) {
        parts.push(
          await pool.oneFirst(sql.type(z.object({ md5: z.string() }))`
            SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS md5
            FROM ${sql.identifier([table])} t`),
        );
      }
      return parts.join(' ');
    },
    async storedRows(service) {
      const rows: string[] = [];
      for (const table of STORED[service]) {
        rows.push(
          ...(await pools[service].manyFirst(
            sql.type(z.object({ row: z.string() }))`SELECT t::text AS row FROM ${sql.identifier([table])} t`,
          )),
        );
      }
      return rows;
    },
    async close() {
      await gateway.close();
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await clinical.app.close();
      await relay.stop();
      await nats.close();
      await clinicalStore.close();
      await clinicalPool.end();
      await database.drop();
      await identity.close();
      await rm(webDist, { recursive: true, force: true });
    },
  };
}

/** Sends a request with its payload as JSON or as raw text under its own content type. */
export function sendRequest(
  target: HttpApp,
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    headers: Record<string, string>;
    payload: Payload | null;
  },
): Promise<LightMyRequestResponse> {
  const { method, url, headers, payload } = request;
  if (payload === null) return target.inject({ method, url, headers });
  if ('json' in payload) {
    const json = JSON.stringify(payload.json) ?? '';
    return target.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: json });
  }
  const contentType = payload.contentType ? { 'content-type': payload.contentType } : {};
  return target.inject({ method, url, headers: { ...headers, ...contentType }, payload: payload.raw });
}
