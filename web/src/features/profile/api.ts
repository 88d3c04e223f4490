import {
  ERRORS,
  profileResponseSchema,
  type ChangePasswordBody,
  type SessionUser,
  type UpdateProfileBody,
} from '@labline/contracts';
import useSWR from 'swr';
import { IGNORE_RESPONSE_BODY, apiRequest } from '../../app/api/client';
import { PROFILE_PATH, fetchProfile } from '../../app/session/sessionApi';

export function useProfile() {
  return useSWR(PROFILE_PATH, () => fetchProfile());
}

export async function updateProfile(body: UpdateProfileBody): Promise<SessionUser> {
  const { user } = await apiRequest(PROFILE_PATH, profileResponseSchema, {
    method: 'PUT',
    body,
    defaultError: ERRORS.failedToUpdateProfile,
  });
  return user;
}

export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiRequest('/auth/change-password', IGNORE_RESPONSE_BODY, {
    method: 'POST',
    body,
    defaultError: ERRORS.failedToChangePassword,
  });
}
