/** The gateway of a running system, called as the web app calls it: JSON, a bearer token, contracts' schemas. */
import { loginResponseSchema } from '@labline/contracts';
import type { z } from 'zod';

export interface Api {
  get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>>;
  post<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.infer<S>>;
}

async function call<S extends z.ZodType>(url: string, init: RequestInit, schema: S): Promise<z.infer<S>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return schema.parse(JSON.parse(text));
}

export async function signIn(baseUrl: string, email: string, password: string) {
  const login = await call(
    `${baseUrl}/api/auth/login`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) },
    loginResponseSchema,
  );
  const headers = { authorization: `Bearer ${login.token}` };
  const api: Api = {
    get: (path, schema) => call(`${baseUrl}${path}`, { headers }, schema),
    post: (path, body, schema) =>
      call(
        `${baseUrl}${path}`,
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        schema,
      ),
  };
  return { user: login.user, api };
}

/** Polls until `check` returns a value (events cross NATS asynchronously), or fails after `timeoutMs`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${lastError ? ` (last error: ${String(lastError)})` : ''}`);
}
