/**
 * Test fixtures: small real HTTP servers standing in for a service (an echo that reports what reached it)
 * and for identity's JWKS endpoint.
 */
import Fastify from 'fastify';
import type { JSONWebKeySet } from 'jose';

export interface ReceivedRequest {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** Answers every request with what it received; `x-test-delay-ms` makes it wait before answering. */
export async function startEchoUpstream(service: string): Promise<TestServer> {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.all('/*', async (request): Promise<ReceivedRequest> => {
    const delay = Number(request.headers['x-test-delay-ms'] ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return {
      service,
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

/** identity's /.well-known/jwks.json, serving the given public keys. */
export async function startJwksServer(jwks: JSONWebKeySet): Promise<TestServer & { jwksUrl: string }> {
  const app = Fastify();
  app.get('/.well-known/jwks.json', async () => jwks);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, jwksUrl: `${url}/.well-known/jwks.json`, close: () => app.close() };
}
