import { ERRORS, type LoginResponse, type SessionUser } from '@labline/contracts';
import { apiRequest, IGNORE_RESPONSE_BODY, sessionSchema } from '../api/client';

export const PROFILE_PATH = '/auth/profile';

export function requestLogin(email: string, password: string): Promise<LoginResponse> {
  return apiRequest(
    '/auth/login',
    sessionSchema((schemas) => schemas.loginResponseSchema),
    {
      method: 'POST',
      body: { email, password },
      defaultError: ERRORS.loginFailed,
      anonymous: true,
    },
  );
}

export async function fetchProfile(signal?: AbortSignal): Promise<SessionUser> {
  const { user } = await apiRequest(
    PROFILE_PATH,
    sessionSchema((schemas) => schemas.profileResponseSchema),
    {
      defaultError: ERRORS.failedToLoadProfile,
      ...(signal ? { signal } : {}),
    },
  );
  return user;
}

/** Sign Out ends the server-side session, so the token stops working everywhere at once. */
export function requestLogout(): Promise<void> {
  return apiRequest('/auth/logout', IGNORE_RESPONSE_BODY, { method: 'POST', defaultError: ERRORS.signOutFailed });
}
