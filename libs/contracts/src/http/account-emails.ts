import { z } from 'zod';
import { ACCOUNT_EMAIL_FIELD_LIMITS, ACCOUNT_EMAIL_TYPES, PASSWORD_TOKEN_PURPOSES } from '../account-emails';
import { ERRORS } from '../errors';
import { newPassword, requestObject, requiredText } from './fields';

/**
 * POST /users/{id}/emails (spec 3 §7: the payload types password_reset, account_setup and custom). A custom
 * e-mail needs a subject and a message; include_login_info adds the sign-in address and page, never a password.
 */
export const accountEmailBodySchema = z.discriminatedUnion(
  'type',
  [
    requestObject({ type: z.literal('password_reset') }),
    requestObject({ type: z.literal('account_setup') }),
    requestObject({
      type: z.literal('custom'),
      subject: requiredText(ACCOUNT_EMAIL_FIELD_LIMITS.subject),
      message: requiredText(ACCOUNT_EMAIL_FIELD_LIMITS.message, { multiline: true }),
      include_login_info: z.boolean().optional().default(false),
    }),
  ],
  {
    error: (issue) => (issue.code === 'invalid_union' ? `must be one of ${ACCOUNT_EMAIL_TYPES.join(', ')}` : undefined),
  },
);
export type AccountEmailBody = z.input<typeof accountEmailBodySchema>;
export type AccountEmailInput = z.output<typeof accountEmailBodySchema>;

/** The card's success text (shown after a check mark). */
export const accountEmailResponseSchema = z.object({ message: z.string() });

const tokenText = z
  .string()
  .min(1, 'is required')
  .max(ACCOUNT_EMAIL_FIELD_LIMITS.token, `must be at most ${ACCOUNT_EMAIL_FIELD_LIMITS.token} characters`);

/** GET /auth/password-token?token=…: whether a set-password link still works. */
export const passwordTokenQuerySchema = requestObject({ token: tokenText });

/** What the set-password page shows: what the link is for and whose account it sets. */
export const passwordTokenResponseSchema = z.object({
  purpose: z.enum(PASSWORD_TOKEN_PURPOSES),
  email: z.string(),
  expires_at: z.string(),
});

/**
 * POST /auth/set-password: the link's token and the new password, with the rules of the user form and change
 * password. A confirmation, when sent, must match.
 */
export const setPasswordBodySchema = requestObject({
  token: tokenText,
  new_password: newPassword,
  confirm_password: z.string().optional(),
}).refine((body) => body.confirm_password === undefined || body.confirm_password === body.new_password, {
  path: ['confirm_password'],
  message: ERRORS.newPasswordsDoNotMatch,
});
export type SetPasswordBody = z.input<typeof setPasswordBodySchema>;

export const setPasswordResponseSchema = z.object({ message: z.string() });
