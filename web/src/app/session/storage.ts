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

export function writeStoredUser(user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function writeStoredSession({ token, user }: StoredSession): void {
  writeStoredToken(token);
  writeStoredUser(user);
}

export function clearStoredSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}
