/**
 * The gateway is ready only while the services it proxies to are: each configured service's own /readyz is
 * probed, briefly cached so that a burst of probes costs a service one request.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ERRORS } from '@labline/contracts';
import { freePort, waitFor } from '@labline/testkit';
import Fastify, { type FastifyInstance } from 'fastify';
import { startHarness, type Harness } from './harness';

interface Readiness {
  status: number;
  body: { error?: string; status?: string; checks: Record<string, boolean> };
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
  const waitForReadiness = (status: number, description: string) =>
    waitFor(
      async () => {
        const answer = await readiness();
        return answer.status === status && answer;
      },
      { timeoutMs: 5_000, description },
    );

  test('a burst of /readyz probes each service once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, readiness));
    assert.ok(answers.every((answer) => answer.status === 200));
    assert.equal(clinical.probes, 1);
    assert.equal(answers[0]!.body.checks.clinical, true);
    assert.equal(answers[0]!.body.checks.identity, true);
    assert.equal('analytics' in answers[0]!.body.checks, false, 'a service without a URL is not probed');
  });

  test('a stopped service makes the gateway not ready, naming it, and ready again once it is back', async () => {
    await clinical.stop();
    const down = await waitForReadiness(503, 'the gateway to report clinical down');
    assert.equal(down.body.error, ERRORS.serviceUnavailable);
    assert.equal(down.body.checks.clinical, false);
    assert.equal(down.body.checks.identity, true, 'the other services are still reported up');

    await clinical.start();
    const up = await waitForReadiness(200, 'the gateway to report clinical back');
    assert.equal(up.body.checks.clinical, true);
  });

  test('a service whose own readiness fails (its database is down) counts as down', async () => {
    clinical.ready = false;
    const down = await waitForReadiness(503, 'the gateway to report clinical not ready');
    assert.equal(down.body.checks.clinical, false);
    clinical.ready = true;
    await waitForReadiness(200, 'the gateway to report clinical ready again');
  });
});
