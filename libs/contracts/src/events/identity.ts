import { z } from 'zod';
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
 * Server-side sessions (ARCHITECTURE §5): a sign-in starts one (the token's `sid`); sign-out, a password change
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
} as const;
export type IdentityEventType = keyof typeof IDENTITY_EVENT_SCHEMAS;
export type IdentityEventData<T extends IdentityEventType> = z.infer<(typeof IDENTITY_EVENT_SCHEMAS)[T]>;
