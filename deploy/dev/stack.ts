/**
 * The whole Labline system on one machine: infrastructure (found or started), every service and the
 * gateway as separate processes, the web app built and served. `npm start` and the browser tests both
 * use it, so what the tests drive is what a person starts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { serviceDatabaseUrls } from '@labline/db';
import pg from 'pg';
import {
  createTestDatabase,
  findOrStartNats,
  findOrStartPostgres,
  freePort,
  type StartedInfra,
} from '@labline/testkit';
import { GATEWAY_ENTRY, SERVICES } from './services';
import { startTypeScriptProcess, waitUntilReady, type ManagedProcess, ROOT } from './process';
import { ensureWebBuild, WEB_DIST } from './web-build';

export interface StackOptions {
  /** Gateway port; 0 picks a free one. */
  port?: number;
  /** 'persistent' keeps data in .labline/ and the `labline` database; 'ephemeral' uses a throwaway database and NATS. */
  mode?: 'persistent' | 'ephemeral';
  seed?: 'demo' | 'none';
  output?: 'inherit' | 'quiet';
  /** Extra environment for every service (e.g. a shorter rate-limit window in a test). */
  env?: Record<string, string>;
  /** Every line a service or the gateway prints (a test scans the logs of a run). */
  onLog?: (process: string, line: string) => void;
}

export interface Stack {
  url: string;
  databaseUrl: string;
  natsUrl: string;
  infrastructure: { postgres: StartedInfra['source']; nats: StartedInfra['source'] };
  stop(): Promise<void>;
}

const DATA_DIR = path.join(ROOT, '.labline');
const PERSISTENT_POSTGRES = { dataDir: path.join(DATA_DIR, 'postgres'), port: 54329 };
const PERSISTENT_NATS = { storeDir: path.join(DATA_DIR, 'nats'), port: 42229 };
const PERSISTENT_DATABASE = process.env.LABLINE_DATABASE ?? 'labline';

/**
 * The infrastructure `npm start` keeps its data in (found, or started on the same data), for tools that work
 * on that system: the projection rebuild.
 */
export async function persistentInfrastructure(): Promise<{
  databaseUrl: string;
  natsUrl: string;
  stop(): Promise<void>;
}> {
  mkdirSync(DATA_DIR, { recursive: true });
  const postgres = await findOrStartPostgres(PERSISTENT_POSTGRES);
  const nats = await findOrStartNats(PERSISTENT_NATS).catch(async (error: unknown) => {
    await postgres.stop();
    throw error;
  });
  return {
    databaseUrl: await ensureDatabase(postgres.url, PERSISTENT_DATABASE),
    natsUrl: nats.url,
    async stop() {
      await nats.stop();
      await postgres.stop();
    },
  };
}

async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const mode = options.mode ?? 'ephemeral';
  const output = options.output ?? 'quiet';
  const log = (line: string) => {
    if (output === 'inherit') console.log(`[labline] ${line}`);
  };
  const closers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };

  try {
    if (mode === 'persistent') mkdirSync(DATA_DIR, { recursive: true });
    const postgres = await findOrStartPostgres(mode === 'persistent' ? PERSISTENT_POSTGRES : {});
    closers.push(postgres.stop);
    log(`Postgres: ${postgres.source === 'started' ? 'embedded server started' : `using ${postgres.source} server`}`);
    let databaseUrl: string;
    if (mode === 'persistent') {
      databaseUrl = await ensureDatabase(postgres.url, PERSISTENT_DATABASE);
    } else {
      const database = await createTestDatabase('labline_stack');
      closers.push(database.drop);
      databaseUrl = database.url;
    }

    const nats = await findOrStartNats(mode === 'persistent' ? PERSISTENT_NATS : { isolated: true });
    closers.push(nats.stop);
    log(`NATS: ${nats.source === 'started' ? 'nats-server started' : `using ${nats.source} server`}`);

    ensureWebBuild(log);

    const common = {
      NATS_URL: nats.url,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? (output === 'inherit' ? 'info' : 'warn'),
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      ...options.env,
    };
    const serviceUrls: Record<string, string> = {};
    const processes: ManagedProcess[] = [];
    closers.push(async () => {
      await Promise.all(processes.map((child) => child.stop()));
    });
    // One after the other: a service may need an earlier one (clinical verifies tokens with identity's keys
    // and its demo seed waits for identity's demo institutions and clinicians).
    for (const service of SERVICES) {
      const port = await freePort();
      // Production's shape: the service provisions its roles and migrates through the admin connection, then
      // works as its own application role (roles.ts in @labline/db).
      const database = serviceDatabaseUrls({ url: databaseUrl, schema: service.name });
      const child = startTypeScriptProcess(
        service.name,
        service.entry,
        {
          DATABASE_ADMIN_URL: database.admin,
          DATABASE_URL: database.application,
          ...common,
          ...service.env?.(serviceUrls),
          PORT: String(port),
          DB_SCHEMA: service.name,
          LABLINE_SEED: options.seed ?? 'demo',
        },
        output,
        options.onLog && ((line) => options.onLog?.(service.name, line)),
      );
      processes.push(child);
      serviceUrls[service.urlVariable] = `http://127.0.0.1:${port}`;
      await waitUntilReady(child, `${serviceUrls[service.urlVariable]}/readyz`);
    }

    const gatewayPort = options.port === undefined || options.port === 0 ? await freePort() : options.port;
    const gateway = startTypeScriptProcess(
      'gateway',
      GATEWAY_ENTRY,
      { ...common, ...serviceUrls, PORT: String(gatewayPort), HOST: process.env.HOST ?? '0.0.0.0', WEB_DIST },
      output,
      options.onLog && ((line) => options.onLog?.('gateway', line)),
    );
    processes.push(gateway);
    const url = `http://localhost:${gatewayPort}`;
    await waitUntilReady(gateway, `http://127.0.0.1:${gatewayPort}/readyz`);
    return {
      url,
      databaseUrl,
      natsUrl: nats.url,
      infrastructure: { postgres: postgres.source, nats: nats.source },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
