/**
 * The Email communication card of the user detail (spec 3 §2, §5, §7, §9) and the set-password links it sends:
 * the e-mail types, how long a link works, the texts of the card and of the public set-password page. Pure and
 * free of zod, so the web's card and page take them without the schema library.
 */

/** spec 3 §7: the payload types of the e-mail calls. */
export const ACCOUNT_EMAIL_TYPES = ['password_reset', 'account_setup', 'custom'] as const;
export type AccountEmailType = (typeof ACCOUNT_EMAIL_TYPES)[number];

/** What a set-password link is for: the e-mail types that carry one. */
export const PASSWORD_TOKEN_PURPOSES = ['password_reset', 'account_setup'] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/**
 * How long a link works: a reset for an hour (someone who forgot their password is at the screen now), an account
 * setup for three days (a new colleague may open the e-mail the next working day).
 */
export const PASSWORD_TOKEN_LIFETIME_SECONDS: Readonly<Record<PasswordTokenPurpose, number>> = {
  password_reset: 60 * 60,
  account_setup: 72 * 60 * 60,
};

/** Random bytes of a link's token (url-safe base64 in the link); identity keeps only their SHA-256. */
export const PASSWORD_TOKEN_BYTES = 32;

/** The web app's pages a link and the login information point at, below PUBLIC_WEB_URL. */
export const SET_PASSWORD_PATH = '/set-password';
export const SIGN_IN_PATH = '/login';

/** spec 3 §9: the card's success text clears after 5 s. */
export const ACCOUNT_EMAIL_SUCCESS_CLEAR_MS = 5_000;

const EMAIL_LABELS: Readonly<Record<AccountEmailType, string>> = {
  password_reset: 'Password reset email',
  account_setup: 'Account setup email',
  custom: 'Email',
};

export const ACCOUNT_EMAIL_TEXTS = {
  // spec 3 §5
  fillSubjectAndMessage: 'Please fill in both subject and message fields.',
  // the service's own (the spec shows no wording)
  inactiveUser: 'Emails can only be sent to active users',
  failedToSend: 'Failed to send email',
  invalidLink: 'This link is not valid. Please ask your administrator for a new one.',
  expiredLink: 'This link has expired. Please ask your administrator for a new one.',
  usedLink: 'This link has already been used. Please ask your administrator for a new one if you need to.',
  supersededLink: 'A newer link has been sent since this one. Please use the link in the latest email.',
  failedToCheckLink: 'Failed to check the link',
  failedToSetPassword: 'Failed to set password',
  passwordSet: 'Your password has been set. You can now sign in with your new password.',
  /** The answer of a request: the message is on its way (notifications sends it, retrying if need be). */
  queued: (type: AccountEmailType, email: string) => `${EMAIL_LABELS[type]} queued for ${email}`,
} as const;

/** The card's result line (spec 3 §2, §8): a check mark with the success text, or a cross with the failure. */
export const accountEmailResult = {
  succeeded: (text: string) => `✓ ${text}`,
  failed: (reason: string) => `✗ Failed: ${reason}`,
} as const;

/** The card's field lengths (the web's maxLength and the request schema's), here free of zod for the web. */
export const ACCOUNT_EMAIL_FIELD_LIMITS = {
  subject: 200,
  message: 5_000,
  /** A token is 43 characters; anything up to this is looked up (and unknown), longer is refused outright. */
  token: 200,
} as const;
