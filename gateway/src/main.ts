/** Composition root: the environment, telemetry, the gateway, listen. */
import { DEPLOYED_SERVICES } from '@labline/contracts';
import type { DeactivatedUsers } from './deactivations';
import { createLogger, startTelemetry, stopTelemetry } from '@labline/telemetry';
import type { NatsConnection } from 'nats';

// before the HTTP stack is loaded, so its instrumentations can hook into it
startTelemetry('gateway');

const { loadConfig, natsConnectionOptions, runService } = await import('@labline/service-kit');
const { watchDeactivatedUsers } = await import('./deactivations');
const { connect } = await import('nats');
const { envSchema, gatewayConfigFromEnv, URL_VARIABLES } = await import('./config');
const { buildGateway } = await import('./app');

const env = loadConfig(envSchema);
const config = gatewayConfigFromEnv(env);
const logger = createLogger('gateway', env.LOG_LEVEL);

// The services that exist (the one list in contracts) need their URL; the planned ones answer 503 until then.
const missing = DEPLOYED_SERVICES.filter((service) => !config.upstreams[service]);
if (missing.length > 0) {
  logger.warn(
    { services: missing, variables: missing.map((service) => URL_VARIABLES[service]) },
    'services without a URL answer 503 for their routes',
  );
}

// Tokens of deactivated users are refused from the next request on: the watch replays identity's user events
// before the gateway listens, then follows them.
let deactivatedUsers: DeactivatedUsers | undefined;
let nats: NatsConnection | undefined;
if (config.natsUrl) {
  nats = await connect({
    ...natsConnectionOptions({ url: config.natsUrl, user: env.NATS_USER, password: env.NATS_PASSWORD }),
    name: 'gateway',
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
  });
  deactivatedUsers = await watchDeactivatedUsers({ nc: nats, logger });
  await deactivatedUsers.caughtUp;
} else {
  logger.warn('NATS_URL is not set: tokens of deactivated users pass the gateway until they expire');
}

await runService(buildGateway(config, { logger, ...(deactivatedUsers ? { deactivatedUsers } : {}) }), {
  port: env.PORT,
  host: env.HOST,
  // telemetry last: the buffered spans are exported before the process exits
  onShutdown: [async () => deactivatedUsers?.stop(), async () => nats?.drain(), () => stopTelemetry()],
});
