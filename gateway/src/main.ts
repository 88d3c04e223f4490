/** Composition root: the environment, telemetry, the gateway, listen. */
import { SERVICES } from '@labline/contracts';
import { createLogger, startTelemetry } from '@labline/telemetry';

// before the HTTP stack is loaded, so its instrumentations can hook into it
startTelemetry('gateway');

const { loadConfig, runService } = await import('@labline/service-kit');
const { envSchema, gatewayConfigFromEnv, URL_VARIABLES } = await import('./config');
const { buildGateway } = await import('./app');

const env = loadConfig(envSchema);
const config = gatewayConfigFromEnv(env);
const logger = createLogger('gateway');

const missing = SERVICES.filter((service) => !config.upstreams[service]);
if (missing.length > 0) {
  logger.warn(
    { services: missing, variables: missing.map((service) => URL_VARIABLES[service]) },
    'services without a URL answer 503 for their routes',
  );
}

await runService(buildGateway(config, { logger }), { port: env.PORT, host: env.HOST });
