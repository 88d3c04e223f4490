import { Navigate, useLocation } from 'react-router-dom';
import { loginPathFrom, pathAfterSignIn } from './nextPath';

/** Sends a signed-out visitor to /login, remembering the page they opened (`?next=`). */
export function RedirectToSignIn() {
  return <Navigate to={loginPathFrom(useLocation())} replace />;
}

/** Sends a signed-in user from /login on: to the page they had opened, else the dashboard. */
export function RedirectAfterSignIn() {
  return <Navigate to={pathAfterSignIn(useLocation().search)} replace />;
}
