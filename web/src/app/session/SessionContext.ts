import type { SessionUser } from '@labline/contracts';
import { createContext, useContext } from 'react';

export interface SessionContextValue {
  /** The signed-in user, or null when signed out. */
  user: SessionUser | null;
  /** Signs in; rejects with an ApiError whose message is the server's error or 'Login failed'. */
  login(email: string, password: string): Promise<void>;
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
