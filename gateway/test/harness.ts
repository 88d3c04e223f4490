/** A gateway built as `main.ts` builds it, in front of real echo upstreams, with a small built web app. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { HttpApp } from '@labline/service-kit';
import { SERVICES, type Role, type ServiceName } from '@labline/contracts';
import { createTestKeys, type TestKeys } from '@labline/testkit';
import { buildGateway } from '../src/app';
import type { GatewayConfig } from '../src/config';
import { startEchoUpstream, type ReceivedRequest, type TestServer } from './upstream';

export const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
export const HASHED_SCRIPT = 'assets/index-AbC123.js';

/** A directory shaped like web/dist. */
export function makeWebDist(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'labline-gateway-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, HASHED_SCRIPT), 'console.log("app");');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

export interface Harness {
  app: HttpApp;
  keys: TestKeys;
  upstreams: Record<ServiceName, TestServer>;
  webDist: string;
  token(role: Role, permissions?: string[]): Promise<string>;
  close(): Promise<void>;
}

/** `configure` adjusts the configuration main.ts would build, e.g. to point a service elsewhere. */
export async function startHarness(configure: (config: GatewayConfig) => GatewayConfig = (c) => c): Promise<Harness> {
  const keys = await createTestKeys();
  const started = await Promise.all(SERVICES.map((service) => startEchoUpstream(service)));
  const upstreams = Object.fromEntries(SERVICES.map((service, i) => [service, started[i]!])) as Record<
    ServiceName,
    TestServer
  >;
  const webDist = makeWebDist();
  const app = buildGateway(
    configure({
      upstreams: Object.fromEntries(SERVICES.map((service) => [service, upstreams[service].url])),
      jwks: { jwks: keys.jwks },
      webDist,
      trustProxy: false,
      rateLimit: { max: 10_000, loginMax: 10_000, windowMs: 60_000 },
      upstreamTimeoutMs: 2_000,
    }),
    { logger: false },
  );
  await app.ready();
  return {
    app,
    keys,
    upstreams,
    webDist,
    token: (role, permissions = []) =>
      keys.mintToken({ id: 42, role, permissions, institution_id: role === 'super_admin' ? null : 1 }),
    close: async () => {
      await app.close();
      await Promise.all(started.map((server) => server.close()));
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/** What the echo upstream reported receiving. */
export function received(response: LightMyRequestResponse): ReceivedRequest {
  return response.json<ReceivedRequest>();
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
