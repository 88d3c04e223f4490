/**
 * The one place where HTTP errors are handled (docs/style.md: errors handled once in the API client):
 * bearer header, JSON, token refresh before expiry, 401 → session ended, `error` field → ApiError message (as
 * sentences, with the fields they concern).
 */
import { API_PREFIX, IDENTITY_ROUTES } from '@labline/contracts';
import { ApiError } from '../../shared/apiError';
import { clearStoredSession, readStoredToken, writeStoredToken } from '../session/storage';
import { tokenNeedsRefresh } from './token';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Shown when the server gives no `error` text. */
  defaultError: string;
  /** Calls made before signing in (login) send no token and never end the session. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Subscribes to the end of the session (401 or failed refresh); returns the unsubscribe function. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function endSession(): void {
  clearStoredSession();
  if (sessionEndedListeners.size === 0) window.location.assign('/login');
  for (const listener of sessionEndedListeners) listener();
}

function send(path: string, method: string, token: string | null, body: unknown, signal?: AbortSignal) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  return fetch(`${API_PREFIX}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

let refreshInFlight: Promise<string | null> | null = null;

async function refreshToken(token: string): Promise<string | null> {
  try {
    const { method, path } = IDENTITY_ROUTES.refresh;
    const response = await send(path, method, token, undefined);
    if (!response.ok) throw new Error(`refresh failed with ${response.status}`);
    const answer = await readJson(response);
    const next = isRecord(answer) ? answer.token : undefined;
    if (typeof next !== 'string') throw new Error('refresh answered without a token');
    // Only into the session it renewed: one ended meanwhile (Sign Out here or in another tab) stays ended.
    if (readStoredToken() === token) writeStoredToken(next);
    return next;
  } catch {
    if (readStoredToken() === token) endSession();
    return null;
  }
}

/**
 * The stored token, refreshed first when it expires within the refresh window, so an active user is not
 * signed out. Concurrent callers share one refresh. Null when there is no session (any more).
 */
export async function freshToken(): Promise<string | null> {
  const token = readStoredToken();
  if (token === null || !tokenNeedsRefresh(token)) return token;
  refreshInFlight ??= refreshToken(token).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Sends a request and answers its JSON body, typed as T: the contracts' response type of the call
 * (`ResponseOf<typeof somethingResponseSchema>`). The body is not parsed again here: every service checks its
 * answers against that schema before sending them (service-kit's serializer), and the schema library stays out of
 * the pages' bundles.
 */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const { method = 'GET', body, defaultError, anonymous = false, signal } = options;
  const token = anonymous ? null : await freshToken();
  if (!anonymous && token === null) throw new ApiError(defaultError, 401);

  let response: Response;
  try {
    response = await send(path, method, token, body, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(defaultError, 0);
  }

  const json = await readJson(response);
  if (response.status === 401 && !anonymous) endSession();
  if (!response.ok) {
    // The server's text ({ error }) is turned into sentences under the forms' labels by ApiError (shared/apiError.ts).
    const serverText = isRecord(json) && typeof json.error === 'string' ? json.error : '';
    throw new ApiError(defaultError, response.status, serverText);
  }
  return json as T;
}
