import type { SessionUser } from '@labline/contracts';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FullPageSpinner } from '../../shared/FullPageSpinner';
import { onSessionEnded } from '../api/client';
import { SessionContext, type SessionContextValue } from './SessionContext';
import { fetchProfile, requestLogin, requestLogout } from './sessionApi';
import { STORAGE_KEYS, clearStoredSession, readStoredToken, writeStoredSession, writeStoredUser } from './storage';

type SessionState =
  | { status: 'checking' }
  /** `byUser`: the user pressed Sign Out (the page they were on is not remembered for the next sign-in). */
  | { status: 'signedOut'; byUser?: true }
  | { status: 'signedIn'; user: SessionUser };

const SIGNED_OUT: SessionState = { status: 'signedOut' };

function initialState(): SessionState {
  return readStoredToken() === null ? SIGNED_OUT : { status: 'checking' };
}

/**
 * Session of spec 1 §4: a stored session is validated with GET /auth/profile at start-up (a spinner meanwhile,
 * any failure signs out); a 401 or failed refresh anywhere signs out; other tabs' sign-in and sign-out follow.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(initialState);

  useEffect(() => {
    if (readStoredToken() === null) return;
    const controller = new AbortController();
    // Leaving or reloading the page cancels the check: not a failed check, so the session is kept.
    let leavingPage = false;
    const onBeforeUnload = () => {
      leavingPage = true;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    fetchProfile(controller.signal)
      .then(
        (user) => {
          writeStoredUser(user);
          setState({ status: 'signedIn', user });
        },
        () => {
          if (controller.signal.aborted || leavingPage) return;
          clearStoredSession();
          setState(SIGNED_OUT);
        },
      )
      .finally(() => window.removeEventListener('beforeunload', onBeforeUnload));
    return () => {
      controller.abort();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  useEffect(() => onSessionEnded(() => setState(SIGNED_OUT)), []);

  useEffect(() => {
    const followOtherTabs = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
      // Another tab signed in or out: its session is taken up as a start-up's is, the user from the server.
      if (readStoredToken() === null) {
        setState(SIGNED_OUT);
        return;
      }
      // (a refused token ends the session in the API client; a network failure keeps what this tab shows)
      fetchProfile().then(
        (user) => setState({ status: 'signedIn', user }),
        () => undefined,
      );
    };
    window.addEventListener('storage', followOtherTabs);
    return () => window.removeEventListener('storage', followOtherTabs);
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const { token, user } = await requestLogin(email, password);
    writeStoredSession({ token, user });
    setState({ status: 'signedIn', user });
  }, []);

  // The server is asked to end the session (its token is then refused everywhere), with the token as it is now;
  // this tab signs out at once, whatever the answer and however long it takes. Waiting for it kept the user
  // signed in for as long as the request hung, and Sign Out's move to /login bounced to the home page meanwhile.
  const logout = useCallback(() => {
    void requestLogout().catch(() => undefined);
    clearStoredSession();
    setState({ status: 'signedOut', byUser: true });
  }, []);

  const updateUser = useCallback((user: SessionUser) => {
    writeStoredUser(user);
    setState({ status: 'signedIn', user });
  }, []);

  const user = state.status === 'signedIn' ? state.user : null;
  const signedOutByUser = state.status === 'signedOut' && state.byUser === true;
  const value = useMemo<SessionContextValue>(
    () => ({ user, signedOutByUser, login, logout, updateUser }),
    [user, signedOutByUser, login, logout, updateUser],
  );

  if (state.status === 'checking') return <FullPageSpinner />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
