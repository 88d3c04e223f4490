import {
  ACCOUNT_EMAIL_TEXTS,
  type passwordTokenResponseSchema,
  type ResponseOf,
  type SetPasswordBody,
  type setPasswordResponseSchema,
} from '@labline/contracts';
import { apiRequest } from '../../app/api/client';

export type PasswordLink = ResponseOf<typeof passwordTokenResponseSchema>;

/** Whether an e-mailed set-password link still works: what it is for and whose account, or an ApiError saying why. */
export function checkPasswordLink(token: string, signal?: AbortSignal): Promise<PasswordLink> {
  return apiRequest<PasswordLink>(`/auth/password-token?token=${encodeURIComponent(token)}`, {
    anonymous: true,
    defaultError: ACCOUNT_EMAIL_TEXTS.failedToCheckLink,
    ...(signal ? { signal } : {}),
  });
}

/** Sets the password with the link's token (once); answers the success text. */
export async function setPasswordWithLink(body: SetPasswordBody): Promise<string> {
  const { message } = await apiRequest<ResponseOf<typeof setPasswordResponseSchema>>('/auth/set-password', {
    method: 'POST',
    body,
    anonymous: true,
    defaultError: ACCOUNT_EMAIL_TEXTS.failedToSetPassword,
  });
  return message;
}
