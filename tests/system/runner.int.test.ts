/**
 * A runner that never lies (`npm start`, deploy/dev/start.ts): with its port taken it says so and what to do,
 * and exits non-zero before starting anything; when one of its processes dies it says which, with its last
 * lines, stops the others and exits non-zero; Ctrl-C still stops everything with 0. The runner is started as
 * `npm start` starts it, on a throwaway database and NATS (LABLINE_DATA=ephemeral), never on .labline/.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { DEPLOYED_SERVICES } from '@labline/contracts';
import { freePort, isPortOpen } from '@labline/testkit';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Runner {
  child: ChildProcess;
  output(): string;
  exitCode: Promise<number | null>;
  /** Resolves with the first match of pattern in the output so far or to come. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
}

const runners: Runner[] = [];

function startRunner(env: Record<string, string>): Runner {
  // Its own process group, like a terminal's foreground job: Ctrl-C reaches the runner and its children alike.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'deploy/dev/start.ts')], {
    cwd: ROOT,
    env: { ...process.env, LABLINE_DATA: 'ephemeral', LABLINE_SEED: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exitCode = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const runner: Runner = {
    child,
    output: () => text,
    exitCode,
    waitForOutput: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; the runner printed:\n${text}`));
        }, timeoutMs);
        function check() {
          const match = text.match(pattern);
          if (!match) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(match);
        }
        listeners.add(check);
        check();
        void exitCode.then((code) => {
          if (!listeners.delete(check)) return;
          clearTimeout(timer);
          reject(new Error(`exited (code ${code}) before printing ${pattern}; it printed:\n${text}`));
        });
      }),
  };
  runners.push(runner);
  return runner;
}

/** The runner's processes by name, from its `[labline] <name> ready (pid N, …)` lines. */
function processIds(output: string): Map<string, number> {
  return new Map(
    [...output.matchAll(/\[labline\] (\S+) ready \(pid (\d+)/g)].map(([, name, pid]) => [name!, Number(pid)]),
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function exitWithin(runner: Runner, timeoutMs: number): Promise<number | null> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`still running after ${timeoutMs} ms; it printed:\n${runner.output()}`)),
      timeoutMs,
    ).unref(),
  );
  return Promise.race([runner.exitCode, timeout]);
}

async function runningSystem(): Promise<{ runner: Runner; gatewayPort: number; pids: Map<string, number> }> {
  const runner = startRunner({ PORT: '0' });
  // The runner gives each process two minutes to be ready and starts them in their order: beside the browser tests'
  // systems on two cores a whole start took over 90 s. A wait, not a speed bound (those are in npm run bench).
  const [, gatewayPort] = await runner.waitForOutput(/Labline is running: http:\/\/localhost:(\d+)/, 240_000);
  const pids = processIds(runner.output());
  // every service, the gateway, and the sandbox peers standing in for the mail relay, Twilio and the laboratory
  assert.deepEqual(
    [...pids.keys()].sort(),
    [...DEPLOYED_SERVICES, 'gateway', 'lab-sandbox', 'sms-sandbox', 'smtp-sandbox'].sort(),
  );
  return { runner, gatewayPort: Number(gatewayPort), pids };
}

afterAll(() => {
  for (const { child } of runners) {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  }
});

describe('the dev runner', () => {
  it('says the port is taken and what to do, and exits non-zero before starting anything', async () => {
    const port = await freePort();
    const occupier = net.createServer();
    await new Promise<void>((resolve) => occupier.listen(port, resolve));
    try {
      const runner = startRunner({ PORT: String(port) });
      const code = await exitWithin(runner, 20_000);
      const output = runner.output();
      assert.notEqual(code, 0, output);
      assert.match(output, new RegExp(`port ${port} is already in use: something is listening there`));
      assert.match(output, /another Labline/);
      assert.match(output, /PORT=8090 npm start/);
      assert.doesNotMatch(output, /Postgres:|NATS:|Labline is running/);
    } finally {
      occupier.close();
    }
  });

  it('stops everything, naming the process that died with its last lines, and exits non-zero', async () => {
    const { runner, gatewayPort, pids } = await runningSystem();
    assert.ok(await isPortOpen(gatewayPort));

    process.kill(pids.get('clinical')!, 'SIGKILL');
    const code = await exitWithin(runner, 30_000);

    const output = runner.output();
    assert.notEqual(code, 0, output);
    assert.match(output, /\[labline\] clinical exited \(signal SIGKILL\); its last lines:\n {2}\| /);
    assert.match(output, /\[labline\] stopped: Labline is not running\./);
    for (const [name, pid] of pids) assert.equal(isRunning(pid), false, `${name} (pid ${pid}) still runs`);
    assert.equal(await isPortOpen(gatewayPort), false, 'the gateway still answers');
  });

  it('stops everything with exit code 0 on Ctrl-C', async () => {
    const { runner, gatewayPort, pids } = await runningSystem();

    process.kill(-runner.child.pid!, 'SIGINT');
    const code = await exitWithin(runner, 30_000);

    const output = runner.output();
    assert.equal(code, 0, `signal ${runner.child.signalCode}:\n${output}`);
    assert.match(output, /\[labline\] stopped\.\n/);
    assert.doesNotMatch(output, /exited \(/);
    for (const [name, pid] of pids) assert.equal(isRunning(pid), false, `${name} (pid ${pid}) still runs`);
    assert.equal(await isPortOpen(gatewayPort), false, 'the gateway still answers');
  });
});
