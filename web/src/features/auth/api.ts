import {
  ACCOUNT_EMAIL_TEXTS,
  IDENTITY_ROUTES,
  type AnswerOf,
  type IDENTITY_CONTRACTS,
  type SetPasswordBody,
} from '@labline/contracts';
import { callRoute } from '../../app/api/routes';

type Contracts = typeof IDENTITY_CONTRACTS;
export type PasswordLink = AnswerOf<Contracts['passwordToken']>;

/** Whether an e-mailed set-password link still works: what it is for and whose account, or an ApiError saying why. */
export function checkPasswordLink(token: string, signal?: AbortSignal): Promise<PasswordLink> {
  return callRoute<Contracts['passwordToken']>(
    IDENTITY_ROUTES.passwordToken,
    {},
    {
      query: { token },
      anonymous: true,
      defaultError: ACCOUNT_EMAIL_TEXTS.failedToCheckLink,
      ...(signal ? { signal } : {}),
    },
  );
}

/** Sets the password with the link's token (once); answers the success text. */
export async function setPasswordWithLink(body: SetPasswordBody): Promise<string> {
  const { message } = await callRoute<Contracts['setPassword']>(
    IDENTITY_ROUTES.setPassword,
    {},
    { body, anonymous: true, defaultError: ACCOUNT_EMAIL_TEXTS.failedToSetPassword },
  );
  return message;
}
