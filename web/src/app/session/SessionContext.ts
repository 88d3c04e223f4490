import type { SessionUser } from '@labline/contracts';
import { createContext, useContext } from 'react';

export interface SessionContextValue {
  /** The signed-in user, or null when signed out. */
  user: SessionUser | null;
  /**
   * The session ended by the user's own Sign Out: sign-in then starts afresh at the user's home, not on the page
   * they signed out from (a session that expired or was ended elsewhere remembers it).
   */
  signedOutByUser: boolean;
  /** Signs in; rejects with an ApiError whose message is the server's error or 'Login failed'. */
  login(email: string, password: string): Promise<void>;
  /** Signs out at once (the guards then lead to /login); the server is told to end the session meanwhile. */
  logout(): void;
  /** Replaces the stored user, e.g. after a profile update, so the top bar follows at once. */
  updateUser(user: SessionUser): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The signed-in user; only for screens behind the authenticated layout. */
export function useSessionUser(): SessionUser {
  const { user } = useSession();
  if (user === null) throw new Error('useSessionUser must be used behind the session guard');
  return user;
}
