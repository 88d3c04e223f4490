import { z } from 'zod';

/** clinical's environment (README "Configuration"). */
export const clinicalEnvSchema = z.object({
  DATABASE_URL: z.string().min(1),
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case schema name')
    .default('clinical'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(4002),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** identity's public keys, e.g. http://identity:4001/.well-known/jwks.json: every request's token is verified. */
  IDENTITY_JWKS_URL: z.url(),
  LABLINE_SEED: z.enum(['demo', 'none']).default('none'),
  /** How long the demo seed waits for identity's institutions and clinicians to arrive over NATS. */
  SEED_WAIT_MS: z.coerce.number().int().positive().default(120_000),
});
export type ClinicalEnv = z.infer<typeof clinicalEnvSchema>;
