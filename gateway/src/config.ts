/**
 * The gateway's environment, parsed once with zod. Each service's base URL is optional so the gateway can
 * run before every service exists: the rows of a service without one answer 503.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TOKEN_TTL_SECONDS, SERVICES, serviceUrlVariable, type ServiceName } from '@labline/contracts';
import {
  checkNatsCredentials,
  logLevelSchema,
  natsCredentialsShape,
  natsUrlSchema,
  otelEndpointSchema,
  type JwksSource,
} from '@labline/service-kit';

/** The services' own limit (Fastify's default, 1 MiB): a larger body could only be refused by them, later. */
export const DEFAULT_BODY_LIMIT = 1_048_576;

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const positiveInteger = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    IDENTITY_URL: optionalUrl,
    CLINICAL_URL: optionalUrl,
    INVENTORY_URL: optionalUrl,
    FULFILLMENT_URL: optionalUrl,
    RESULTS_URL: optionalUrl,
    NOTIFICATIONS_URL: optionalUrl,
    ANALYTICS_URL: optionalUrl,
    /** Where identity publishes its public keys; `${IDENTITY_URL}/.well-known/jwks.json` when unset. */
    IDENTITY_JWKS_URL: optionalUrl,
    WEB_DIST: z.string().min(1).optional(),
    /**
     * NATS with identity's events: the gateway follows user deactivations there and refuses the tokens of
     * deactivated users at once. Without it a deactivated user's token works at the gateway until it expires
     * (the services still refuse it where they check).
     */
    NATS_URL: natsUrlSchema.optional(),
    /** The gateway's NATS user where the server has per-service users (compose, Kubernetes). */
    ...natsCredentialsShape,
    /**
     * Whether X-Forwarded-For from the hop in front (ingress, load balancer) is believed: `true`, `false`, or
     * a comma-separated list of trusted addresses/CIDRs. Rate limiting and logs use the client address it yields.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((value): boolean | string[] =>
        value === 'true' ? true : value === 'false' || value === '' ? false : value.split(',').map((a) => a.trim()),
      ),
    /** Requests per client address per minute without a valid token, sign-in excepted (README "Rate limits"). */
    RATE_LIMIT_MAX: positiveInteger(300),
    /** Requests per signed-in user (the verified token's subject) per minute, whatever their address. */
    USER_RATE_LIMIT_MAX: positiveInteger(600),
    /** Sign-in attempts per client address per minute (identity also limits attempts per account). */
    LOGIN_RATE_LIMIT_MAX: positiveInteger(30),
    /** Largest request body in bytes; the gateway refuses a larger one with 413 before proxying it. */
    BODY_LIMIT_BYTES: positiveInteger(DEFAULT_BODY_LIMIT),
    /** How long an upstream may take to start answering before the caller gets 503. */
    UPSTREAM_TIMEOUT_MS: positiveInteger(30_000),
    /** The access tokens' lifetime as identity issues them: a longer-lived token is refused. */
    JWT_TTL_SECONDS: positiveInteger(DEFAULT_TOKEN_TTL_SECONDS),
    LOG_LEVEL: logLevelSchema,
    OTEL_EXPORTER_OTLP_ENDPOINT: otelEndpointSchema,
  })
  .refine((env) => env.IDENTITY_URL || env.IDENTITY_JWKS_URL, {
    path: ['IDENTITY_URL'],
    message: "is required (or IDENTITY_JWKS_URL): the gateway verifies tokens with identity's keys",
  })
  .superRefine(checkNatsCredentials);
export type GatewayEnv = z.infer<typeof envSchema>;

/** The variable that holds each service's base URL. */
export const URL_VARIABLES = Object.fromEntries(SERVICES.map((name) => [name, serviceUrlVariable(name)])) as {
  [N in ServiceName]: ReturnType<typeof serviceUrlVariable<N>>;
} satisfies Record<ServiceName, keyof GatewayEnv>;

export interface RateLimitConfig {
  /** Requests per client address per window that carry no valid token, sign-in excepted. */
  max: number;
  /** Requests per signed-in user (the verified token's subject) per window; `max` when absent. */
  userMax?: number;
  /** Sign-in attempts per client address per window. */
  loginMax: number;
  windowMs: number;
}

export interface GatewayConfig {
  /** Base URL per service; a service without one answers 503 for its rows. */
  upstreams: Partial<Record<ServiceName, string>>;
  /** identity's public keys: its JWKS URL in a deployment, a local key set in tests. */
  jwks: JwksSource;
  /** The built web app (web/dist). */
  webDist: string;
  trustProxy: boolean | string[];
  rateLimit: RateLimitConfig;
  /** Largest request body in bytes; DEFAULT_BODY_LIMIT when absent. */
  bodyLimit?: number;
  upstreamTimeoutMs: number;
  /** The longest token lifetime accepted (JWT_TTL_SECONDS); contracts' default when absent. */
  tokenMaxLifetimeSeconds?: number;
  /** Where identity's user events are followed (see NATS_URL); none: no deactivation check at the gateway. */
  natsUrl?: string;
}

/** web/dist of this repository, wherever the process was started from. */
const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

export function gatewayConfigFromEnv(env: GatewayEnv): GatewayConfig {
  const upstreams: Partial<Record<ServiceName, string>> = {};
  for (const service of SERVICES) {
    const url = env[URL_VARIABLES[service]];
    if (url) upstreams[service] = url.replace(/\/+$/, '');
  }
  const jwksUrl = env.IDENTITY_JWKS_URL ?? (upstreams.identity && `${upstreams.identity}/.well-known/jwks.json`);
  if (!jwksUrl) throw new Error('IDENTITY_URL or IDENTITY_JWKS_URL is required');
  return {
    upstreams,
    jwks: { jwksUrl },
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : DEFAULT_WEB_DIST,
    trustProxy: env.TRUST_PROXY,
    rateLimit: {
      max: env.RATE_LIMIT_MAX,
      userMax: env.USER_RATE_LIMIT_MAX,
      loginMax: env.LOGIN_RATE_LIMIT_MAX,
      windowMs: 60_000,
    },
    bodyLimit: env.BODY_LIMIT_BYTES,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    tokenMaxLifetimeSeconds: env.JWT_TTL_SECONDS,
    ...(env.NATS_URL ? { natsUrl: env.NATS_URL } : {}),
  };
}
