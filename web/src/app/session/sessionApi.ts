import {
  ERRORS,
  loginResponseSchema,
  profileResponseSchema,
  type LoginResponse,
  type SessionUser,
} from '@labline/contracts';
import { apiRequest } from '../api/client';

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
