/**
 * Helpers of the replicas test: services started as real processes (as the dev runner starts them), their
 * JSON log lines kept, the JetStream stream read message by message, and the OS process behind a Postgres
 * session found through its client port (Linux /proc), so a lock in pg_locks can be pinned to a replica.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { JETSTREAM_STREAM } from '@labline/contracts';
import type { NatsConnection } from 'nats';

export interface LogLine {
  at: number;
  msg?: string;
  relay?: string;
  [key: string]: unknown;
}

export interface Replica {
  name: string;
  service: 'identity' | 'clinical';
  url: string;
  pid: number;
  logs: LogLine[];
  running(): boolean;
  /** The signal that ended it, else its exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
  stop(): Promise<void>;
  /** When this replica's relay logged `relay active`, in epoch ms (every time it did). */
  relayActiveAt(): number[];
  kill(): void;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHOW_OUTPUT = process.env.REPLICAS_TEST_OUTPUT === 'inherit';

/**
 * A service as `npm start` runs it (deploy/dev/process.ts, startTypeScriptProcess: this Node with tsx on
 * `services/<name>/src/main.ts`), ready once /readyz answers 200. Spawned here rather than imported: the dev
 * runner's package exports only its stack.
 */
export async function startReplica(
  name: string,
  service: 'identity' | 'clinical',
  port: number,
  env: Record<string, string>,
): Promise<Replica> {
  const logs: LogLine[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, `services/${service}/src/main.ts`)], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  const collect = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      if (SHOW_OUTPUT) process.stdout.write(`[${name}] ${line}\n`);
      try {
        logs.push({ ...(JSON.parse(line) as object), at: Date.now() });
      } catch {
        logs.push({ at: Date.now(), msg: line });
      }
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const recent = () =>
    logs
      .slice(-20)
      .map((line) => `  | ${line.msg ?? JSON.stringify(line)}`)
      .join('\n');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running()) throw new Error(`${name} exited (${String(await exited)}) while starting:\n${recent()}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready && running()) break;
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 60 s:\n${recent()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    name,
    service,
    url,
    pid: child.pid!,
    logs,
    running,
    exited,
    relayActiveAt: () => logs.filter((line) => line.msg === 'relay active').map((line) => line.at),
    kill: () => void child.kill('SIGKILL'),
    async stop() {
      if (!running()) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface StreamMessage {
  seq: number;
  subject: string;
  msgId: string | undefined;
  eventId: string;
}

/** Every message in the stream, by sequence. */
export async function readStream(nc: NatsConnection): Promise<StreamMessage[]> {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.streams.info(JETSTREAM_STREAM);
  const messages: StreamMessage[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
    const message = await jsm.streams.getMessage(JETSTREAM_STREAM, { seq });
    messages.push({
      seq,
      subject: message.subject,
      msgId: message.header?.get('Nats-Msg-Id'),
      eventId: (message.json() as { id: string }).id,
    });
  }
  return messages;
}

/** The pid of the local process owning the TCP socket bound to this local port, among the candidates. */
export async function processOwningLocalPort(port: number, candidates: readonly number[]): Promise<number | null> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const row of text.split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      const local = fields[1];
      if (!local || Number.parseInt(local.split(':').at(-1) ?? '', 16) !== port) continue;
      if (fields[9] && fields[9] !== '0') inodes.add(`socket:[${fields[9]}]`);
    }
  }
  for (const pid of candidates) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (inodes.has(target)) return pid;
    }
  }
  return null;
}
