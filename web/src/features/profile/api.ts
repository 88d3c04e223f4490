import {
  ERRORS,
  type profileResponseSchema,
  type ChangePasswordBody,
  type SessionUser,
  type UpdateProfileBody,
  type ResponseOf,
} from '@labline/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../app/api/client';
import { PROFILE_PATH, fetchProfile } from '../../app/session/sessionApi';

export function useProfile() {
  return useSWR(PROFILE_PATH, () => fetchProfile());
}

export async function updateProfile(body: UpdateProfileBody): Promise<SessionUser> {
  const { user } = await apiRequest<ResponseOf<typeof profileResponseSchema>>(PROFILE_PATH, {
    method: 'PUT',
    body,
    defaultError: ERRORS.failedToUpdateProfile,
  });
  return user;
}

export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiRequest<void>('/auth/change-password', {
    method: 'POST',
    body,
    defaultError: ERRORS.failedToChangePassword,
  });
}
