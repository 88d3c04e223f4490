/** Refresh the access token when it expires within this window (tokens live 15 minutes). */
export const TOKEN_REFRESH_WINDOW_MS = 5 * 60 * 1000;

/** Expiry time (ms since epoch) read from the JWT payload's `exp`, or null when the token has none. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function tokenNeedsRefresh(token: string, now: number = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - now <= TOKEN_REFRESH_WINDOW_MS;
}
