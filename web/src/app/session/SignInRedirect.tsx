import { Navigate, useLocation } from 'react-router-dom';
import { homeEntry } from '../routing/homeEntry';
import { LOGIN_PATH, loginPathFrom, pathAfterSignIn } from './nextPath';
import { useSession } from './SessionContext';
import { useCaller } from './useCaller';

/**
 * Sends a signed-out visitor to /login, remembering the page they opened (`?next=`), unless they have just signed
 * out themselves: that page is theirs, not the next user's.
 */
export function RedirectToSignIn() {
  const { signedOutByUser } = useSession();
  const location = useLocation();
  return <Navigate to={signedOutByUser ? LOGIN_PATH : loginPathFrom(location)} replace />;
}

/**
 * Sends a signed-in user from /login on: to the page they had opened, else their home — the first page their
 * navigation grants (the dashboard unless their menu permissions leave it out), never an Access Denied.
 */
export function RedirectAfterSignIn() {
  return <Navigate to={pathAfterSignIn(useLocation().search, homeEntry(useCaller()).path)} replace />;
}

/** The app's root address: the signed-in user's home. */
export function RedirectHome() {
  return <Navigate to={homeEntry(useCaller()).path} replace />;
}
