import { z } from 'zod';
import { permissionSchema, roleSchema } from '../access-schemas';
import { ERRORS } from '../errors';
import {
  FIELD_LIMITS,
  mergedPhone,
  newPassword,
  passwordAttempt,
  requestObject,
  requiredEmail,
  requiredText,
} from './fields';

export const loginBodySchema = requestObject({ email: requiredEmail, password: passwordAttempt });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The session user of spec 1 §3 as identity answers it on login and profile. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  institution_id: z.number().int().nullable(),
  institution_name: z.string().nullable(),
  clinician_institution_ids: z.array(z.number().int()),
  permissions: z.array(permissionSchema),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const profileResponseSchema = z.object({ user: sessionUserSchema });

/**
 * PUT /auth/profile. An absent phone keeps the stored one, an empty or null one clears it. `email` is named so
 * that sending it answers the spec's own text ('Email cannot be changed') rather than "is not allowed".
 */
export const updateProfileBodySchema = requestObject({
  first_name: requiredText(FIELD_LIMITS.personName),
  last_name: requiredText(FIELD_LIMITS.personName),
  phone: mergedPhone,
  email: z.unknown().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/**
 * POST /auth/change-password. A client that sends the form's confirmation gets it checked, never ignored: a
 * confirmation that differs is refused with the form's own text.
 */
export const changePasswordBodySchema = requestObject({
  current_password: passwordAttempt,
  new_password: newPassword,
  confirm_password: z.string().optional(),
}).refine((body) => body.confirm_password === undefined || body.confirm_password === body.new_password, {
  path: ['confirm_password'],
  message: ERRORS.newPasswordsDoNotMatch,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });

/**
 * Claims of the access token identity issues. `sub` is the user id; the rest is what the gateway and the
 * services need to authorize without calling identity.
 */
export const tokenClaimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  email: z.string(),
  role: roleSchema,
  institution_id: z.number().int().nullable(),
  clinician_institution_ids: z.array(z.number().int()),
  permissions: z.array(z.string()),
  /** The server-side session the token belongs to: ended sessions' tokens are refused everywhere. */
  sid: z.uuid(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** The authenticated caller as services see it. */
export interface Principal {
  id: number;
  email: string;
  role: z.infer<typeof roleSchema>;
  institution_id: number | null;
  clinician_institution_ids: number[];
  permissions: string[];
  /** The session (see tokenClaimsSchema). */
  sid: string;
}

export function principalFromClaims(claims: TokenClaims): Principal {
  return {
    id: Number(claims.sub),
    email: claims.email,
    role: claims.role,
    institution_id: claims.institution_id,
    clinician_institution_ids: claims.clinician_institution_ids,
    permissions: claims.permissions,
    sid: claims.sid,
  };
}

/** The access tokens' lifetime unless configured (JWT_TTL_SECONDS); a verifier refuses longer-lived ones. */
export const DEFAULT_TOKEN_TTL_SECONDS = 900;
/** How far a token's `iat` may lie ahead of a verifier's clock (their clocks differ a little). */
export const TOKEN_CLOCK_SKEW_SECONDS = 30;

export const JWT_ISSUER = 'labline-identity';
export const JWT_AUDIENCE = 'labline';
