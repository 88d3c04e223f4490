import { z } from 'zod';
import { ACCOUNT_EMAIL_TYPES, PASSWORD_TOKEN_PURPOSES } from '../account-emails';
import { permissionSchema, roleSchema } from '../access-schemas';

/**
 * Identity events. Password hashes are deliberately not in events: events are broadcast to every service
 * and kept forever, so credentials live in identity's own credentials table, written in the same
 * transaction as the event that records the change.
 */
export const INSTITUTION_TYPES = ['Hospital', 'Clinic', 'Laboratory', 'Practice', 'Other'] as const;

export const institutionRegisteredSchema = z.object({
  institutionId: z.number().int().positive(),
  name: z.string().min(1).max(200),
  institution_number: z.string().max(100).nullable(),
  address: z.string().max(500).nullable(),
  phone: z.string().max(40).nullable(),
  email: z.string().max(254).nullable(),
  institution_type: z.string().max(50),
  /** Whether the institution's test requests may go to an external laboratory (issue 27); earlier events: off. */
  api_enabled: z.boolean().default(false),
});

export const institutionUpdatedSchema = institutionRegisteredSchema;

export const userRegisteredSchema = z.object({
  userId: z.number().int().positive(),
  email: z.string().max(254),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  phone: z.string().max(40).nullable(),
  role: roleSchema,
  institution_id: z.number().int().positive().nullable(),
  clinician_institution_ids: z.array(z.number().int().positive()),
  permissions: z.array(permissionSchema),
  is_active: z.boolean(),
});

export const userProfileUpdatedSchema = userRegisteredSchema.pick({
  userId: true,
  first_name: true,
  last_name: true,
  phone: true,
});

export const userPasswordChangedSchema = z.object({
  userId: z.number().int().positive(),
  reason: z.enum(['self_service', 'admin_reset', 'password_reset']),
});

/** An administrator's change to an account (spec 3 user form): the whole new snapshot but the password. */
export const userUpdatedSchema = userRegisteredSchema.omit({ is_active: true });

/** Deactivation takes effect at once: no sign-in, and tokens already issued are refused. */
export const userDeactivatedSchema = z.object({ userId: z.number().int().positive() });
export const userReactivatedSchema = z.object({ userId: z.number().int().positive() });

export const userLoggedInSchema = z.object({
  userId: z.number().int().positive(),
});

/**
 * Server-side sessions (docs/architecture.md §5): a sign-in starts one (the token's `sid`); sign-out, a password change
 * or reset, a change of role, permissions or institutions, a deactivation or reactivation, the idle timeout
 * and the absolute lifetime end it. The gateway and every service follow SessionEnded and refuse the tokens
 * of an ended session from then on. They are events of the user's stream, so a change that ends a user's
 * sessions records both in one append.
 */
export const SESSION_END_REASONS = [
  'signed_out',
  'password_changed',
  'password_reset',
  'account_changed',
  'deactivated',
  'reactivated',
  'idle_timeout',
  'expired',
] as const;
export const sessionEndReasonSchema = z.enum(SESSION_END_REASONS);
export type SessionEndReason = z.infer<typeof sessionEndReasonSchema>;

export const sessionStartedSchema = z.object({
  userId: z.number().int().positive(),
  sessionId: z.uuid(),
  startedAt: z.iso.datetime(),
  /** The absolute end of the session: no token of it is valid after this. */
  expiresAt: z.iso.datetime(),
});
export const sessionRefreshedSchema = z.object({
  userId: z.number().int().positive(),
  sessionId: z.uuid(),
  refreshedAt: z.iso.datetime(),
});
export const sessionEndedSchema = z.object({
  userId: z.number().int().positive(),
  sessionId: z.uuid(),
  reason: sessionEndReasonSchema,
});

/**
 * Set-password links (spec 3 §2 Email communication card), on the user's stream: a link was issued, or used to set
 * the password. Neither carries the token or its hash: identity keeps the hash in its password_tokens table.
 */
