import {
  ERRORS,
  loginResponseSchema,
  profileResponseSchema,
  type LoginResponse,
  type SessionUser,
} from '@labline/contracts';
import { apiRequest, IGNORE_RESPONSE_BODY } from '../api/client';

export const PROFILE_PATH = '/auth/profile';

export function requestLogin(email: string, password: string): Promise<LoginResponse> {
  return apiRequest('/auth/login', loginResponseSchema, {
    method: 'POST',
    body: { email, password },
    defaultError: ERRORS.loginFailed,
    anonymous: true,
  });
}

export async function fetchProfile(signal?: AbortSignal): Promise<SessionUser> {
  const { user } = await apiRequest(PROFILE_PATH, profileResponseSchema, {
    defaultError: ERRORS.failedToLoadProfile,
    ...(signal ? { signal } : {}),
  });
  return user;
}

/** Sign Out ends the server-side session, so the token stops working everywhere at once. */
export function requestLogout(): Promise<void> {
  return apiRequest('/auth/logout', IGNORE_RESPONSE_BODY, { method: 'POST', defaultError: ERRORS.signOutFailed });
}
