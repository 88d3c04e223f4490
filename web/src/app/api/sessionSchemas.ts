/**
 * The zod schemas of the calls every visit makes (sign-in, profile, refresh, error bodies, the stored user), in a
 * chunk of their own: the sign-in page draws without the schema library, which arrives with the first API call.
 */
export {
  errorBodySchema,
  loginResponseSchema,
  profileResponseSchema,
  sessionUserSchema,
  tokenResponseSchema,
} from '@labline/contracts';