export const passwordTokenPurposeSchema = z.enum(PASSWORD_TOKEN_PURPOSES);
export const passwordTokenIssuedSchema = z.object({
  userId: z.number().int().positive(),
  purpose: passwordTokenPurposeSchema,
  expiresAt: z.iso.datetime(),
});
export const passwordTokenUsedSchema = z.object({
  userId: z.number().int().positive(),
  purpose: passwordTokenPurposeSchema,
});

/**
 * An e-mail to a user that the notifications service sends (stream `accountEmail-<id>`, subject
 * `lab.identity.accountEmail.AccountEmailRequested`). A reset or setup e-mail must carry its link, and so the
 * token: this is the one event that holds a secret. It stays bounded: the link works for an hour (setup: three
 * days), once, and only until a newer one is issued; the event is on an aggregate of its own, so the consumers of
 * user events (the gateway, every service's user directory) never receive it: only the notifications service
 * consumes its subject; no service logs event data. What identity stores of the token itself is its SHA-256 only.
 */
export const accountEmailRequestedSchema = z.object({
  emailId: z.number().int().positive(),
  userId: z.number().int().positive(),
  type: z.enum(ACCOUNT_EMAIL_TYPES),
  recipient_email: z.string().max(254),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  /** The recipient's primary institution: the notification log files the message under it. */
  institution_id: z.number().int().positive().nullable(),
  /** `{PUBLIC_WEB_URL}/set-password?token=…` for a reset or setup, else null. */
  link: z.url().nullable(),
  link_expires_at: z.iso.datetime().nullable(),
  /** A custom e-mail's subject and message, else null. */
  subject: z.string().max(300).nullable(),
  message: z.string().max(10_000).nullable(),
  /** A custom e-mail adds the sign-in address and page (never a password). */
  include_login_info: z.boolean(),
  /** The web app's sign-in page, `{PUBLIC_WEB_URL}/login`. */
  sign_in_url: z.url(),
});

export const IDENTITY_EVENT_SCHEMAS = {
  InstitutionRegistered: institutionRegisteredSchema,
  InstitutionUpdated: institutionUpdatedSchema,
  UserRegistered: userRegisteredSchema,
  UserProfileUpdated: userProfileUpdatedSchema,
  UserUpdated: userUpdatedSchema,
  UserDeactivated: userDeactivatedSchema,
  UserReactivated: userReactivatedSchema,
  UserPasswordChanged: userPasswordChangedSchema,
  UserLoggedIn: userLoggedInSchema,
  SessionStarted: sessionStartedSchema,
  SessionRefreshed: sessionRefreshedSchema,
  SessionEnded: sessionEndedSchema,
  PasswordTokenIssued: passwordTokenIssuedSchema,
  PasswordTokenUsed: passwordTokenUsedSchema,
  AccountEmailRequested: accountEmailRequestedSchema,
} as const;
export type IdentityEventType = keyof typeof IDENTITY_EVENT_SCHEMAS;
export type IdentityEventData<T extends IdentityEventType> = z.infer<(typeof IDENTITY_EVENT_SCHEMAS)[T]>;

/**
 * What another service's identity directory follows (service-kit's identity directory): the subjects and event
 * types of identity's institutions, users and ended sessions.
 */
export const IDENTITY_DIRECTORY_SUBJECTS = ['lab.identity.institution.>', 'lab.identity.user.>'] as const;
export const IDENTITY_DIRECTORY_EVENT_TYPES = [
  'InstitutionRegistered',
  'InstitutionUpdated',
  'UserRegistered',
  'UserUpdated',
  'UserProfileUpdated',
  'UserDeactivated',
  'UserReactivated',
  'SessionEnded',
] as const satisfies readonly (keyof typeof IDENTITY_EVENT_SCHEMAS)[];
