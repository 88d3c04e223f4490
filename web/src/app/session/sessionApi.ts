import {
  ERRORS,
  type LoginResponse,
  type ResponseOf,
  type SessionUser,
  type profileResponseSchema,
} from '@labline/contracts';
import { apiRequest } from '../api/client';

export const PROFILE_PATH = '/auth/profile';

export function requestLogin(email: string, password: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', {
    method: 'POST',
    body: { email, password },
    defaultError: ERRORS.loginFailed,
    anonymous: true,
  });
}

export async function fetchProfile(signal?: AbortSignal): Promise<SessionUser> {
  const { user } = await apiRequest<ResponseOf<typeof profileResponseSchema>>(PROFILE_PATH, {
    defaultError: ERRORS.failedToLoadProfile,
    ...(signal ? { signal } : {}),
  });
  return user;
}

/**
 * Sign Out ends the server-side session, so the token stops working everywhere at once. The token is taken as the
 * call is made (apiRequest reads it before its first wait), so the stored session may be cleared right after.
 */
export function requestLogout(): Promise<void> {
  return apiRequest<void>('/auth/logout', { method: 'POST', defaultError: ERRORS.signOutFailed });
}
