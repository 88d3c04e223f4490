import { z } from 'zod';
import { permissionSchema, roleSchema } from '../access-schemas';
import { sessionUserSchema } from './auth';
import { pageQuerySchema, paginationSchema } from './common';
import {
  FIELD_LIMITS,
  entityIdSchema,
  idText,
  newPassword,
  optionalPhone,
  queryBooleanSchema,
  requestObject,
  requiredEmail,
  requiredText,
  searchText,
} from './fields';

/**
 * The user of spec 3 §3 as identity answers it to administrators. clinician_institution_ids is a list of
 * ids here (the spec's original wire form was comma-separated text); clinician_institutions is the
 * display text of their names.
 */
export const userSchema = sessionUserSchema.extend({
  clinician_institutions: z.string(),
  clinician_institution_names: z.array(z.string()),
  last_login_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** An empty or absent password means none: the service says what that means for the route. */
const optionalNewPassword = z
  .string()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(newPassword.nullable());

const userFields = {
  email: requiredEmail,
  first_name: requiredText(FIELD_LIMITS.personName),
  last_name: requiredText(FIELD_LIMITS.personName),
  phone: optionalPhone,
  role: roleSchema,
  institution_id: entityIdSchema.nullish().transform((value) => value ?? null),
  clinician_institution_ids: z
    .array(entityIdSchema)
    .max(50, 'must list at most 50 institutions')
    .optional()
    .transform((value) => value ?? []),
  permissions: z
    .array(permissionSchema)
    .max(30, 'must list at most 30 permissions')
    .optional()
    .transform((value) => value ?? []),
};

/**
 * POST /users. The password is checked by the service so that its absence gets the spec's own text
 * ('Password is required for new users').
 */
export const createUserBodySchema = requestObject({
  ...userFields,
  password: optionalNewPassword,
  is_active: z.boolean().optional().default(true),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;
export type CreateUserInput = z.output<typeof createUserBodySchema>;

/** PUT /users/{id}: an empty or absent password keeps the current one. */
export const updateUserBodySchema = requestObject({
  ...userFields,
  password: optionalNewPassword,
  is_active: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;
export type UpdateUserInput = z.output<typeof updateUserBodySchema>;

/** GET /users: search over name and e-mail; role, institution and active filters. */
export const userListQuerySchema = pageQuerySchema.extend({
  search: searchText,
  role: roleSchema.optional(),
  institution_id: idText.optional(),
  is_active: queryBooleanSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** What a picker shows of a user (clinicians, fulfillment partners): id, name and role, nothing more. */
export const userPickSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
});
export type UserPick = z.infer<typeof userPickSchema>;

/** The users list: full records for those who administer users, picker entries for everyone else. */
export const userListResponseSchema = z.object({ users: z.array(userSchema), pagination: paginationSchema });
export const userPickListResponseSchema = z.object({ users: z.array(userPickSchema), pagination: paginationSchema });
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userResponseSchema = z.object({ user: userSchema });
