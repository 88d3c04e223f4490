import { z } from 'zod';

/** identity's environment (README "Configuration"). */
export const identityEnvSchema = z.object({
  DATABASE_URL: z.string().min(1),
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case schema name')
    .default('identity'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(4001),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PKCS#8 PEM of an Ed25519 key; `\n` escapes are accepted for one-line environments. */
  JWT_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((pem) => pem?.replaceAll('\\n', '\n')),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  LOGIN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURE_WINDOW_MS: z.coerce.number().int().positive().default(900_000),
  /** `true`, `false`, or a comma-separated list of proxy addresses/ranges. */
  TRUST_PROXY: z.string().default('loopback,linklocal,uniquelocal'),
  LABLINE_SEED: z.enum(['demo', 'none']).default('none'),
  LABLINE_ADMIN_EMAIL: z.email().optional(),
  LABLINE_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
});
export type IdentityEnv = z.infer<typeof identityEnvSchema>;

export function trustProxyOf(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
