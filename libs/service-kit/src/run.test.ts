import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createHttpApp } from './app';
import { runService } from './run';

describe('runService', () => {
  it('finishes in-flight requests, then runs the closers in order', async () => {
    const app = createHttpApp({ name: 'test', logger: false });
    let markStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    app.get('/slow', async () => {
      markStarted();
      await finished;
      return { done: true };
    });
    const closed: string[] = [];
    const service = await runService(app, {
      port: 0,
      host: '127.0.0.1',
      onShutdown: [async () => closed.push('pool'), async () => closed.push('nats')],
    });
    const inFlight = fetch(`${service.address}/slow`);
    await started;
    const shutdown = service.shutdown();
    // Shutting down waits for the request: nothing is closed under it.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(closed, []);
    finish();
    await shutdown;
    const response = await inFlight;
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { done: true });
    assert.deepEqual(closed, ['pool', 'nats']);
    await assert.rejects(fetch(`${service.address}/healthz`));
  });
});
