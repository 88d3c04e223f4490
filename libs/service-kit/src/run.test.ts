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
    app.get('/slow', async () => {
      markStarted();
      await new Promise((resolve) => setTimeout(resolve, 200));
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
    await service.shutdown();
    const response = await inFlight;
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { done: true });
    assert.deepEqual(closed, ['pool', 'nats']);
    await assert.rejects(fetch(`${service.address}/healthz`));
  });
});
