import { z } from 'zod';
import { permissionSchema, roleSchema } from '../access';
import { PASSWORD_MIN_LENGTH } from '../errors';
import { FIELD_LIMITS } from './fields';

/** Trims and refuses blank text; `field` names the field in the error. */
const requiredText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const loginBodySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(FIELD_LIMITS.email, `must be at most ${FIELD_LIMITS.email} characters`)
    .pipe(z.email('must be a valid email address')),
  password: z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters'),
});
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

export const updateProfileBodySchema = z
  .object({
    first_name: requiredText(FIELD_LIMITS.personName),
    last_name: requiredText(FIELD_LIMITS.personName),
    phone: z
      .string()
      .trim()
      .max(FIELD_LIMITS.phone, `must be at most ${FIELD_LIMITS.phone} characters`)
      .nullable()
      .optional(),
    email: z.unknown().optional(),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters'),
  new_password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024, 'must be at most 1024 characters'),
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
