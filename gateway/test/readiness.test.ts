/**
 * The gateway reports the services it proxies to without going unready for them: each configured service's own
 * /readyz is probed (briefly cached, so that a burst of probes costs a service one request) and listed under
 * `reported`; with one service down the gateway says 'degraded' and keeps serving the others and the web app.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { freePort, waitFor } from '@labline/testkit';
import Fastify, { type FastifyInstance } from 'fastify';
import { startHarness, type Harness } from './harness';

interface Readiness {
  status: number;
  body: { error?: string; status?: string; checks: Record<string, boolean>; reported: Record<string, boolean> };
}

/** A stand-in for clinical on a fixed port, so it can be stopped and started again at the same address. */
class Clinical {
  probes = 0;
  ready = true;
  private server: FastifyInstance | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = Fastify();
    server.get('/readyz', async (_request, reply) => {
      this.probes += 1;
      return this.ready ? { status: 'ready' } : reply.code(503).send({ error: 'not ready' });
    });
    await server.listen({ port: this.port, host: '127.0.0.1' });
    this.server = server;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}

describe('readiness of the services behind the gateway', () => {
  let clinical: Clinical;
  let harness: Harness;
  beforeAll(async () => {
    clinical = new Clinical(await freePort());
    await clinical.start();
    harness = await startHarness((config) => ({
      ...config,
      upstreams: { ...config.upstreams, clinical: clinical.url, analytics: undefined },
    }));
  });
  afterAll(async () => {
    await harness.close();
    await clinical.stop();
  });

  const readiness = async (): Promise<Readiness> => {
    const response = await harness.app.inject({ url: '/readyz' });
    return { status: response.statusCode, body: response.json() };
  };
  const waitForReadiness = (status: 'ready' | 'degraded', description: string) =>
    waitFor(
      async () => {
        const answer = await readiness();
        return answer.body.status === status && answer;
      },
      { timeoutMs: 5_000, description },
    );

  test('a burst of /readyz probes each service once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, readiness));
    assert.ok(answers.every((answer) => answer.status === 200));
    assert.equal(clinical.probes, 1);
    assert.equal(answers[0]!.body.status, 'ready');
    assert.equal(answers[0]!.body.reported.clinical, true);
    assert.equal(answers[0]!.body.reported.identity, true);
    assert.equal(answers[0]!.body.checks.identityJwks, true);
    assert.equal('analytics' in answers[0]!.body.reported, false, 'a service without a URL is not probed');
  });

  test('a stopped service is reported down by name while the gateway stays ready for the others', async () => {
    await clinical.stop();
    const down = await waitForReadiness('degraded', 'the gateway to report clinical down');
    assert.equal(down.status, 200, 'the load balancer keeps the gateway: sign-in and the other services work');
    assert.equal(down.body.reported.clinical, false);
    assert.equal(down.body.reported.identity, true, 'the other services are still reported up');
    const signIn = await harness.app.inject({ method: 'GET', url: '/login' });
    assert.equal(signIn.statusCode, 200, 'the web app is still served');

    await clinical.start();
    const up = await waitForReadiness('ready', 'the gateway to report clinical back');
    assert.equal(up.body.reported.clinical, true);
  });

  test('a service whose own readiness fails (its database is down) is reported down', async () => {
    clinical.ready = false;
    const down = await waitForReadiness('degraded', 'the gateway to report clinical not ready');
    assert.equal(down.body.reported.clinical, false);
    clinical.ready = true;
    await waitForReadiness('ready', 'the gateway to report clinical ready again');
  });
});
