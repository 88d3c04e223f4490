import type { IDENTITY_EVENT_SCHEMAS } from '@labline/contracts';
import { baseServiceConfigSchema, type ServiceContext } from '@labline/service-kit';
import { z } from 'zod';
import type { PasswordHasher } from './security/passwords';
import type { SigningKeys } from './security/signing-keys';

/** identity's environment beyond every service's (README "Configuration"). */
export const identityConfigSchema = baseServiceConfigSchema.extend({
  /** PKCS#8 PEM of an Ed25519 key; `\n` escapes are accepted for one-line environments. */
  JWT_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((pem) => pem?.replaceAll('\\n', '\n')),
  /** A session ends after this long without a token renewal (the web app renews active sessions). */
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(60).default(1_800),
  /** …and this long after sign-in, whatever happens. */
  SESSION_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(60).default(43_200),
  LOGIN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(100),
  LOGIN_DELAY_AFTER_FAILURES: z.coerce.number().int().nonnegative().default(10),
  LOGIN_FAILURE_WINDOW_MS: z.coerce.number().int().positive().default(900_000),
  /**
   * The gateway's address(es), whose X-Forwarded-For is believed: `true`, `false`, or a comma-separated list of
   * addresses/ranges. Loopback by default (the dev runner's gateway); a private range would let anyone inside
   * it pick the address that sign-in attempts count against.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * The web app's address as users open it (the gateway's, e.g. https://labline.example.com): the set-password
   * links and the sign-in address in e-mails point there.
   */
  PUBLIC_WEB_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  LABLINE_ADMIN_EMAIL: z.email().optional(),
  LABLINE_ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export function trustProxyOf(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

export interface IdentitySettings {
  tokenTtlSeconds: number;
  session: { idleTimeoutSeconds: number; maxLifetimeSeconds: number };
  login: {
    /** Sign-in attempts per client address and window (per replica). */
    perAddressMax: number;
    perAddressWindowMs: number;
    /** Failed sign-ins per account and client address, and per account, in the window (across replicas). */
    perAccountAddressMaxFailures: number;
    perAccountMaxFailures: number;
    /** Account-wide failures after which each attempt waits longer. */
    delayAfterFailures: number;
    perAccountWindowMs: number;
  };
}

export function settingsOf(config: IdentityConfig): IdentitySettings {
  return {
    tokenTtlSeconds: config.JWT_TTL_SECONDS,
    session: {
      idleTimeoutSeconds: config.SESSION_IDLE_TIMEOUT_SECONDS,
      maxLifetimeSeconds: config.SESSION_MAX_LIFETIME_SECONDS,
    },
    login: {
      perAddressMax: config.LOGIN_RATE_LIMIT_PER_ADDRESS,
      perAddressWindowMs: config.LOGIN_RATE_LIMIT_WINDOW_MS,
      perAccountAddressMaxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS,
      perAccountMaxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      delayAfterFailures: config.LOGIN_DELAY_AFTER_FAILURES,
      perAccountWindowMs: config.LOGIN_FAILURE_WINDOW_MS,
    },
  };
}

export interface IdentityResources {
  signingKeys: SigningKeys;
  passwords: PasswordHasher;
  settings: IdentitySettings;
}

/** What identity's commands, reads and routes work with. */
export type IdentityContext = ServiceContext<IdentityConfig, typeof IDENTITY_EVENT_SCHEMAS, IdentityResources>;

/** What identity's commands write with. */
export type CommandDependencies = Pick<IdentityContext, 'pool' | 'commands'> & { passwords: PasswordHasher };

export const commandDependencies = (context: IdentityContext): CommandDependencies => ({
  pool: context.pool,
  commands: context.commands,
  passwords: context.resources.passwords,
});
