import type { SessionUser } from '@labline/contracts';

/** Browser storage keys of the session (spec 1 §4, §9). */
export const STORAGE_KEYS = { token: 'authToken', user: 'user' } as const;

export interface StoredSession {
  token: string;
  user: SessionUser;
}

export function readStoredToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function writeStoredToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

/**
 * The stored user, or null when it is missing or no longer has the session user's shape. Asynchronous: its schema
 * comes with the session schemas' chunk (app/api/sessionSchemas.ts), which the sign-in page does without.
 */
export async function readStoredUser(): Promise<SessionUser | null> {
  const text = localStorage.getItem(STORAGE_KEYS.user);
  if (text === null) return null;
  const { sessionUserSchema } = await import('../api/sessionSchemas');
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export async function readStoredSession(): Promise<StoredSession | null> {
  const token = readStoredToken();
  const user = await readStoredUser();
  return token !== null && user !== null ? { token, user } : null;
}

export function writeStoredSession({ token, user }: StoredSession): void {
  writeStoredToken(token);
  writeStoredUser(user);
}

export function clearStoredSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}
