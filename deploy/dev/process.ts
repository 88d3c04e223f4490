import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { isPortOpen } from '@labline/testkit';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** How a process ended, with what it printed last. */
export interface ProcessExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  lastLines: string[];
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** The last lines it printed, shown when it fails to start. */
  recentOutput(): string;
  /** Settles once it has exited and its output is read to the end, however it ended. */
  exited: Promise<ProcessExit>;
  stop(timeoutMs?: number): Promise<void>;
}

const KEPT_LINES = 40;
const SHOWN_LINES = 20;
/** A grandchild that inherited the pipes could hold them open; its last lines are not worth waiting longer. */
const OUTPUT_DRAIN_MS = 1_000;

/** Runs a TypeScript entry point on this Node (24, from node_modules) through tsx. */
export function startTypeScriptProcess(
  name: string,
  entry: string,
  env: Record<string, string>,
  output: 'inherit' | 'quiet',
  onLine?: (line: string) => void,
): ManagedProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      onLine?.(line);
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      if (output === 'inherit') process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<ProcessExit>((resolve) => {
    const settle = () => resolve({ name, code: child.exitCode, signal: child.signalCode, lastLines: [...lines] });
    child.once('close', settle);
    child.once('exit', () => setTimeout(settle, OUTPUT_DRAIN_MS).unref());
    child.once('error', (error) => {
      lines.push(error.message);
      if (child.pid === undefined) settle();
    });
  });
  return {
    name,
    child,
    recentOutput: () => lines.join('\n'),
    exited,
    stop: (timeoutMs = 10_000) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** `clinical exited (code 1)` or `(signal SIGKILL)`, then its last lines. */
export function describeExit(exit: ProcessExit): string {
  const how = exit.signal === null ? `code ${exit.code}` : `signal ${exit.signal}`;
  const shown = exit.lastLines.slice(-SHOWN_LINES);
  return shown.length === 0
    ? `${exit.name} exited (${how}) without printing anything`
    : `${exit.name} exited (${how}); its last lines:\n${shown.map((line) => `  | ${line}`).join('\n')}`;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Waits until GET url answers 200 from this process, failing as soon as it exits. Its port must have been free
 * when it started (freePort, assertPortFree): otherwise another server could answer for it. An answer counts
 * only while the process still runs, so one that dies binding the port is reported, not taken for ready.
 * Two minutes: on a 2-core machine running the browser tests' systems beside it, a whole-system test's
 * notifications once took over 60 s to be ready (it is ready in seconds alone); a process that exits still fails
 * at once.
 */
export async function waitUntilReady(processInfo: ManagedProcess, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const failIfExited = async () => {
    if (hasExited(processInfo.child)) throw new Error(describeExit(await processInfo.exited));
  };
  while (Date.now() < deadline) {
    await failIfExited();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await failIfExited();
      if (response.ok) return;
    } catch (error) {
      if (hasExited(processInfo.child)) throw error;
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${processInfo.name} was not ready at ${url} within ${timeoutMs} ms:\n${processInfo.recentOutput()}`);
}

/** The port `npm start` (or a test) asked for is taken; the message says so, the caller says what to do. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is already in use: something is listening there (another Labline, for example)`);
    this.name = 'PortInUseError';
  }
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE'
        ? resolve(false)
        : reject(new Error(`cannot listen on ${host}:${port}: ${error.message}`)),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Throws PortInUseError unless the port can be bound on host and nothing answers on 127.0.0.1 there (where the
 * readiness check looks; a server bound to one address does not stop a bind to another on every system).
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  if ((await isPortOpen(port)) || !(await canListen(port, host))) throw new PortInUseError(port);
}
