import { z } from 'zod';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses the environment with the service's schema; the error names every bad variable (never its value,
 * which may be a secret).
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.map(String).join('.') || '(environment)';
    return `${variable}: ${env[variable] === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** The composition root's config: exits with a clear message when a variable is missing or wrong. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// ---- Variables every process reads the same way (services through baseServiceConfigSchema, the gateway) ----

const hasScheme = (value: string, schemes: readonly string[]) => {
  try {
    return schemes.includes(new URL(value).protocol.slice(0, -1));
  } catch {
    return false;
  }
};

/** A PostgreSQL connection URL: a typo here would otherwise surface as a connection error at start-up. */
export const postgresUrlSchema = z
  .string()
  .min(1)
  .refine((value) => hasScheme(value, ['postgres', 'postgresql']), 'must be a postgres:// or postgresql:// URL');

const NATS_SCHEMES = ['nats', 'tls', 'ws', 'wss'];
const carriesCredentials = (server: string) => {
  try {
    const url = new URL(server.includes('://') ? server : `nats://${server}`);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
};

/**
 * NATS servers, comma-separated (`nats://nats:4222`, `tls://…`, or `host:port`). Credentials in the URL are
 * refused: the NATS client drops them silently and the connection would fail as unauthorised.
 */
export const natsUrlSchema = z
  .string()
  .min(1)
  .refine(
    (value) => value.split(',').every((server) => !server.includes('://') || hasScheme(server.trim(), NATS_SCHEMES)),
    'must be nats://, tls://, ws:// or wss:// URLs (or host:port), comma-separated',
  )
  .refine(
    (value) => !value.split(',').some((server) => carriesCredentials(server.trim())),
    'must not carry credentials: set NATS_USER and NATS_PASSWORD',
  );

/** The NATS user of this process (a per-service user in compose and Kubernetes); none on a server without auth. */
export const natsCredentialsShape = {
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
};

/** For a schema's superRefine: a password without a user (or the reverse) is a mistake, not "no auth". */
export function checkNatsCredentials(
  env: { NATS_USER?: string | undefined; NATS_PASSWORD?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (env.NATS_PASSWORD !== undefined && env.NATS_USER === undefined) {
    context.addIssue({ code: 'custom', path: ['NATS_USER'], message: 'is required with NATS_PASSWORD' });
  }
  if (env.NATS_USER !== undefined && env.NATS_PASSWORD === undefined) {
    context.addIssue({ code: 'custom', path: ['NATS_PASSWORD'], message: 'is required with NATS_USER' });
  }
}

/**
 * The event store of docs/architecture.md §4: the service database's `events` table by default, or an EventStoreDB /
 * KurrentDB cluster, which needs its connection string (`esdb://host:2113?tls=false`, `esdb+discover://…`).
 */
export const eventStoreShape = {
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_URL: z
    .string()
    .min(1)
    // Not through URL: a cluster's connection string lists its nodes, `esdb://node-0:2113,node-1:2113?tls=true`.
    .regex(/^esdb(\+discover)?:\/\/[^/?#]+/, 'must be an esdb:// or esdb+discover:// URL')
    .optional(),
};

/** For a schema's superRefine: EventStoreDB without its URL would only fail at the first append. */
export function checkEventStore(
  env: { EVENT_STORE?: string | undefined; EVENTSTORE_URL?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (env.EVENT_STORE === 'eventstoredb' && env.EVENTSTORE_URL === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['EVENTSTORE_URL'],
      message: 'is required with EVENT_STORE=eventstoredb',
    });
  }
}

export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/**
 * Read by the OpenTelemetry SDK itself (libs/telemetry); parsed here so that a malformed one stops the start.
 * Empty means off, as for the SDK (compose passes `${OTEL_EXPORTER_OTLP_ENDPOINT:-}`).
 */
export const otelEndpointSchema = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional();

/** What `connect()` of the nats package takes from the configuration. */
export function natsConnectionOptions(settings: {
  url: string;
  user?: string | undefined;
  password?: string | undefined;
}): {
  servers: string[];
  user?: string;
  pass?: string;
} {
  const servers = settings.url.split(',').map((server) => server.trim());
  if (settings.user === undefined || settings.password === undefined) return { servers };
  return { servers, user: settings.user, pass: settings.password };
}
