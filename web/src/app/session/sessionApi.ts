import {
  ERRORS,
  IDENTITY_ROUTES,
  routeUrl,
  type IDENTITY_CONTRACTS,
  type LoginResponse,
  type SessionUser,
} from '@labline/contracts';
import { callRoute } from '../api/routes';

type Contracts = typeof IDENTITY_CONTRACTS;

export const PROFILE_PATH = routeUrl(IDENTITY_ROUTES.profile);

export function requestLogin(email: string, password: string): Promise<LoginResponse> {
  return callRoute<Contracts['login']>(
    IDENTITY_ROUTES.login,
    {},
    { body: { email, password }, defaultError: ERRORS.loginFailed, anonymous: true },
  );
}

export async function fetchProfile(signal?: AbortSignal): Promise<SessionUser> {
  const { user } = await callRoute<Contracts['profile']>(
    IDENTITY_ROUTES.profile,
    {},
    { defaultError: ERRORS.failedToLoadProfile, ...(signal ? { signal } : {}) },
  );
  return user;
}

/**
 * Sign Out ends the server-side session, so the token stops working everywhere at once. The token is taken as the
 * call is made (the API client reads it before its first wait), so the stored session may be cleared right after.
 */
export async function requestLogout(): Promise<void> {
  await callRoute<Contracts['logout']>(IDENTITY_ROUTES.logout, {}, { defaultError: ERRORS.signOutFailed });
}
