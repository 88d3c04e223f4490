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
import { GATEWAY_ENTRY, serviceEnvironment, SERVICES } from './services';
import {
  assertPortFree,
  describeExit,
  startTypeScriptProcess,
  waitUntilReady,
  type ManagedProcess,
  type ProcessExit,
  ROOT,
} from './process';
import { startSandboxes } from '../sandboxes/stack';
import { ensureWebBuild } from './web-build';

export { describeExit, PortInUseError, type ProcessExit } from './process';

export interface StackOptions {
  /** Gateway port, checked free before anything starts (PortInUseError); 0 picks a free one. */
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
  /** The sandbox peers' web addresses: the SMTP inbox (GET /messages) and the SMS API (GET /messages). */
  sandboxes: { smtp: string; sms: string; lab: string };
  /**
   * Settles when a service or the gateway exits without stop() having been called, once the stack has stopped
   * everything else; stays pending otherwise. describeExit(exit) says which one, with its last lines.
   */
  exited: Promise<ProcessExit>;
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
  const gatewayHost = process.env.HOST ?? '0.0.0.0';
  const closers: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
    })();
    return stopping;
  };

  // Half a system must not keep running: the first process to exit on its own stops all the others.
  let started = false;
  let firstExit: ProcessExit | undefined;
  let reportExit: (exit: ProcessExit) => void = () => undefined;
  const exited = new Promise<ProcessExit>((resolve) => (reportExit = resolve));
  const processes: ManagedProcess[] = [];
  const watch = (managed: ManagedProcess) => {
    processes.push(managed);
    void managed.exited.then(async (exit) => {
      if (stopping !== undefined) return;
      firstExit = exit;
      if (started && output === 'inherit') {
        console.error(`[labline] ${describeExit(exit)}`);
        console.error('[labline] stopping the other processes...');
      }
      await stop();
      reportExit(exit);
    });
    return managed;
  };
  const launch = (name: string, entry: string, env: Record<string, string>) => {
    if (stopping !== undefined) throw new Error(firstExit ? describeExit(firstExit) : 'stopped while starting');
    return watch(
      startTypeScriptProcess(name, entry, env, output, options.onLog && ((line) => options.onLog?.(name, line))),
    );
  };
  const ready = async (managed: ManagedProcess, url: string) => {
    await waitUntilReady(managed, url);
    log(`${managed.name} ready (pid ${managed.child.pid}, ${url.replace(/\/readyz$/, '')})`);
  };

  try {
    if (options.port) await assertPortFree(options.port, gatewayHost);
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

    // The build this stack serves for its whole life, even when a newer one is published meanwhile.
    const webDist = ensureWebBuild(log);

    const common = {
      NATS_URL: nats.url,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? (output === 'inherit' ? 'info' : 'warn'),
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      ...options.env,
    };
    const serviceUrls: Record<string, string> = {};
    closers.push(async () => {
      await Promise.all(processes.map((child) => child.stop()));
    });
    // Every service's port, chosen up front: the SMS sandbox posts simulated replies to the one that needs `sms`.
    const ports = new Map<string, number>();
    for (const service of SERVICES) ports.set(service.name, await freePort());
    const smsService = SERVICES.find((service) => service.needs.includes('sms'));
    // The SMTP and SMS sandboxes stand in for the mail relay and Twilio, for the services that need them.
    const sandboxes = await startSandboxes(
      common,
      (name, entry, env) => launch(name, entry, env),
      ready,
      smsService && ports.get(smsService.name),
    );
    // Chosen first: identity's e-mailed links point at the web app the gateway serves.
    const gatewayPort = options.port === undefined || options.port === 0 ? await freePort() : options.port;
    // One after the other: a service may need an earlier one (clinical verifies tokens with identity's keys
    // and its demo seed waits for identity's demo institutions and clinicians). Started side by side on two
    // cores, they only share the CPU, and each one's readiness wait then covers the others' start-up too.
    for (const service of SERVICES) {
      const port = ports.get(service.name) ?? (await freePort());
      // Production's shape: the service provisions its roles and migrates through the admin connection, then
      // works as its own application role (roles.ts in @labline/db).
      const database = serviceDatabaseUrls({ url: databaseUrl, schema: service.name });
      const child = launch(service.name, service.entry, {
        DATABASE_ADMIN_URL: database.admin,
        DATABASE_URL: database.application,
        ...common,
        // What its declaration says it needs: identity's keys, the web app's address, the sandboxes.
        ...serviceEnvironment(service, port, {
          urls: serviceUrls,
          webUrl: `http://localhost:${gatewayPort}`,
          mailEnv: sandboxes.mailEnv,
          smsEnv: sandboxes.smsEnv,
          externalLabEnv: sandboxes.externalLabEnv,
        }),
        PORT: String(port),
        DB_SCHEMA: service.name,
        ...(service.demoSeed ? { LABLINE_SEED: options.seed ?? 'demo' } : {}),
      });
      serviceUrls[service.urlVariable] = `http://127.0.0.1:${port}`;
      await ready(child, `${serviceUrls[service.urlVariable]}/readyz`);
    }

    // Checked again: something may have taken it while the services started.
    await assertPortFree(gatewayPort, gatewayHost);
    const gateway = launch('gateway', GATEWAY_ENTRY, {
      ...common,
      ...serviceUrls,
      PORT: String(gatewayPort),
      HOST: gatewayHost,
      WEB_DIST: webDist,
    });
    await ready(gateway, `http://127.0.0.1:${gatewayPort}/readyz`);
    if (stopping !== undefined) throw new Error(firstExit ? describeExit(firstExit) : 'stopped while starting');
    started = true;
    return {
      url: `http://localhost:${gatewayPort}`,
      databaseUrl,
      natsUrl: nats.url,
      infrastructure: { postgres: postgres.source, nats: nats.source },
      sandboxes: { smtp: sandboxes.smtpUrl, sms: sandboxes.smsUrl, lab: sandboxes.labUrl },
      exited,
      stop,
    };
  } catch (error) {
    await stop();
    // The process that exited first is the cause; the one being waited for may only have been stopped with it.
    throw firstExit ? new Error(describeExit(firstExit)) : error;
  }
}
