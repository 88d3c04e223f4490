import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** The last lines it printed, shown when it fails to start. */
  recentOutput(): string;
  stop(timeoutMs?: number): Promise<void>;
}

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
      if (lines.length > 40) lines.shift();
      if (output === 'inherit') process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return {
    name,
    child,
    recentOutput: () => lines.join('\n'),
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

/** Waits until GET url answers 200, failing early when the process exits. */
export async function waitUntilReady(processInfo: ManagedProcess, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (processInfo.child.exitCode !== null) {
      throw new Error(
        `${processInfo.name} exited (code ${processInfo.child.exitCode}):\n${processInfo.recentOutput()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${processInfo.name} was not ready at ${url} within ${timeoutMs} ms:\n${processInfo.recentOutput()}`);
}
