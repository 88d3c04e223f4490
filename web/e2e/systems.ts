/**
 * The running systems of the browser tests: one whole Labline (deploy/dev/stack.ts, a fresh database with the demo
 * seed) per Vitest worker, started when the worker's first file asks for it and stopped when the run ends. Starting
 * and seeding a system is the dearest step of a browser test file, and the files of one worker run one after the
 * other, so they share it: each file makes the records it changes, under names of its own, and leaves the demo
 * accounts as the seed made them.
 *
 * The systems live in Vitest's main process (this file is the e2e project's globalSetup); a worker asks for its own
 * through a small HTTP endpoint on loopback (`GET /system?worker=N`), whose address the setup provides to the tests.
 * The same endpoint keeps the run's list of pages axe has checked (`GET /checked?visit=…` answers whether this is the
 * first time), so a route is checked once per window width in the whole run, not once per file.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { z } from 'zod';
import { describeExit, startStack, type Stack } from '../../deploy/dev/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the systems' endpoint (see systems.ts). */
    e2eSystems: string;
  }
}

export const systemInfoSchema = z.object({
  url: z.string(),
  sandboxes: z.object({ smtp: z.string(), sms: z.string() }),
  /** Set once a process of the system has exited on its own: which one, with its last lines. */
  stopped: z.string().nullable(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

/**
 * The browser tests sign in far more often than one person does, and all from 127.0.0.1, across the files that
 * share a system: the per-address sign-in limits (gateway and identity) would turn later files away. They are
 * tested where they are the subject (the gateway's and identity's own tests); everything else keeps its default,
 * but for the laboratory's pace (below).
 */
const SHARED_SYSTEM_ENV = {
  LOGIN_RATE_LIMIT_MAX: '100000',
  LOGIN_RATE_LIMIT_PER_ADDRESS: '100000',
  RATE_LIMIT_MAX: '100000',
  // The laboratory sandbox's pace and the results service's poll (issue 27): a browser test sees an order reach
  // Results Available within a few seconds of its submission.
  SAMPLE_RECEIVED_AFTER_MS: '500',
  COMPLETE_AFTER_MS: '1500',
  EXTERNAL_LAB_POLL_MS: '500',
};

interface Running {
  stack: Promise<Stack>;
  stopped: string | null;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const systems = new Map<string, Running>();
  const start = (worker: string): Running => {
    const running: Running = { stack: startStack({ env: SHARED_SYSTEM_ENV }), stopped: null };
    void running.stack.then(
      (stack) =>
        void stack.exited.then((exit) => {
          running.stopped = `the system of worker ${worker} stopped: ${describeExit(exit)}`;
          console.error(running.stopped);
        }),
      () => undefined,
    );
    return running;
  };
  /** The pages axe has checked in this run, across files and workers (accessibility.ts asks with GET /checked). */
  const checked = new Set<string>();
  const server: Server = createServer((request, response) => {
    const asked = new URL(request.url ?? '/', 'http://localhost');
    if (asked.pathname === '/checked') {
      const visit = asked.searchParams.get('visit') ?? '';
      const first = !checked.has(visit);
      checked.add(visit);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ first }));
      return;
    }
    const worker = asked.searchParams.get('worker') ?? '1';
    let running = systems.get(worker);
    if (running === undefined) {
      running = start(worker);
      systems.set(worker, running);
    }
    const current = running;
    current.stack.then(
      (stack) => {
        const info: SystemInfo = { url: stack.url, sandboxes: stack.sandboxes, stopped: current.stopped };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(info));
      },
      (error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`the system did not start: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
  // A first request waits for its system to start and seed: minutes on a busy machine.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('e2eSystems', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    server.close();
    await Promise.all(
      [...systems.values()].map(async ({ stack }) => {
        const started = await stack.catch(() => undefined);
        await started?.stop();
      }),
    );
  };
}
