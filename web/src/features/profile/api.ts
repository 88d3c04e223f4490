import {
  ERRORS,
  IDENTITY_ROUTES,
  type ChangePasswordBody,
  type IDENTITY_CONTRACTS,
  type SessionUser,
  type UpdateProfileBody,
} from '@labline/contracts';
import useSWR from 'swr';
import { callRoute } from '../../app/api/routes';
import { PROFILE_PATH, fetchProfile } from '../../app/session/sessionApi';

export function useProfile() {
  return useSWR(PROFILE_PATH, () => fetchProfile());
}

export async function updateProfile(body: UpdateProfileBody): Promise<SessionUser> {
  const { user } = await callRoute<typeof IDENTITY_CONTRACTS.updateProfile>(
    IDENTITY_ROUTES.updateProfile,
    {},
    { body, defaultError: ERRORS.failedToUpdateProfile },
  );
  return user;
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await callRoute<typeof IDENTITY_CONTRACTS.changePassword>(
    IDENTITY_ROUTES.changePassword,
    {},
    { body, defaultError: ERRORS.failedToChangePassword },
  );
}
